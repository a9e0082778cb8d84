// Draft 4, 6, 7 and 2019-09 as lite reads them: the keywords each defines (anything else is an
// unknown keyword there, e.g. `const` in draft 4, `if` in draft 6) and how each reads in draft 2020-12.
import { legacyIdentifiers, type DialectRules, type SchemaIdentifiers } from "../dialect-rules.js";
import { KEYWORDS_BY_FAMILY, keywordTable, type KeywordsByFamily } from "../schema-keywords.js";
import { normalizeLegacy, type LegacySemantics } from "./normalize-legacy.js";
import { LEGACY_SHAPES } from "./legacy-shapes.js";
import { DRAFT2019_VIEW_KEYWORDS, LEGACY_VIEW_KEYWORDS } from "./view-keywords.js";

const F = KEYWORDS_BY_FAMILY;
const { type, enum: enumKeyword, const: constKeyword } = F.value;
const { if: ifKeyword, then, else: elseKeyword, ...combinators } = F.applicator;
const { minContains, maxContains, contains, prefixItems: _prefixItems, items: _items, ...arrayCounts } = F.array;
const { dependentRequired, dependentSchemas, propertyNames, ...objectCounts } = F.object;
// `$comment` is accepted in every draft: tools (and the suite) write it in draft 4 and 6 schemas too.
const { readOnly, writeOnly, deprecated, contentMediaType, contentEncoding, contentSchema, examples, ...draft4Annotations } = F.annotation;

const DRAFT6_BY_FAMILY: KeywordsByFamily = {
  ...F,
  value: { type, enum: enumKeyword, const: constKeyword },
  object: { ...objectCounts, propertyNames, dependencies: "dependencyMap" },
  array: { ...arrayCounts, contains, items: "schemaOrSchemas", additionalItems: "schema" },
  unevaluated: {},
  applicator: combinators,
  reference: { $ref: "string" },
  container: { definitions: "schemaMap" },
  identifier: { $schema: "string", $id: "string" },
  annotation: { ...draft4Annotations, examples },
};

const DRAFT4_BY_FAMILY: KeywordsByFamily = {
  ...DRAFT6_BY_FAMILY,
  value: { type, enum: enumKeyword },
  object: { ...objectCounts, dependencies: "dependencyMap" },
  array: { ...arrayCounts, items: "schemaOrSchemas", additionalItems: "schema" },
  number: { ...F.number, exclusiveMinimum: "boolean", exclusiveMaximum: "boolean" },
  identifier: { $schema: "string", id: "string" },
  annotation: draft4Annotations,
};

const DRAFT7_BY_FAMILY: KeywordsByFamily = {
  ...DRAFT6_BY_FAMILY,
  applicator: { ...combinators, if: ifKeyword, then, else: elseKeyword },
  annotation: { ...draft4Annotations, examples, readOnly, writeOnly, contentMediaType, contentEncoding },
};

const DRAFT2019_BY_FAMILY: KeywordsByFamily = {
  ...F,
  array: { ...arrayCounts, contains, minContains, maxContains, items: "schemaOrSchemas", additionalItems: "schema" },
  reference: { $ref: "string", $recursiveRef: "string" },
  identifier: { $schema: "string", $id: "string", $anchor: "string", $recursiveAnchor: "boolean", $vocabulary: "any" },
  annotation: { ...draft4Annotations, examples, readOnly, writeOnly, deprecated, contentMediaType, contentEncoding, contentSchema },
};

const DRAFT4_KEYWORDS = keywordTable(DRAFT4_BY_FAMILY, LEGACY_SHAPES);
const DRAFT6_KEYWORDS = keywordTable(DRAFT6_BY_FAMILY, LEGACY_SHAPES);
const DRAFT7_KEYWORDS = keywordTable(DRAFT7_BY_FAMILY, LEGACY_SHAPES);
const DRAFT2019_KEYWORDS = keywordTable(DRAFT2019_BY_FAMILY, LEGACY_SHAPES);

const DRAFT4_7 = { viewKeywords: LEGACY_VIEW_KEYWORDS, refIgnoresSiblings: true, tupleItems: true, dependencies: true, nullable: false } as const;
const DRAFT4: LegacySemantics = { ...DRAFT4_7, defines: DRAFT4_KEYWORDS, booleanBounds: true };
const DRAFT6: LegacySemantics = { ...DRAFT4_7, defines: DRAFT6_KEYWORDS, booleanBounds: false };
const DRAFT7: LegacySemantics = { ...DRAFT4_7, defines: DRAFT7_KEYWORDS, booleanBounds: false };
const DRAFT2019: LegacySemantics = {
  defines: DRAFT2019_KEYWORDS, viewKeywords: DRAFT2019_VIEW_KEYWORDS, refIgnoresSiblings: false, booleanBounds: false, tupleItems: true, dependencies: false, nullable: false,
};

const identify$id = (schema: Readonly<Record<string, unknown>>) => legacyIdentifiers(schema, "$id");

export const DRAFT4_RULES: DialectRules = {
  dialect: "draft4",
  keywords: DRAFT4_KEYWORDS,
  viewKeywords: LEGACY_VIEW_KEYWORDS,
  normalize: (schema) => normalizeLegacy(schema, DRAFT4),
  identify: (schema) => legacyIdentifiers(schema, "id"),
};

export const DRAFT6_RULES: DialectRules = {
  dialect: "draft6",
  keywords: DRAFT6_KEYWORDS,
  viewKeywords: LEGACY_VIEW_KEYWORDS,
  normalize: (schema) => normalizeLegacy(schema, DRAFT6),
  identify: identify$id,
};

export const DRAFT7_RULES: DialectRules = { ...DRAFT6_RULES, dialect: "draft7", keywords: DRAFT7_KEYWORDS, normalize: (schema) => normalizeLegacy(schema, DRAFT7) };

function identify2019(schema: Readonly<Record<string, unknown>>): SchemaIdentifiers {
  const { $id, $anchor, $recursiveAnchor } = schema;
  if ($id === undefined && $anchor === undefined && $recursiveAnchor === undefined) return {};
  return {
    id: typeof $id === "string" ? $id.replace(/#$/, "") : undefined,
    anchor: typeof $anchor === "string" ? $anchor : undefined,
    recursiveAnchor: $recursiveAnchor === true,
  };
}

export const DRAFT2019_RULES: DialectRules = {
  dialect: "draft2019-09",
  keywords: DRAFT2019_KEYWORDS,
  viewKeywords: DRAFT2019_VIEW_KEYWORDS,
  normalize: (schema) => normalizeLegacy(schema, DRAFT2019),
  identify: identify2019,
};
