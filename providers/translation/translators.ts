// The translation for each mode, named by the mode's `translator` in its profile, so a measured matrix
// (same shape) is translated the same way as the documented profile it replaces.
import type { DeclaredSchema } from "../../src/schema/types.js";
import { translateForAnthropicStrict } from "../anthropic/translate-anthropic-strict.js";
import { translateForGoogleOpenAPI } from "../google/translate-google-openapi.js";
import { translateForOpenAIStrict } from "../openai/translate-openai-strict.js";
import type { ModeProfile, TranslatorId } from "../profiles/profile-types.js";
import { readForTranslation } from "./dialect-changes.js";
import { translateJsonSchemaSubset } from "./translate-json-schema-subset.js";
import { DEFAULT_TRANSLATE_OPTIONS, type TranslateOptions, type Translation, type Translator } from "./translation-types.js";

export const TRANSLATORS: Readonly<Record<TranslatorId, Translator>> = {
  "openai-strict": translateForOpenAIStrict,
  "anthropic-strict": translateForAnthropicStrict,
  "google-openapi": translateForGoogleOpenAPI,
  "json-schema-subset": translateJsonSchemaSubset,
};

/**
 * Declared schema → the mode's native schema and request fragment. Never mutates its input; deterministic.
 * A schema of another dialect is translated from its draft 2020-12 reading, whose changes come first.
 */
export function translateForMode(declared: DeclaredSchema, mode: ModeProfile, options: TranslateOptions = DEFAULT_TRANSLATE_OPTIONS): Translation {
  const reading = readForTranslation(declared, mode.translator);
  const translation = TRANSLATORS[mode.translator](reading.declared, mode, options);
  return reading.changes.length === 0 ? translation : { ...translation, changes: [...reading.changes, ...translation.changes] };
}
