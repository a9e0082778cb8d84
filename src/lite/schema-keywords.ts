// Every keyword lite knows, with the family that compiles it and the shape its value must have.
// One pass over a schema's own keys checks them all: a keyword lite does not check is refused
// (UnsupportedSchemaError), a value of the wrong shape is malformed (InvalidSchemaError), and the
// families present are returned, so the compiler never looks at the others.
import { hasOwn } from "./has-own.js";
import { escapePointerToken } from "./json-pointer.js";
import { TYPE_BITS } from "./json-type.js";
import { InvalidSchemaError, UnsupportedSchemaError } from "./types.js";

/** Bits of the keyword families a schema uses. */
export const FAMILY = {
  value: 1, properties: 2, object: 4, array: 8, string: 16, number: 32, applicator: 64, reference: 128, container: 256, identifier: 512,
  unevaluated: 1024, annotation: 0,
} as const;

type Shape = keyof typeof SHAPES;

const isNameList = (value: unknown): boolean =>
  Array.isArray(value) && value.every((item) => typeof item === "string") && new Set(value).size === value.length;
const isMap = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isTypeName = (name: unknown): boolean => typeof name === "string" && hasOwn(TYPE_BITS, name);

/** What each shape accepts, and how a malformed value is described. Subschemas are checked when compiled. */
const SHAPES = {
  any: [() => true, ""],
  schema: [() => true, ""],
  schemas: [(value: unknown) => Array.isArray(value) && value.length > 0, "must be a non-empty array of schemas"],
  schemaMap: [isMap, "must be an object"],
  count: [(value: unknown) => Number.isInteger(value) && (value as number) >= 0, "must be a non-negative integer"],
  number: [(value: unknown) => typeof value === "number" && Number.isFinite(value), "must be a number"],
  string: [(value: unknown) => typeof value === "string", "must be a string"],
  boolean: [(value: unknown) => typeof value === "boolean", "must be a boolean"],
  array: [Array.isArray, "must be an array"],
  names: [isNameList, "must be an array of unique strings"],
  nameMap: [(value: unknown) => isMap(value) && Object.values(value).every(isNameList), "must map names to arrays of unique strings"],
  type: [
    (value: unknown) => isTypeName(value) || (isNameList(value) && (value as unknown[]).length > 0 && (value as unknown[]).every(isTypeName)),
    `must be one of ${Object.keys(TYPE_BITS).join(", ")}, or a non-empty array of them`,
  ],
} as const satisfies Record<string, readonly [(value: unknown) => boolean, string]>;

const KEYWORDS_BY_FAMILY: Readonly<Record<keyof typeof FAMILY, Readonly<Record<string, Shape>>>> = {
  value: { type: "type", enum: "array", const: "any" },
  // Which properties there are and what each holds (one pass over the value's keys)...
  properties: { properties: "schemaMap", required: "names", additionalProperties: "schema", patternProperties: "schemaMap" },
  // ...and the rarer rules on an object's names, count and dependencies.
  object: { propertyNames: "schema", minProperties: "count", maxProperties: "count", dependentRequired: "nameMap", dependentSchemas: "schemaMap" },
  array: {
    items: "schema", prefixItems: "schemas", minItems: "count", maxItems: "count", uniqueItems: "boolean",
    contains: "schema", minContains: "count", maxContains: "count",
  },
  // Wrap a schema's whole check: they see what every other keyword evaluated.
  unevaluated: { unevaluatedProperties: "schema", unevaluatedItems: "schema" },
  string: { minLength: "count", maxLength: "count", pattern: "string", format: "string" },
  number: { minimum: "number", maximum: "number", exclusiveMinimum: "number", exclusiveMaximum: "number", multipleOf: "number" },
  applicator: { allOf: "schemas", anyOf: "schemas", oneOf: "schemas", not: "schema", if: "schema", then: "schema", else: "schema" },
  reference: { $ref: "string" },
  // Draft-07 tools (zod-to-json-schema, pydantic) keep their subschemas in `definitions`: a container like $defs.
  container: { $defs: "schemaMap", definitions: "schemaMap" },
  // Name resources and dialects: no assertion of their own, but checked and used to resolve $ref.
  identifier: { $schema: "string", $id: "string", $anchor: "string" },
  // No assertion in draft 2020-12: accepted and ignored.
  annotation: {
    $comment: "string", title: "string", description: "string",
    default: "any", examples: "any", deprecated: "boolean", readOnly: "boolean", writeOnly: "boolean",
    contentMediaType: "string", contentEncoding: "string", contentSchema: "any",
  },
};

const KEYWORDS = new Map<string, readonly [family: number, accepts: (value: unknown) => boolean, description: string, shape: Shape]>(
  Object.entries(KEYWORDS_BY_FAMILY).flatMap(([family, shapes]) =>
    Object.entries(shapes).map(([keyword, shape]) => [keyword, [FAMILY[family as keyof typeof FAMILY], ...SHAPES[shape], shape]] as const),
  ),
);

/** How a keyword holds subschemas (one, an array, a map of them), for the $ref registry's walk; else undefined. */
export function subschemaShape(keyword: string): "schema" | "schemas" | "schemaMap" | undefined {
  const shape = KEYWORDS.get(keyword)?.[3];
  return shape === "schema" || shape === "schemas" || shape === "schemaMap" ? shape : undefined;
}

/** Every keyword lite accepts, in the order of the table. */
export const KNOWN_KEYWORDS: readonly string[] = [...KEYWORDS.keys()];

/** Vendor extensions (OpenAPI's convention) carry no validation semantics. */
const isVendorExtension = (keyword: string) => keyword.startsWith("x-");

/**
 * The families `schema` uses; throws for an unknown keyword (unless a vendor extension or one of
 * `annotations`) and for a value of the wrong shape.
 */
export function checkKeywords(schema: Readonly<Record<string, unknown>>, path: string, annotations: ReadonlySet<string>): number {
  let families = 0;
  for (const keyword in schema) {
    if (!hasOwn(schema, keyword)) continue;
    const known = KEYWORDS.get(keyword);
    if (known === undefined) {
      if (isVendorExtension(keyword) || annotations.has(keyword)) continue;
      throw new UnsupportedSchemaError(keyword, `${path}/${escapePointerToken(keyword)}`);
    }
    if (!known[1](schema[keyword])) throw new InvalidSchemaError(keyword, `${path}/${keyword}`, known[2]);
    families |= known[0];
  }
  return families;
}

/** Names `options.annotations` may not take: keywords lite checks, and the `$` core vocabulary. */
export function isReservedKeyword(name: string): boolean {
  return name.startsWith("$") || (KEYWORDS.get(name)?.[0] ?? 0) !== FAMILY.annotation;
}
