// The near-miss families: the defects real harness bugs come from, each with the schema keywords
// that make it possible (a cheap pre-check) and where it finds its defects in an instance.
import type { DefectFinder } from "./near-miss-defect.js";
import type { SchemaObject } from "./merge-schemas.js";
import { FORMAT_NEAR_MISSES } from "./format-near-misses.js";
import * as checked from "./checked-defects.js";
import * as built from "./composition-defects.js";
import * as structural from "./structural-defects.js";
import * as values from "./value-defects.js";
import { NEAR_MISS_FAMILY_INFO, type NearMissFamilyInfo } from "./near-miss-family-info.js";

export { NEAR_MISS_FAMILY_INFO, type NearMissFamilyInfo };

/** What a site's value must be for a family to look at it ("absent" for left-out properties). */
export type SiteKind = "string" | "number" | "object" | "array" | "boolean" | "null" | "absent";

interface NearMissFamily extends NearMissFamilyInfo {
  /** True when a schema object could give this family a site. */
  readonly usable: (schema: SchemaObject) => boolean;
  readonly kinds: ReadonlySet<SiteKind>;
  readonly find: DefectFinder;
}

const ALL_KINDS: readonly SiteKind[] = ["string", "number", "object", "array", "boolean", "null", "absent"];
const PRESENT_KINDS = ALL_KINDS.filter((kind) => kind !== "absent");

const has = (schema: SchemaObject, ...keywords: string[]) => keywords.some((keyword) => keyword in schema);
const typeIncludes = (schema: SchemaObject, type: string) => schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));
const isObjectSchema = (schema: SchemaObject) => typeIncludes(schema, "object") || has(schema, "properties", "required");

export function siteKind(present: boolean, value: unknown): SiteKind {
  if (!present) return "absent";
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value as SiteKind;
}

interface Implementation {
  readonly usable: NearMissFamily["usable"];
  readonly kinds: ReadonlySet<SiteKind>;
  readonly find: DefectFinder;
}

const implementation = (kinds: readonly SiteKind[], usable: NearMissFamily["usable"], find: DefectFinder): Implementation => ({ kinds: new Set(kinds), usable, find });

const IMPLEMENTATIONS: Readonly<Record<string, Implementation>> = {
  "type-flip": implementation(PRESENT_KINDS, (s) => has(s, "type", "enum", "const"), structural.typeFlipDefects),
  "number-as-text": implementation(["number"], (s) => typeIncludes(s, "number") || typeIncludes(s, "integer"), structural.numberAsTextDefects),
  "object-as-json-string": implementation(["object"], isObjectSchema, structural.objectAsJsonStringDefects),
  "null-injected": implementation(ALL_KINDS, (s) => has(s, "type", "enum", "const"), structural.nullInjectedDefects),
  "required-removed": implementation(["object"], (s) => Array.isArray(s.required) && s.required.length > 0, structural.requiredRemovedDefects),
  "extra-property": implementation(["object"], (s) => s.additionalProperties === false || (typeof s.additionalProperties === "object" && s.additionalProperties !== null), structural.extraPropertyDefects),
  "enum-whitespace": implementation(["string"], (s) => has(s, "enum", "const"), values.enumWhitespaceDefects),
  "enum-case": implementation(["string"], (s) => has(s, "enum", "const"), values.enumCaseDefects),
  "bound": implementation(["number"], (s) => has(s, "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"), values.boundDefects),
  "integer-fraction": implementation(["number"], (s) => typeIncludes(s, "integer"), values.integerFractionDefects),
  "multipleof-noise": implementation(["number"], (s) => has(s, "multipleOf"), values.multipleOfNoiseDefects),
  "length-edge": implementation(["string"], (s) => has(s, "minLength", "maxLength"), values.lengthEdgeDefects),
  "pattern-anchoring": implementation(["string"], (s) => has(s, "pattern"), values.patternAnchoringDefects),
  "format-near-miss": implementation(["string"], (s) => typeof s.format === "string" && s.format in FORMAT_NEAR_MISSES, values.formatNearMissDefects),
  "unique-duplicate": implementation(["array"], (s) => s.uniqueItems === true, structural.uniqueDuplicateDefects),
  "proto-key": implementation(["object"], isObjectSchema, structural.protoKeyDefects),
  "oneof-ambiguous": implementation(PRESENT_KINDS, (s) => Array.isArray(s.oneOf) && s.oneOf.length > 1, built.recipeFinder(built.oneOfAmbiguousRecipes)),
  "no-branch": implementation(PRESENT_KINDS, (s) => has(s, "anyOf", "oneOf"), built.recipeFinder(built.noBranchRecipes)),
  "not-hit": implementation(PRESENT_KINDS, (s) => has(s, "not"), built.recipeFinder(built.notHitRecipes)),
  "if-then-else": implementation(PRESENT_KINDS, (s) => has(s, "if"), built.recipeFinder(built.conditionalRecipes)),
  "dependency-missing": implementation(PRESENT_KINDS, (s) => has(s, "dependentRequired", "dependentSchemas"), built.recipeFinder(built.dependentRecipes)),
  "contains-count": implementation(PRESENT_KINDS, (s) => has(s, "contains"), built.recipeFinder(built.containsCountRecipes)),
  "property-name": implementation(["object"], (s) => has(s, "propertyNames"), checked.propertyNameDefects),
  "allof-part": implementation(PRESENT_KINDS, (s) => (Array.isArray(s.allOf) && s.allOf.length > 1) || typeof s.$ref === "string", built.recipeFinder(built.allOfPartRecipes)),
  "items-boundary": implementation(["array"], (s) => has(s, "prefixItems", "items", "minItems", "maxItems"), checked.itemsBoundaryDefects),
  "property-count": implementation(["object"], (s) => has(s, "minProperties", "maxProperties"), checked.propertyCountDefects),
  "const-neighbour": implementation(PRESENT_KINDS, (s) => has(s, "const", "enum"), checked.constNeighbourDefects),
  "unevaluated-branch": implementation(["object", "array"], (s) => has(s, "unevaluatedProperties", "unevaluatedItems"), checked.unevaluatedBranchDefects),
  "pattern-property": implementation(["object"], (s) => has(s, "patternProperties"), checked.patternPropertyDefects),
  "ref-depth": implementation(PRESENT_KINDS, (s) => typeof s.$ref === "string", checked.refDepthDefects),
};

/** Every family, in NEAR_MISS_FAMILY_INFO's order (the order picks index). */
export const FAMILIES: readonly NearMissFamily[] = NEAR_MISS_FAMILY_INFO.map((info) => {
  const found = IMPLEMENTATIONS[info.id];
  if (!found) throw new Error(`near-miss family ${info.id} has no implementation`);
  return { id: info.id, description: info.description, kinds: found.kinds, usable: found.usable, find: found.find, features: info.features };
});
