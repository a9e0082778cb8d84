// The keyword families a bundle can leave out: each is one module object that brings its
// compilers (and, for $ref, the registry of identified schemas and the dynamic scope). A schema
// that uses a family whose module was not given is refused by name (see compile-schema.ts), so
// compileWith never announces a rule it does not check. Always built in: type, enum, const,
// properties, required, additionalProperties, patternProperties, the string and number keywords,
// $defs, identifiers and annotations.
// The family bits are written as numbers (FAMILY in schema-keywords.ts): a property read at top
// level would keep every module in a bundle that imports one.
import { APPLICATOR_TEMPLATES, ARRAY_TEMPLATES, OBJECT_TEMPLATES, REF_TEMPLATES, UNEVALUATED_TEMPLATES } from "./error-messages.js";
import { compileApplicators } from "./keywords/applicators.js";
import { compileArrayKeywords, wrapUnevaluatedItems } from "./keywords/array.js";
import { compileObjectKeywords } from "./keywords/object.js";
import { wrapUnevaluatedProperties } from "./keywords/properties.js";
import { compileDynamicRef, compileRef } from "./keywords/refs.js";
import { createRefResolver } from "./ref-resolver.js";
import type { KeywordModule } from "./schema-cursor.js";

export type { KeywordModule } from "./schema-cursor.js";

/** items, prefixItems, minItems, maxItems, uniqueItems, contains, minContains, maxContains. */
export const arrayKeywords: KeywordModule = { name: "arrayKeywords", family: 8, compile: compileArrayKeywords, templates: ARRAY_TEMPLATES };

/** propertyNames, minProperties, maxProperties, dependentRequired, dependentSchemas. */
export const objectKeywords: KeywordModule = { name: "objectKeywords", family: 4, compile: compileObjectKeywords, templates: OBJECT_TEMPLATES };

/** allOf, anyOf, oneOf, not, if/then/else (and a `discriminator`'s mapping, checked against them). */
export const applicatorKeywords: KeywordModule = { name: "applicatorKeywords", family: 64, compile: compileApplicators, templates: APPLICATOR_TEMPLATES };

/** $ref and $dynamicRef, resolved through `$id`, `$anchor`, `$dynamicAnchor` and options.remotes. */
export const refKeywords: KeywordModule = {
  name: "refKeywords",
  family: 128,
  compile: (cursor) => [compileRef(cursor), compileDynamicRef(cursor)],
  refs: { resolver: createRefResolver },
  templates: REF_TEMPLATES,
};

/** unevaluatedProperties and unevaluatedItems, which see what every other keyword evaluated. */
export const unevaluatedKeywords: KeywordModule = {
  name: "unevaluatedKeywords",
  family: 1024,
  wrap: (cursor, check) => wrapUnevaluatedProperties(cursor, wrapUnevaluatedItems(cursor, check)),
  templates: UNEVALUATED_TEMPLATES,
};

/** Every module: what schemalab/lite's compile and schemalab/lite/core's compile build in. */
export const ALL_KEYWORD_MODULES: readonly KeywordModule[] = [arrayKeywords, objectKeywords, applicatorKeywords, refKeywords, unevaluatedKeywords];
