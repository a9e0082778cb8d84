// What each near-miss family is (id, description, the taxonomy features its defects test), apart from
// how it finds defects: the coverage table reads only this, so a fuzz run's main thread never loads
// the defect code (nor fast-check, json-schema-faker and Ajv behind it). Order is the families' order.
import { FORMAT_NEAR_MISSES } from "./format-near-misses.js";

export interface NearMissFamilyInfo {
  readonly id: string;
  readonly description: string;
  /** Taxonomy ids whose checks this family's defects test. */
  readonly features: readonly string[];
}

const TYPES = ["type:string", "type:number", "type:integer", "type:boolean", "type:object", "type:array", "type:null", "type:union"];
const FORMATS = Object.keys(FORMAT_NEAR_MISSES).map((format) => `format:${format}`);

export const NEAR_MISS_FAMILY_INFO: readonly NearMissFamilyInfo[] = [
  { id: "type-flip", description: "a value replaced by one of a JSON type the schema does not allow", features: [...TYPES, "enum", "const"] },
  { id: "number-as-text", description: 'a number sent as text: "75,5", "75.5", "1e3"', features: ["type:number", "type:integer"] },
  { id: "object-as-json-string", description: "an object sent as its JSON string", features: ["type:object"] },
  { id: "null-injected", description: "null in a required or optional field (at any depth) whose schema excludes it", features: ["type:null", "optional", "properties"] },
  { id: "required-removed", description: "a required property left out", features: ["required"] },
  { id: "extra-property", description: "an undeclared property where additionalProperties is false or a schema", features: ["additionalProperties:false", "additionalProperties:schema", "properties"] },
  { id: "enum-whitespace", description: 'an enum value with whitespace around it (" desayuno ")', features: ["enum", "const"] },
  { id: "enum-case", description: 'an enum value in another case ("DESAYUNO")', features: ["enum", "const"] },
  { id: "bound", description: "a number at, 1 and 1 ulp either side of minimum/maximum/exclusive bounds", features: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] },
  { id: "integer-fraction", description: "an integer field given 1.5 (invalid) or written 1.0 (valid)", features: ["type:integer"] },
  { id: "multipleof-noise", description: "binary float noise on a multipleOf value (306.09000000000003)", features: ["multipleOf"] },
  { id: "length-edge", description: "a string at its length limit and one past it, in astral code points (two UTF-16 units each)", features: ["minLength", "maxLength"] },
  { id: "pattern-anchoring", description: "a pattern match with text added before or after it", features: ["pattern"] },
  { id: "format-near-miss", description: "a string that almost has the format (2024-02-30, 24:00:00, no offset, jx@X)", features: FORMATS },
  { id: "unique-duplicate", description: "a duplicate item that differs only in key order or number spelling", features: ["uniqueItems"] },
  { id: "proto-key", description: "__proto__ or constructor added as an own property", features: ["additionalProperties:true", "additionalProperties:false", "additionalProperties:schema", "unevaluatedProperties"] },
  { id: "oneof-ambiguous", description: "a value two oneOf branches both accept (oneOf must then fail)", features: ["oneOf"] },
  { id: "no-branch", description: "a value no anyOf/oneOf branch accepts, the rest of the schema met", features: ["anyOf", "oneOf"] },
  { id: "not-hit", description: "a value the `not` subschema accepts", features: ["not"] },
  { id: "if-then-else", description: "meets `if` and breaks `then`, fails `if` and breaks `else`, and the valid values where only the untaken side breaks", features: ["if-then-else"] },
  { id: "dependency-missing", description: "a dependentRequired/dependentSchemas trigger present without its dependency", features: ["dependentRequired", "dependentSchemas"] },
  { id: "contains-count", description: "matching items at, below and past minContains/maxContains", features: ["contains"] },
  { id: "property-name", description: "a property whose name propertyNames rejects", features: ["propertyNames"] },
  { id: "allof-part", description: "every allOf part but one met; a $ref target met with its siblings broken, and the reverse", features: ["allOf", "$ref:siblings", "$ref:local"] },
  { id: "items-boundary", description: "an item more or less at the prefixItems/items boundary and at min/maxItems", features: ["prefixItems", "items", "minItems", "maxItems"] },
  { id: "property-count", description: "a property more or less at min/maxProperties", features: ["minProperties", "maxProperties"] },
  { id: "const-neighbour", description: "a value next to a const or enum value (±1, ±1 ulp, one character, another type, a key more)", features: ["const", "enum"] },
  { id: "unevaluated-branch", description: "a property (or item) evaluated only by a branch not taken, next to unevaluatedProperties/Items", features: ["unevaluatedProperties", "unevaluatedItems"] },
  { id: "pattern-property", description: "a property named by a patternProperties pattern whose value breaks that pattern's schema", features: ["patternProperties", "additionalProperties:schema", "additionalProperties:true"] },
  { id: "ref-depth", description: "a value nested through a $ref deeper than the free depth", features: ["$ref:recursive", "$ref:local"] },
];
