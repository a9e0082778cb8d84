// The near-miss families: the defects real harness bugs come from, each with the schema keywords
// that make it possible (a cheap pre-check) and where it finds its defects in an instance.
import type { DefectFinder } from "./near-miss-defect.js";
import type { SchemaObject } from "./merge-schemas.js";
import { FORMAT_NEAR_MISSES } from "./format-near-misses.js";
import * as checked from "./checked-defects.js";
import * as built from "./composition-defects.js";
import * as structural from "./structural-defects.js";
import * as values from "./value-defects.js";

export interface NearMissFamilyInfo {
  readonly id: string;
  readonly description: string;
  /** Taxonomy ids whose checks this family's defects test. */
  readonly features: readonly string[];
}

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

const family = (id: string, description: string, kinds: readonly SiteKind[], usable: NearMissFamily["usable"], find: DefectFinder, features: readonly string[]): NearMissFamily => ({ id, description, kinds: new Set(kinds), usable, find, features });
const TYPES = ["type:string", "type:number", "type:integer", "type:boolean", "type:object", "type:array", "type:null", "type:union"];
const FORMATS = Object.keys(FORMAT_NEAR_MISSES).map((format) => `format:${format}`);

export const FAMILIES: readonly NearMissFamily[] = [
  family("type-flip", "a value replaced by one of a JSON type the schema does not allow", PRESENT_KINDS, (s) => has(s, "type", "enum", "const"), structural.typeFlipDefects, [...TYPES, "enum", "const"]),
  family("number-as-text", 'a number sent as text: "75,5", "75.5", "1e3"', ["number"], (s) => typeIncludes(s, "number") || typeIncludes(s, "integer"), structural.numberAsTextDefects, ["type:number", "type:integer"]),
  family("object-as-json-string", "an object sent as its JSON string", ["object"], isObjectSchema, structural.objectAsJsonStringDefects, ["type:object"]),
  family("null-injected", "null in a required or optional field (at any depth) whose schema excludes it", ALL_KINDS, (s) => has(s, "type", "enum", "const"), structural.nullInjectedDefects, ["type:null", "optional", "properties"]),
  family("required-removed", "a required property left out", ["object"], (s) => Array.isArray(s.required) && s.required.length > 0, structural.requiredRemovedDefects, ["required"]),
  family("extra-property", "an undeclared property where additionalProperties is false or a schema", ["object"], (s) => s.additionalProperties === false || (typeof s.additionalProperties === "object" && s.additionalProperties !== null), structural.extraPropertyDefects, ["additionalProperties:false", "additionalProperties:schema", "properties"]),
  family("enum-whitespace", 'an enum value with whitespace around it (" desayuno ")', ["string"], (s) => has(s, "enum", "const"), values.enumWhitespaceDefects, ["enum", "const"]),
  family("enum-case", 'an enum value in another case ("DESAYUNO")', ["string"], (s) => has(s, "enum", "const"), values.enumCaseDefects, ["enum", "const"]),
  family("bound", "a number at, 1 and 1 ulp either side of minimum/maximum/exclusive bounds", ["number"], (s) => has(s, "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"), values.boundDefects, ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"]),
  family("integer-fraction", "an integer field given 1.5 (invalid) or written 1.0 (valid)", ["number"], (s) => typeIncludes(s, "integer"), values.integerFractionDefects, ["type:integer"]),
  family("multipleof-noise", "binary float noise on a multipleOf value (306.09000000000003)", ["number"], (s) => has(s, "multipleOf"), values.multipleOfNoiseDefects, ["multipleOf"]),
  family("length-edge", "a string at its length limit and one past it, in astral code points (two UTF-16 units each)", ["string"], (s) => has(s, "minLength", "maxLength"), values.lengthEdgeDefects, ["minLength", "maxLength"]),
  family("pattern-anchoring", "a pattern match with text added before or after it", ["string"], (s) => has(s, "pattern"), values.patternAnchoringDefects, ["pattern"]),
  family("format-near-miss", "a string that almost has the format (2024-02-30, 24:00:00, no offset, jx@X)", ["string"], (s) => typeof s.format === "string" && s.format in FORMAT_NEAR_MISSES, values.formatNearMissDefects, FORMATS),
  family("unique-duplicate", "a duplicate item that differs only in key order or number spelling", ["array"], (s) => s.uniqueItems === true, structural.uniqueDuplicateDefects, ["uniqueItems"]),
  family("proto-key", "__proto__ or constructor added as an own property", ["object"], isObjectSchema, structural.protoKeyDefects, ["additionalProperties:true", "additionalProperties:false", "additionalProperties:schema", "unevaluatedProperties"]),
  family("oneof-ambiguous", "a value two oneOf branches both accept (oneOf must then fail)", PRESENT_KINDS, (s) => Array.isArray(s.oneOf) && s.oneOf.length > 1, built.recipeFinder(built.oneOfAmbiguousRecipes), ["oneOf"]),
  family("no-branch", "a value no anyOf/oneOf branch accepts, the rest of the schema met", PRESENT_KINDS, (s) => has(s, "anyOf", "oneOf"), built.recipeFinder(built.noBranchRecipes), ["anyOf", "oneOf"]),
  family("not-hit", "a value the `not` subschema accepts", PRESENT_KINDS, (s) => has(s, "not"), built.recipeFinder(built.notHitRecipes), ["not"]),
  family("if-then-else", "meets `if` and breaks `then`, fails `if` and breaks `else`, and the valid values where only the untaken side breaks", PRESENT_KINDS, (s) => has(s, "if"), built.recipeFinder(built.conditionalRecipes), ["if-then-else"]),
  family("dependency-missing", "a dependentRequired/dependentSchemas trigger present without its dependency", PRESENT_KINDS, (s) => has(s, "dependentRequired", "dependentSchemas"), built.recipeFinder(built.dependentRecipes), ["dependentRequired", "dependentSchemas"]),
  family("contains-count", "matching items at, below and past minContains/maxContains", PRESENT_KINDS, (s) => has(s, "contains"), built.recipeFinder(built.containsCountRecipes), ["contains"]),
  family("property-name", "a property whose name propertyNames rejects", ["object"], (s) => has(s, "propertyNames"), checked.propertyNameDefects, ["propertyNames"]),
  family("allof-part", "every allOf part but one met; a $ref target met with its siblings broken, and the reverse", PRESENT_KINDS, (s) => (Array.isArray(s.allOf) && s.allOf.length > 1) || typeof s.$ref === "string", built.recipeFinder(built.allOfPartRecipes), ["allOf", "$ref:siblings", "$ref:local"]),
  family("items-boundary", "an item more or less at the prefixItems/items boundary and at min/maxItems", ["array"], (s) => has(s, "prefixItems", "items", "minItems", "maxItems"), checked.itemsBoundaryDefects, ["prefixItems", "items", "minItems", "maxItems"]),
  family("property-count", "a property more or less at min/maxProperties", ["object"], (s) => has(s, "minProperties", "maxProperties"), checked.propertyCountDefects, ["minProperties", "maxProperties"]),
  family("const-neighbour", "a value next to a const or enum value (±1, ±1 ulp, one character, another type, a key more)", PRESENT_KINDS, (s) => has(s, "const", "enum"), checked.constNeighbourDefects, ["const", "enum"]),
  family("unevaluated-branch", "a property (or item) evaluated only by a branch not taken, next to unevaluatedProperties/Items", ["object", "array"], (s) => has(s, "unevaluatedProperties", "unevaluatedItems"), checked.unevaluatedBranchDefects, ["unevaluatedProperties", "unevaluatedItems"]),
  family("pattern-property", "a property named by a patternProperties pattern whose value breaks that pattern's schema", ["object"], (s) => has(s, "patternProperties"), checked.patternPropertyDefects, ["patternProperties", "additionalProperties:schema", "additionalProperties:true"]),
  family("ref-depth", "a value nested through a $ref deeper than the free depth", PRESENT_KINDS, (s) => typeof s.$ref === "string", checked.refDepthDefects, ["$ref:recursive", "$ref:local"]),
];

export const NEAR_MISS_FAMILY_INFO: readonly NearMissFamilyInfo[] = FAMILIES.map(({ id, description, features }) => ({ id, description, features }));
