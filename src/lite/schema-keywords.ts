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

/** The families every compile checks; the others come as keyword modules (keyword-modules.ts). */
export const BUILT_IN_FAMILIES = FAMILY.value | FAMILY.properties | FAMILY.string | FAMILY.number | FAMILY.container | FAMILY.identifier;

/** The shapes only older dialects' keywords take (dialects/legacy-shapes.ts), so draft 2020-12's table never ships them. */
export type LegacyShape = "schemaOrSchemas" | "dependencyMap" | "anyCaseType";
export type Shape = keyof typeof SHAPES | LegacyShape;
/** A shape's test of a keyword's value, and how a malformed value is described. */
export type ShapeRule = readonly [(value: unknown) => boolean, string];

export const isNameList = (value: unknown): boolean =>
  Array.isArray(value) && value.every((item) => typeof item === "string") && new Set(value).size === value.length;
export const isMap = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
export const isTypeName = (name: unknown): boolean => typeof name === "string" && hasOwn(TYPE_BITS, name);
export const TYPE_NAMES = Object.keys(TYPE_BITS).join(", ");

/** What each shape of draft 2020-12's keywords accepts, and how a malformed value is described. Subschemas are checked when compiled. */
export const SHAPES = {
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
  // OpenAPI's and Pydantic's: a property name, and optionally a map from its values to `$ref`s.
  discriminator: [
    (value: unknown) => isMap(value) && typeof value.propertyName === "string" && (value.mapping === undefined || (isMap(value.mapping) && Object.values(value.mapping).every((ref) => typeof ref === "string"))),
    "must be an object with a string propertyName and an optional mapping of names to strings",
  ],
  type: [
    (value: unknown) => isTypeName(value) || (isNameList(value) && (value as unknown[]).length > 0 && (value as unknown[]).every(isTypeName)),
    `must be one of ${TYPE_NAMES}, or a non-empty array of them`,
  ],
} as const satisfies Record<string, ShapeRule>;

export type KeywordsByFamily = Readonly<Record<keyof typeof FAMILY, Readonly<Record<string, Shape>>>>;

/** Draft 2020-12's keywords (and draft-07's `definitions`, which tools keep emitting), by family. */
export const KEYWORDS_BY_FAMILY: KeywordsByFamily = {
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
  reference: { $ref: "string", $dynamicRef: "string" },
  // Draft-07 tools (zod-to-json-schema, pydantic) keep their subschemas in `definitions`: a container like $defs.
  container: { $defs: "schemaMap", definitions: "schemaMap" },
  // Name resources and dialects: no assertion of their own, but checked and used to resolve $ref.
  // $vocabulary has a meaning in metaschemas only (lite refuses any $schema but the five drafts).
  identifier: { $schema: "string", $id: "string", $anchor: "string", $dynamicAnchor: "string", $vocabulary: "any" },
  // No assertion in draft 2020-12: accepted and ignored.
  annotation: {
    $comment: "string", title: "string", description: "string",
    default: "any", examples: "any", deprecated: "boolean", readOnly: "boolean", writeOnly: "boolean",
    contentMediaType: "string", contentEncoding: "string", contentSchema: "any",
    // Not a JSON Schema word, but one producers write in every dialect (OpenAPI, Pydantic): its mapping is checked against the oneOf/anyOf.
    discriminator: "discriminator",
  },
};

/** A dialect's keywords: for each, its family, the test of its value's shape, how a bad value is described, and the shape's name. */
export type KeywordTable = ReadonlyMap<string, readonly [family: number, accepts: (value: unknown) => boolean, description: string, shape: Shape]>;

/** The table of `byFamily`'s keywords; `shapes` must hold every shape they take (older dialects give LEGACY_SHAPES). */
export function keywordTable(byFamily: KeywordsByFamily, shapes: Readonly<Partial<Record<Shape, ShapeRule>>> = SHAPES): KeywordTable {
  return new Map(
    Object.entries(byFamily).flatMap(([family, keywords]) =>
      Object.entries(keywords).map(([keyword, shape]) => [keyword, [FAMILY[family as keyof typeof FAMILY], ...shapes[shape]!, shape]] as const),
    ),
  );
}

/** Draft 2020-12's table: the default dialect's, and what every other dialect's schemas are rewritten into. */
export const DRAFT2020_KEYWORDS: KeywordTable = keywordTable(KEYWORDS_BY_FAMILY);

/** How a keyword holds subschemas (one, an array, a map of them), for the $ref registry's walk; else undefined. */
export function subschemaShape(keyword: string, table: KeywordTable = DRAFT2020_KEYWORDS): "schema" | "schemas" | "schemaMap" | undefined {
  const shape = table.get(keyword)?.[3];
  if (shape === "schemaOrSchemas") return "schema";
  if (shape === "dependencyMap") return "schemaMap";
  return shape === "schema" || shape === "schemas" || shape === "schemaMap" ? shape : undefined;
}

/** Every keyword lite accepts in draft 2020-12, in the order of the table. */
export const KNOWN_KEYWORDS: readonly string[] = /* @__PURE__ */ keysOf(DRAFT2020_KEYWORDS);

// A pure call (a spread is not), so a bundle that never lists the keywords drops the list.
function keysOf(table: KeywordTable): string[] {
  return [...table.keys()];
}

/** Vendor extensions (OpenAPI's convention) carry no validation semantics. */
const isVendorExtension = (keyword: string) => keyword.startsWith("x-");

/** What to do with a keyword the dialect does not define (not a vendor extension nor one of options.annotations). */
export type UnknownKeywordPolicy = ((keyword: string, schemaPath: string) => void) | undefined;

/**
 * The families `schema` uses, by `table`; throws for an unknown keyword (unless a vendor extension,
 * one of `annotations`, or accepted by `onUnknown`) and for a value of the wrong shape.
 */
export function checkKeywords(
  schema: Readonly<Record<string, unknown>>,
  path: string,
  annotations: ReadonlySet<string>,
  table: KeywordTable = DRAFT2020_KEYWORDS,
  onUnknown: UnknownKeywordPolicy = undefined,
): number {
  let families = 0;
  for (const keyword in schema) {
    if (!hasOwn(schema, keyword)) continue;
    const known = table.get(keyword);
    if (known === undefined) {
      if (isVendorExtension(keyword) || annotations.has(keyword)) continue;
      const at = `${path}/${escapePointerToken(keyword)}`;
      if (onUnknown === undefined) throw new UnsupportedSchemaError(keyword, at);
      onUnknown(keyword, at);
      continue;
    }
    if (!known[1](schema[keyword])) throw new InvalidSchemaError(keyword, `${path}/${keyword}`, known[2]);
    families |= known[0];
  }
  return families;
}

/** Names `options.annotations` may not take: keywords lite checks, and the `$` core vocabulary. */
export function isReservedKeyword(name: string): boolean {
  return name.startsWith("$") || (DRAFT2020_KEYWORDS.get(name)?.[0] ?? 0) !== FAMILY.annotation;
}
