// Draft 2020-12's keywords for core: each one's family and the shape its value must take (lite's
// schema-keywords.ts, same order, same words). One pass over a schema's own keys refuses what
// core does not check and what is malformed, and returns the families used.
import { hasOwn } from "../has-own.js";
import { escapePointerToken } from "../json-pointer.js";
import { InvalidSchemaError, UnsupportedSchemaError } from "../types.js";

// JSON types as bits: lite's json-type.ts.
import { TYPE_BITS, typeBitsOf } from "../json-type.js";

export { TYPE_BITS, typeBitsOf as typeBits };

export const isMap = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isNames = (value: unknown): boolean => Array.isArray(value) && value.every((item) => typeof item === "string") && new Set(value).size === value.length;
const isTypeName = (name: unknown): boolean => typeof name === "string" && hasOwn(TYPE_BITS, name);

type Shape = readonly [(value: unknown) => boolean, string];

const ANY: Shape = [() => true, ""];
const COUNT: Shape = [(value) => Number.isInteger(value) && (value as number) >= 0, "must be a non-negative integer"];
const NUMBER: Shape = [(value) => typeof value === "number" && Number.isFinite(value), "must be a number"];
const STRING: Shape = [(value) => typeof value === "string", "must be a string"];
const SCHEMAS: Shape = [(value) => Array.isArray(value) && value.length > 0, "must be a non-empty array of schemas"];
const SCHEMA_MAP: Shape = [isMap, "must be an object"];
const NAMES: Shape = [isNames, "must be an array of unique strings"];
const BOOLEAN: Shape = [(value) => typeof value === "boolean", "must be a boolean"];
const TYPE: Shape = [
  (value) => isTypeName(value) || (isNames(value) && (value as unknown[]).length > 0 && (value as unknown[]).every(isTypeName)),
  `must be one of ${Object.keys(TYPE_BITS).join(", ")}, or a non-empty array of them`,
];
const NAME_MAP: Shape = [(value) => isMap(value) && Object.values(value).every(isNames), "must map names to arrays of unique strings"];
const DISCRIMINATOR: Shape = [
  (value) => isMap(value) && typeof value.propertyName === "string" && (value.mapping === undefined || (isMap(value.mapping) && Object.values(value.mapping).every((ref) => typeof ref === "string"))),
  "must be an object with a string propertyName and an optional mapping of names to strings",
];

/** Family bits, as lite's FAMILY (keyword modules carry them). */
export const VALUE = 1, PROPERTIES = 2, OBJECT = 4, ARRAY = 8, STRINGS = 16, NUMBERS = 32, APPLICATOR = 64, REFERENCE = 128, CONTAINER = 256, IDENTIFIER = 512, UNEVALUATED = 1024;

/** How a keyword holds subschemas, for the $ref registry's walk: 1 one, 2 an array, 3 a map. */
export const SUBSCHEMAS: Readonly<Record<string, number>> = {
  additionalProperties: 1, propertyNames: 1, items: 1, contains: 1, unevaluatedProperties: 1, unevaluatedItems: 1, not: 1, if: 1, then: 1, else: 1,
  prefixItems: 2, allOf: 2, anyOf: 2, oneOf: 2,
  properties: 3, patternProperties: 3, dependentSchemas: 3, $defs: 3, definitions: 3,
};

const KEYWORDS = new Map<string, readonly [number, Shape]>();
const add = (family: number, shape: Shape, names: string) => names.split(" ").forEach((name) => KEYWORDS.set(name, [family, shape]));
add(VALUE, TYPE, "type");
add(VALUE, [Array.isArray, "must be an array"], "enum");
add(VALUE, ANY, "const");
add(PROPERTIES, SCHEMA_MAP, "properties");
add(PROPERTIES, NAMES, "required");
add(PROPERTIES, ANY, "additionalProperties");
add(PROPERTIES, SCHEMA_MAP, "patternProperties");
add(OBJECT, ANY, "propertyNames");
add(OBJECT, COUNT, "minProperties maxProperties");
add(OBJECT, NAME_MAP, "dependentRequired");
add(OBJECT, SCHEMA_MAP, "dependentSchemas");
add(ARRAY, ANY, "items");
add(ARRAY, SCHEMAS, "prefixItems");
add(ARRAY, COUNT, "minItems maxItems");
add(ARRAY, BOOLEAN, "uniqueItems");
add(ARRAY, ANY, "contains");
add(ARRAY, COUNT, "minContains maxContains");
add(UNEVALUATED, ANY, "unevaluatedProperties unevaluatedItems");
add(STRINGS, COUNT, "minLength maxLength");
add(STRINGS, STRING, "pattern format");
add(NUMBERS, NUMBER, "minimum maximum exclusiveMinimum exclusiveMaximum multipleOf");
add(APPLICATOR, SCHEMAS, "allOf anyOf oneOf");
add(APPLICATOR, ANY, "not if then else");
add(REFERENCE, STRING, "$ref $dynamicRef");
add(CONTAINER, SCHEMA_MAP, "$defs definitions");
add(IDENTIFIER, STRING, "$schema $id $anchor $dynamicAnchor");
add(IDENTIFIER, ANY, "$vocabulary");
add(0, STRING, "$comment title description");
add(0, ANY, "default examples");
add(0, BOOLEAN, "deprecated readOnly writeOnly");
add(0, STRING, "contentMediaType contentEncoding");
add(0, ANY, "contentSchema");
add(0, DISCRIMINATOR, "discriminator");

/** Every keyword core accepts, in lite's order. */
export const KNOWN_KEYWORDS: readonly string[] = [...KEYWORDS.keys()];

export const familyOf = (keyword: string): number => KEYWORDS.get(keyword)?.[0] ?? 0;

/** Names options.annotations may not take: keywords core checks, and the `$` core vocabulary. */
export const isReserved = (name: string): boolean => name.startsWith("$") || familyOf(name) !== 0;

/** The families `schema` uses; throws for an unknown keyword (unless accepted) and for a malformed value. */
export function checkKeywords(schema: Readonly<Record<string, unknown>>, path: string, annotations: ReadonlySet<string>, onUnknown: ((keyword: string, at: string) => void) | undefined): number {
  let families = 0;
  for (const keyword in schema) {
    if (!hasOwn(schema, keyword)) continue;
    const known = KEYWORDS.get(keyword);
    if (known === undefined) {
      if (keyword.startsWith("x-") || annotations.has(keyword)) continue;
      const at = `${path}/${escapePointerToken(keyword)}`;
      if (onUnknown === undefined) throw new UnsupportedSchemaError(keyword, at);
      onUnknown(keyword, at);
      continue;
    }
    if (!known[1][0](schema[keyword])) throw new InvalidSchemaError(keyword, `${path}/${keyword}`, known[1][1]);
    families |= known[0];
  }
  return families;
}
