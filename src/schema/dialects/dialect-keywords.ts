// Which keywords each dialect defines, for reading an older dialect as draft 2020-12: a keyword that
// 2020-12 reads as a rule but the source dialect never defined is an unknown word there (an
// annotation), so the translation drops it instead of letting it turn into a rule.
import type { Dialect } from "../../lite/dialect.js";

// Only keywords that constrain or identify: annotations a later draft added (`examples`, `$comment`,
// `deprecated`...) and containers (`$defs`, `definitions`, which plain pointers reach in any draft) are harmless.
const ADDED_IN_DRAFT6 = ["const", "contains", "propertyNames", "$id"];
const ADDED_IN_DRAFT7 = ["if", "then", "else"];
const ADDED_IN_2019 = ["dependentRequired", "dependentSchemas", "unevaluatedItems", "unevaluatedProperties", "minContains", "maxContains", "$anchor", "$recursiveRef", "$recursiveAnchor"];
const ADDED_IN_2020 = ["prefixItems", "$dynamicRef", "$dynamicAnchor"];
// OpenAPI 3.0's Schema Object takes a subset of draft "wright-00" (between draft-04 and -06), without these.
const NOT_IN_OPENAPI_30 = ["patternProperties", "dependencies", "additionalItems", "id"];

/** Keywords of later drafts that `dialect` does not define (a 2020-12 reader must not apply them). */
export const UNDEFINED_IN: Readonly<Record<Dialect, ReadonlySet<string>>> = {
  draft4: new Set([...ADDED_IN_DRAFT6, ...ADDED_IN_DRAFT7, ...ADDED_IN_2019, ...ADDED_IN_2020]),
  draft6: new Set([...ADDED_IN_DRAFT7, ...ADDED_IN_2019, ...ADDED_IN_2020]),
  draft7: new Set([...ADDED_IN_2019, ...ADDED_IN_2020]),
  // 2019-09 split `dependencies` into dependentRequired and dependentSchemas; the word itself is gone.
  "draft2019-09": new Set([...ADDED_IN_2020, "dependencies"]),
  "draft2020-12": new Set(),
  "openapi-3.0": new Set([...ADDED_IN_DRAFT6, ...ADDED_IN_DRAFT7, ...ADDED_IN_2019, ...ADDED_IN_2020, ...NOT_IN_OPENAPI_30]),
};

/** Keywords that hold no rule: they may stay beside a `$ref` whose other siblings an older dialect ignores. */
export const KEPT_BESIDE_REF = new Set(["definitions", "$defs", "title", "description", "$comment", "examples", "default"]);

/** Whether `$ref` replaces its siblings (drafts up to 7, OpenAPI 3.0) or is applied beside them (2019-09 on). */
export function refIgnoresSiblings(dialect: Dialect): boolean {
  return dialect === "draft4" || dialect === "draft6" || dialect === "draft7" || dialect === "openapi-3.0";
}

/** Whether `items` may be an array (tuple) with `additionalItems` for the rest. */
export function hasTupleItems(dialect: Dialect): boolean {
  return dialect !== "draft2020-12";
}

/** Whether `exclusiveMinimum`/`exclusiveMaximum` are booleans that modify `minimum`/`maximum`. */
export function hasBooleanExclusiveBounds(dialect: Dialect): boolean {
  return dialect === "draft4" || dialect === "openapi-3.0";
}

/** The keyword that names a resource: `id` in draft-04, `$id` after it (OpenAPI 3.0 has none). */
export function idKeyword(dialect: Dialect): "id" | "$id" | undefined {
  if (dialect === "openapi-3.0") return undefined;
  return dialect === "draft4" ? "id" : "$id";
}

const DRAFT4 = [
  "$schema", "id", "$ref", "title", "description", "default", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
  "maxLength", "minLength", "pattern", "additionalItems", "items", "maxItems", "minItems", "uniqueItems", "maxProperties", "minProperties",
  "required", "additionalProperties", "definitions", "properties", "patternProperties", "dependencies", "enum", "type", "format",
  "allOf", "anyOf", "oneOf", "not",
];
const DRAFT6 = [...DRAFT4.filter((k) => k !== "id"), "$id", "const", "contains", "propertyNames", "examples"];
const DRAFT7 = [...DRAFT6, "if", "then", "else", "$comment", "readOnly", "writeOnly", "contentMediaType", "contentEncoding"];
const DRAFT2019 = [
  ...DRAFT7.filter((k) => k !== "dependencies"),
  "$anchor", "$defs", "$recursiveRef", "$recursiveAnchor", "$vocabulary", "dependentRequired", "dependentSchemas",
  "unevaluatedItems", "unevaluatedProperties", "minContains", "maxContains", "deprecated", "contentSchema",
];
const DRAFT2020 = [...DRAFT2019.filter((k) => k !== "$recursiveRef" && k !== "$recursiveAnchor" && k !== "additionalItems"), "prefixItems", "$dynamicRef", "$dynamicAnchor"];
const OPENAPI_30 = [
  "$ref", "title", "description", "default", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength",
  "pattern", "maxItems", "minItems", "uniqueItems", "maxProperties", "minProperties", "required", "enum", "type", "allOf", "oneOf", "anyOf", "not",
  "items", "properties", "additionalProperties", "format", "nullable", "discriminator", "readOnly", "writeOnly", "xml", "externalDocs",
  "example", "deprecated",
  // Gemini's own field of its OpenAPI Schema.
  "propertyOrdering",
  // Containers for local $refs, as tools made from an OpenAPI description carry its components.
  "definitions", "$defs",
];

// Words producers write in every dialect, read as annotations (lite checks a discriminator's mapping
// against its oneOf/anyOf): OpenAPI's and Pydantic's `discriminator: {propertyName, mapping}`.
export const PRODUCER_ANNOTATIONS = ["discriminator"] as const;

// `definitions` is a container every tool writes whatever its draft, and reached by plain pointers in any.
const KEYWORDS: Readonly<Record<Dialect, ReadonlySet<string>>> = {
  draft4: new Set([...DRAFT4, ...PRODUCER_ANNOTATIONS]),
  draft6: new Set([...DRAFT6, ...PRODUCER_ANNOTATIONS]),
  draft7: new Set([...DRAFT7, ...PRODUCER_ANNOTATIONS]),
  "draft2019-09": new Set([...DRAFT2019, "definitions", ...PRODUCER_ANNOTATIONS]),
  "draft2020-12": new Set([...DRAFT2020, "definitions", ...PRODUCER_ANNOTATIONS]),
  "openapi-3.0": new Set(OPENAPI_30),
};

/** Whether `keyword` is a word of `dialect` (vendor `x-` extensions are never unknown). */
export function isKeywordOf(dialect: Dialect, keyword: string): boolean {
  return KEYWORDS[dialect].has(keyword) || keyword.startsWith("x-");
}
