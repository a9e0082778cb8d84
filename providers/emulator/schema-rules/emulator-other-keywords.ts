// `keyword:other` as the emulated provider sees it: the keywords at one place that neither the taxonomy
// nor the request's schema dialect names. Gemini's OpenAPI dialect has fields of its own (`nullable`,
// `propertyOrdering`, `example`) that its parser takes; only what lies outside both is foreign.
import { otherKeywordsOf } from "../../../src/schema/detect-features.js";
import { resolvePointer } from "../../../src/schema/json-pointer.js";
import type { FeatureUse, JsonSchema } from "../../../src/schema/types.js";

export const NO_DIALECT_KEYWORDS: ReadonlySet<string> = new Set();

/** The keywords at a schema place that nothing the provider knows names, in key order. */
export function foreignKeywordsOf(node: unknown, dialect: ReadonlySet<string>): string[] {
  return otherKeywordsOf(node).filter((keyword) => !dialect.has(keyword));
}

/** The uses without the `keyword:other` ones whose other keywords all belong to the dialect. */
export function withoutDialectKeywords(uses: readonly FeatureUse[], schema: JsonSchema, dialect: ReadonlySet<string>): FeatureUse[] {
  if (dialect.size === 0) return [...uses];
  return uses.filter((use) => use.feature !== "keyword:other" || foreignKeywordsOf(use.path === "" ? schema : resolvePointer(schema, use.path), dialect).length > 0);
}
