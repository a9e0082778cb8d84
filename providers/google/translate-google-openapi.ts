// Declared schema → Gemini `responseSchema` / function `parameters` (OpenAPI 3.0 subset, proto Schema;
// providers.md §3.2, §3.6, §5.1): $refs inlined (a recursive one is refused), types and enums rewritten
// for the dialect, then every keyword the proto does not know is stripped and recorded, or reported
// with the API's "Unknown name" error. A function without parameters is sent without `parameters`.
import { otherKeywordsOf } from "../../src/schema/detect-features.js";
import { isSchemaObject, listSubschemas } from "../../src/schema/walk-schema.js";
import type { DeclaredSchema } from "../../src/schema/types.js";
import type { ModeProfile } from "../profiles/profile-types.js";
import { buildRequestFragment } from "../translation/build-request-fragment.js";
import { checkKeywordCombinations } from "../translation/check-keyword-combinations.js";
import { checkSchemaShapes } from "../translation/check-schema-shapes.js";
import { dropUnusedDefinitions, inlineRefs } from "../translation/inline-refs.js";
import { renderProviderError } from "../translation/render-provider-error.js";
import { isInertKeyword, rewriteRefusedKeywords, stripUnsupportedFeatures } from "../translation/strip-unsupported-features.js";
import { TranslationDraft } from "../translation/translation-draft.js";
import { DEFAULT_TRANSLATE_OPTIONS, type TranslateOptions, type Translation } from "../translation/translation-types.js";
import { rewriteTypesForOpenAPI } from "./rewrite-types-for-openapi.js";

/** providers.md §3.2, verbatim with its variable parts. */
const UNKNOWN_NAME = `Invalid JSON payload received. Unknown name "<kw>" at '<path>': Cannot find field.`;

/** Fields of the proto Schema (content.proto @c76b7407) and of the SDK's Schema type. */
const SCHEMA_FIELDS = new Set([
  "type", "format", "title", "description", "nullable", "enum", "items", "maxItems", "minItems", "properties", "required",
  "minimum", "maximum", "anyOf", "propertyOrdering", "default", "minLength", "maxLength", "pattern", "minProperties", "maxProperties", "example",
]);


export function translateForGoogleOpenAPI(declared: DeclaredSchema, mode: ModeProfile, options: TranslateOptions = DEFAULT_TRANSLATE_OPTIONS): Translation {
  const draft = new TranslationDraft(declared, mode, options);
  if (draft.strips) {
    // Types first, so inlined copies arrive rewritten; a recursive ref stays and the profile refuses it below.
    rewriteTypesForOpenAPI(draft);
    rewriteRefusedKeywords(draft);
    const { refsLeft } = inlineRefs(draft, () => true);
    dropUnusedDefinitions(draft, refsLeft);
    if (omitsParameters(draft)) return draft.finish(null, () => buildRequestFragment(mode.request, declared, null));
  }
  checkSchemaShapes(draft, { emptyObjects: "refuse" });
  checkKeywordCombinations(draft);
  leaveOtherKeywordsToFieldList(draft);
  stripUnsupportedFeatures(draft);
  stripUnknownFields(draft);
  return draft.finish(draft.schema, () => buildRequestFragment(mode.request, declared, draft.schema));
}

/** A zero-argument function: Gemini refuses an OBJECT without properties; the fix is to send no parameters. */
function omitsParameters(draft: TranslationDraft): boolean {
  const root = draft.schema;
  if (draft.mode.role !== "tool-input" || !draft.mode.rules.objectsNeedProperties || !isSchemaObject(root)) return false;
  const properties = isSchemaObject(root.properties) ? Object.keys(root.properties) : [];
  if (root.type !== "object" || properties.length > 0 || root.additionalProperties === true || isSchemaObject(root.additionalProperties)) return false;
  if (root.additionalProperties === undefined && !("properties" in root)) return false; // a free-form object, not a zero-argument one
  draft.change({ path: "", keyword: "parameters", kind: "removed", reason: "a function without parameters: Gemini refuses an OBJECT without properties, so parameters is left out (langchain-google PR #416)", lossy: false, feature: "properties" });
  return true;
}

/**
 * Keywords outside the taxonomy are Gemini's to judge by its field list, not the `keyword:other` cell:
 * `nullable`, `propertyOrdering` and `example` are fields of its Schema, the rest unknown names
 * (stripUnknownFields). Keywords the taxonomy covers are left to the profile's cells.
 */
function leaveOtherKeywordsToFieldList(draft: TranslationDraft): void {
  for (const { schema: node, path } of listSubschemas(draft.schema)) {
    if (otherKeywordsOf(node).length > 0) draft.dialectUses.push({ feature: "keyword:other", path });
  }
}

function stripUnknownFields(draft: TranslationDraft): void {
  for (const { schema: node, path } of listSubschemas(draft.schema)) {
    if (!isSchemaObject(node)) continue;
    for (const keyword of otherKeywordsOf(node)) {
      if (SCHEMA_FIELDS.has(keyword)) continue;
      if (!draft.strips) {
        draft.reject("keyword:other", path, renderProviderError(UNKNOWN_NAME, { kw: keyword, path }));
        continue;
      }
      delete node[keyword];
      const lossy = !isInertKeyword(keyword);
      draft.change({ path, keyword, kind: "removed", reason: `not a field of Gemini's Schema (proto parsing refuses unknown names)${lossy ? "; answers are no longer held to it" : ""}`, lossy, feature: "keyword:other" });
    }
  }
}
