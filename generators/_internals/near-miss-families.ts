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

interface NearMissFamily extends NearMissFamilyInfo {
  /** True when a schema object could give this family a site. */
  readonly usable: (schema: SchemaObject) => boolean;
  readonly find: DefectFinder;
}

const has = (schema: SchemaObject, ...keywords: string[]) => keywords.some((keyword) => keyword in schema);
const typeIncludes = (schema: SchemaObject, type: string) => schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));
const isObjectSchema = (schema: SchemaObject) => typeIncludes(schema, "object") || has(schema, "properties", "required");

const family = (id: string, description: string, usable: NearMissFamily["usable"], find: DefectFinder): NearMissFamily => ({ id, description, usable, find });

export const FAMILIES: readonly NearMissFamily[] = [
  family("type-flip", "a value replaced by one of a JSON type the schema does not allow", (s) => has(s, "type", "enum", "const"), structural.typeFlipDefects),
  family("number-as-text", 'a number sent as text: "75,5", "75.5", "1e3"', (s) => typeIncludes(s, "number") || typeIncludes(s, "integer"), structural.numberAsTextDefects),
  family("object-as-json-string", "an object sent as its JSON string", isObjectSchema, structural.objectAsJsonStringDefects),
  family("null-injected", "null in a required or optional field (at any depth) whose schema excludes it", (s) => has(s, "type", "enum", "const"), structural.nullInjectedDefects),
  family("required-removed", "a required property left out", (s) => Array.isArray(s.required) && s.required.length > 0, structural.requiredRemovedDefects),
  family("extra-property", "an undeclared property where additionalProperties is false or a schema", (s) => s.additionalProperties === false || (typeof s.additionalProperties === "object" && s.additionalProperties !== null), structural.extraPropertyDefects),
  family("enum-whitespace", 'an enum value with whitespace around it (" desayuno ")', (s) => has(s, "enum", "const"), values.enumWhitespaceDefects),
  family("enum-case", 'an enum value in another case ("DESAYUNO")', (s) => has(s, "enum", "const"), values.enumCaseDefects),
  family("bound", "a number at, 1 and 1 ulp either side of minimum/maximum/exclusive bounds", (s) => has(s, "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"), values.boundDefects),
  family("integer-fraction", "an integer field given 1.5 (invalid) or written 1.0 (valid)", (s) => typeIncludes(s, "integer"), values.integerFractionDefects),
  family("multipleof-noise", "binary float noise on a multipleOf value (306.09000000000003)", (s) => has(s, "multipleOf"), values.multipleOfNoiseDefects),
  family("length-edge", "a string at its length limit and one past it, in astral code points (two UTF-16 units each)", (s) => has(s, "minLength", "maxLength"), values.lengthEdgeDefects),
  family("pattern-anchoring", "a pattern match with text added before or after it", (s) => has(s, "pattern"), values.patternAnchoringDefects),
  family("format-near-miss", "a string that almost has the format (2024-02-30, 24:00:00, no offset, jx@X)", (s) => typeof s.format === "string" && s.format in FORMAT_NEAR_MISSES, values.formatNearMissDefects),
  family("unique-duplicate", "a duplicate item that differs only in key order or number spelling", (s) => s.uniqueItems === true, structural.uniqueDuplicateDefects),
  family("proto-key", "__proto__ or constructor added as an own property", isObjectSchema, structural.protoKeyDefects),
];

export const NEAR_MISS_FAMILY_INFO: readonly NearMissFamilyInfo[] = FAMILIES.map(({ id, description }) => ({ id, description }));
