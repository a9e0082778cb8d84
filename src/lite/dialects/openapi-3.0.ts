// OpenAPI 3.0's Schema Object: a draft 4 subset (boolean exclusive bounds, `items` a single schema,
// no patternProperties, const, if or ids) plus `nullable`, and annotations of its own
// (`example`, `discriminator`, `xml`, `externalDocs`). `$ref` hides its siblings.
import type { DialectRules } from "../dialect-rules.js";
import { KEYWORDS_BY_FAMILY, keywordTable } from "../schema-keywords.js";
import { normalizeLegacy, type LegacySemantics } from "./normalize-legacy.js";
import { LEGACY_SHAPES } from "./legacy-shapes.js";
import { LEGACY_VIEW_KEYWORDS } from "./view-keywords.js";

const F = KEYWORDS_BY_FAMILY;
const { title, description, default: defaultKeyword, readOnly, writeOnly, deprecated } = F.annotation;

const OPENAPI_KEYWORDS = keywordTable({
  ...F,
  value: { type: "anyCaseType", enum: F.value.enum, nullable: "boolean" },
  properties: { properties: "schemaMap", required: "names", additionalProperties: "schema" },
  object: { minProperties: "count", maxProperties: "count" },
  array: { items: "schema", minItems: "count", maxItems: "count", uniqueItems: "boolean" },
  unevaluated: {},
  number: { ...F.number, exclusiveMinimum: "boolean", exclusiveMaximum: "boolean" },
  applicator: { allOf: "schemas", anyOf: "schemas", oneOf: "schemas", not: "schema" },
  reference: { $ref: "string" },
  // Not OpenAPI's, but where tools that lift a Schema Object out of its document put the components it refers to.
  container: { definitions: "schemaMap", $defs: "schemaMap" },
  identifier: {},
  annotation: { title, description, default: defaultKeyword, readOnly, writeOnly, deprecated, example: "any", discriminator: "discriminator", xml: "any", externalDocs: "any",
    // Gemini's own field of its Schema: the order properties are generated in, no assertion.
    propertyOrdering: "names" },
}, LEGACY_SHAPES);

const OPENAPI: LegacySemantics = {
  defines: OPENAPI_KEYWORDS,
  viewKeywords: LEGACY_VIEW_KEYWORDS, refIgnoresSiblings: true, booleanBounds: true, tupleItems: false, dependencies: false, nullable: true, anyCaseTypes: true,
};

export const OPENAPI_30_RULES: DialectRules = {
  dialect: "openapi-3.0",
  keywords: OPENAPI_KEYWORDS,
  viewKeywords: LEGACY_VIEW_KEYWORDS,
  normalize: (schema) => normalizeLegacy(schema, OPENAPI),
  identify: () => ({}),
};
