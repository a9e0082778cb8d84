// The near-miss families: the defects real harness bugs come from, each with the schema keywords
// that make it possible (a cheap pre-check) and where it finds its defects in an instance.
import type { DefectFinder } from "./near-miss-defect.js";
import type { SchemaObject } from "./merge-schemas.js";
import { FORMAT_NEAR_MISSES } from "./format-near-misses.js";
import * as structural from "./structural-defects.js";
import * as values from "./value-defects.js";

export interface NearMissFamilyInfo {
  readonly id: string;
  readonly description: string;
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

const family = (id: string, description: string, kinds: readonly SiteKind[], usable: NearMissFamily["usable"], find: DefectFinder): NearMissFamily => ({ id, description, kinds: new Set(kinds), usable, find });

export const FAMILIES: readonly NearMissFamily[] = [
  family("type-flip", "a value replaced by one of a JSON type the schema does not allow", PRESENT_KINDS, (s) => has(s, "type", "enum", "const"), structural.typeFlipDefects),
  family("number-as-text", 'a number sent as text: "75,5", "75.5", "1e3"', ["number"], (s) => typeIncludes(s, "number") || typeIncludes(s, "integer"), structural.numberAsTextDefects),
  family("object-as-json-string", "an object sent as its JSON string", ["object"], isObjectSchema, structural.objectAsJsonStringDefects),
  family("null-injected", "null in a required or optional field (at any depth) whose schema excludes it", ALL_KINDS, (s) => has(s, "type", "enum", "const"), structural.nullInjectedDefects),
  family("required-removed", "a required property left out", ["object"], (s) => Array.isArray(s.required) && s.required.length > 0, structural.requiredRemovedDefects),
  family("extra-property", "an undeclared property where additionalProperties is false or a schema", ["object"], (s) => s.additionalProperties === false || (typeof s.additionalProperties === "object" && s.additionalProperties !== null), structural.extraPropertyDefects),
  family("enum-whitespace", 'an enum value with whitespace around it (" desayuno ")', ["string"], (s) => has(s, "enum", "const"), values.enumWhitespaceDefects),
  family("enum-case", 'an enum value in another case ("DESAYUNO")', ["string"], (s) => has(s, "enum", "const"), values.enumCaseDefects),
  family("bound", "a number at, 1 and 1 ulp either side of minimum/maximum/exclusive bounds", ["number"], (s) => has(s, "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"), values.boundDefects),
  family("integer-fraction", "an integer field given 1.5 (invalid) or written 1.0 (valid)", ["number"], (s) => typeIncludes(s, "integer"), values.integerFractionDefects),
  family("multipleof-noise", "binary float noise on a multipleOf value (306.09000000000003)", ["number"], (s) => has(s, "multipleOf"), values.multipleOfNoiseDefects),
  family("length-edge", "a string at its length limit and one past it, in astral code points (two UTF-16 units each)", ["string"], (s) => has(s, "minLength", "maxLength"), values.lengthEdgeDefects),
  family("pattern-anchoring", "a pattern match with text added before or after it", ["string"], (s) => has(s, "pattern"), values.patternAnchoringDefects),
  family("format-near-miss", "a string that almost has the format (2024-02-30, 24:00:00, no offset, jx@X)", ["string"], (s) => typeof s.format === "string" && s.format in FORMAT_NEAR_MISSES, values.formatNearMissDefects),
  family("unique-duplicate", "a duplicate item that differs only in key order or number spelling", ["array"], (s) => s.uniqueItems === true, structural.uniqueDuplicateDefects),
  family("proto-key", "__proto__ or constructor added as an own property", ["object"], isObjectSchema, structural.protoKeyDefects),
];

export const NEAR_MISS_FAMILY_INFO: readonly NearMissFamilyInfo[] = FAMILIES.map(({ id, description }) => ({ id, description }));
