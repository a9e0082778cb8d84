// Declared schema → OpenAI Structured Outputs / strict function schema (providers.md §1.2-§1.7):
// $ref siblings inlined, shape rules checked, optional → required + nullable, every object closed,
// then whatever the mode's profile marks rejected is stripped (recorded, lossy) or reported verbatim,
// and what is left must have a type.
import type { DeclaredSchema } from "../../src/schema/types.js";
import type { ModeProfile } from "../profiles/profile-types.js";
import { buildRequestFragment } from "../translation/build-request-fragment.js";
import { checkEverySchemaHasType, checkSchemaShapes } from "../translation/check-schema-shapes.js";
import { closeObjects } from "../translation/close-objects.js";
import { rewriteRefusedKeywords, stripUnsupportedFeatures } from "../translation/strip-unsupported-features.js";
import { TranslationDraft } from "../translation/translation-draft.js";
import { DEFAULT_TRANSLATE_OPTIONS, type TranslateOptions, type Translation } from "../translation/translation-types.js";
import { makeOptionalNullable } from "./make-optional-nullable.js";
import { resolveRefSiblings } from "./resolve-ref-siblings.js";

export function translateForOpenAIStrict(declared: DeclaredSchema, mode: ModeProfile, options: TranslateOptions = DEFAULT_TRANSLATE_OPTIONS): Translation {
  const draft = new TranslationDraft(declared, mode, options);
  if (draft.strips) rewriteRefusedKeywords(draft);
  resolveRefSiblings(draft);
  checkSchemaShapes(draft, { emptyObjects: "add-properties" });
  makeOptionalNullable(draft);
  closeObjects(draft);
  stripUnsupportedFeatures(draft);
  checkEverySchemaHasType(draft);
  return draft.finish(draft.schema, () => buildRequestFragment(mode.request, declared, draft.schema));
}
