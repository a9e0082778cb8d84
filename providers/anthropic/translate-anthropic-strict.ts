// Declared schema → Anthropic strict tool input_schema / output_config.format schema (providers.md
// §2.2, §2.5): objects closed (as the SDKs do), value-level limits (minItems 0/1, primitive enums,
// no $ref inside allOf), then the profile's rejected features (numeric and string constraints,
// maxItems, recursion...) stripped and recorded or reported with the API's own text.
import { isSchemaObject, listSubschemas } from "../../src/schema/walk-schema.js";
import type { DeclaredSchema } from "../../src/schema/types.js";
import type { ModeProfile } from "../profiles/profile-types.js";
import { buildRequestFragment } from "../translation/build-request-fragment.js";
import { checkSchemaShapes } from "../translation/check-schema-shapes.js";
import { closeObjects } from "../translation/close-objects.js";
import { inlineRefs } from "../translation/inline-refs.js";
import { reasonWithoutProviderText } from "../translation/render-provider-error.js";
import { rewriteRefusedKeywords, stripUnsupportedFeatures } from "../translation/strip-unsupported-features.js";
import { TranslationDraft } from "../translation/translation-draft.js";
import { DEFAULT_TRANSLATE_OPTIONS, type TranslateOptions, type Translation } from "../translation/translation-types.js";

export function translateForAnthropicStrict(declared: DeclaredSchema, mode: ModeProfile, options: TranslateOptions = DEFAULT_TRANSLATE_OPTIONS): Translation {
  const draft = new TranslationDraft(declared, mode, options);
  if (draft.strips) rewriteRefusedKeywords(draft);
  checkSchemaShapes(draft);
  closeObjects(draft);
  limitMinItems(draft);
  limitEnumsToPrimitives(draft);
  inlineRefsInsideAllOf(draft);
  stripUnsupportedFeatures(draft);
  return draft.finish(draft.schema, () => buildRequestFragment(mode.request, declared, draft.schema));
}

/** "array `minItems` only values 0 and 1 supported". */
function limitMinItems(draft: TranslationDraft): void {
  for (const { schema: node, path } of listSubschemas(draft.schema)) {
    if (!isSchemaObject(node) || typeof node.minItems !== "number" || node.minItems <= 1) continue;
    if (!draft.strips) {
      // The mode's own text for the rule when on record (observed), else the cell's.
      const error = draft.mode.rules.maxMinItems === undefined ? draft.featureError("minItems", path) : draft.ruleError("maxMinItems", path, "minItems values other than 0 or 1 are not supported", { value: node.minItems });
      draft.reject("minItems", path, error);
      continue;
    }
    delete node.minItems;
    draft.change({ path, keyword: "minItems", kind: "removed", reason: "only minItems 0 and 1 are supported; answers are no longer held to the declared minimum", lossy: true, feature: "minItems" });
  }
}

/** "enum (strings, numbers, bools, nulls only)": complex types within enums are not supported. */
function limitEnumsToPrimitives(draft: TranslationDraft): void {
  for (const { schema: node, path } of listSubschemas(draft.schema)) {
    if (!isSchemaObject(node) || !Array.isArray(node.enum) || !node.enum.some((value) => value !== null && typeof value === "object")) continue;
    if (!draft.strips) {
      draft.reject("enum", path, reasonWithoutProviderText("complex types within enums are not supported (documented)"));
      continue;
    }
    delete node.enum;
    draft.change({ path, keyword: "enum", kind: "removed", reason: "objects and arrays inside enum are not supported; answers are no longer held to the listed values", lossy: true, feature: "enum" });
  }
}

/** "`allOf` with `$ref` not supported": inline such refs. */
function inlineRefsInsideAllOf(draft: TranslationDraft): void {
  const insideAllOf = (path: string): boolean => /\/allOf\/\d+$/.test(path);
  if (!draft.strips) {
    for (const { schema: node, path } of listSubschemas(draft.schema)) {
      if (insideAllOf(path) && isSchemaObject(node) && typeof node.$ref === "string") {
        draft.reject("allOf", path, reasonWithoutProviderText("allOf with $ref is not supported (documented)"));
      }
    }
    return;
  }
  // A recursive ref stays: the profile refuses recursion (stripUnsupportedFeatures reports it).
  inlineRefs(draft, (refPath) => insideAllOf(refPath));
}
