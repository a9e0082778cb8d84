// For modes that take JSON Schema as declared (Gemini responseJsonSchema, non-strict tools, local
// servers): the shape rules the mode has, then its profile's rejected features stripped or reported.
// What such a mode ignores is not changed here: `check` lists it from the same profile.
import type { DeclaredSchema } from "../../src/schema/types.js";
import type { ModeProfile } from "../profiles/profile-types.js";
import { DEFAULT_TRANSLATE_OPTIONS, type TranslateOptions, type Translation } from "./translation-types.js";
import { buildRequestFragment } from "./build-request-fragment.js";
import { checkKeywordCombinations } from "./check-keyword-combinations.js";
import { checkSchemaShapes } from "./check-schema-shapes.js";
import { stripUnsupportedFeatures } from "./strip-unsupported-features.js";
import { TranslationDraft } from "./translation-draft.js";

export function translateJsonSchemaSubset(declared: DeclaredSchema, mode: ModeProfile, options: TranslateOptions = DEFAULT_TRANSLATE_OPTIONS): Translation {
  const draft = new TranslationDraft(declared, mode, options);
  checkSchemaShapes(draft);
  checkKeywordCombinations(draft);
  stripUnsupportedFeatures(draft);
  return draft.finish(draft.current, () => buildRequestFragment(mode.request, declared, draft.current));
}
