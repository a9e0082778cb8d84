// Size measures for provider limits (OpenAI: properties in all, nesting levels, enum values and their
// length; Anthropic: optional and union parameters). Providers do not say exactly how they count, so
// each measure below states its rule and the limit checks compare against it.
import { createLocalRefResolver, type LocalRefResolver } from "./resolve-ref.js";
import type { JsonSchema } from "./types.js";
import { childPath, isSchema, isSchemaObject, listSubschemas, subschemaEntries } from "./walk-schema.js";

export interface SchemaMeasures {
  /** Entries of every `properties` keyword, each counted once where declared ($defs once, refs not expanded). */
  readonly propertyCount: number;
  /**
   * Object levels on the deepest instance path: the root object is 1, each object schema below it
   * (through properties, items, compositions and resolved $refs) adds 1. `$defs` count only where
   * referenced; a recursive reference is not unrolled (the cycle counts once).
   */
  readonly nestingDepth: number;
  /** Values of every `enum` keyword summed (`const` is not counted). */
  readonly enumValueCount: number;
  /** Code points of every string enum value summed; non-string values add 0. */
  readonly enumTotalLength: number;
  /** Properties not listed in their object's `required` (same rule as the `optional` feature). */
  readonly optionalCount: number;
  /** Schema locations with a type array of more than one type, `anyOf` or `oneOf` (each location once). */
  readonly unionCount: number;
}

/** Names in `properties` that `required` does not list, in declaration order. */
export function optionalPropertyNames(schema: JsonSchema): string[] {
  if (!isSchemaObject(schema) || !isSchemaObject(schema.properties)) return [];
  const required = Array.isArray(schema.required) ? new Set(schema.required) : new Set<unknown>();
  // A property whose value is not a schema is malformed, not optional: there is no place to point at.
  return Object.entries(schema.properties)
    .filter(([name, value]) => !required.has(name) && isSchema(value))
    .map(([name]) => name);
}

/** A type array with more than one distinct type. */
export function isTypeUnion(schema: JsonSchema): boolean {
  return isSchemaObject(schema) && Array.isArray(schema.type) && new Set(schema.type).size > 1;
}

export function measureSchema(schema: JsonSchema): SchemaMeasures {
  let propertyCount = 0;
  let enumValueCount = 0;
  let enumTotalLength = 0;
  let optionalCount = 0;
  let unionCount = 0;
  for (const { schema: subschema } of listSubschemas(schema)) {
    if (!isSchemaObject(subschema)) continue;
    if (isSchemaObject(subschema.properties)) propertyCount += Object.keys(subschema.properties).length;
    if (Array.isArray(subschema.enum)) {
      enumValueCount += subschema.enum.length;
      for (const value of subschema.enum) if (typeof value === "string") enumTotalLength += [...value].length;
    }
    optionalCount += optionalPropertyNames(subschema).length;
    if (isTypeUnion(subschema) || Array.isArray(subschema.anyOf) || Array.isArray(subschema.oneOf)) unionCount += 1;
  }
  const nestingDepth = measureNestingDepth(schema);
  return { propertyCount, nestingDepth, enumValueCount, enumTotalLength, optionalCount, unionCount };
}

function isObjectSchema(schema: JsonSchema): boolean {
  if (!isSchemaObject(schema)) return false;
  const { type } = schema;
  if (type === "object") return true;
  if (Array.isArray(type)) return type.includes("object");
  return type === undefined && isSchemaObject(schema.properties);
}

// Not instance positions: definitions are reached through $ref, property names are strings.
const NOT_NESTING = new Set(["$defs", "definitions", "propertyNames"]);

function measureNestingDepth(root: JsonSchema): number {
  const resolver = createLocalRefResolver(root);
  const memo = new Map<string, number>();
  const onPath = new Set<string>();
  const depthAt = (schema: JsonSchema, path: string): number => {
    const known = memo.get(path);
    if (known !== undefined) return known;
    if (onPath.has(path)) return 0;
    onPath.add(path);
    const below = Math.max(0, ...childDepths(schema, path, resolver, depthAt));
    onPath.delete(path);
    const depth = (isObjectSchema(schema) ? 1 : 0) + below;
    memo.set(path, depth);
    return depth;
  };
  return depthAt(root, "");
}

function childDepths(
  schema: JsonSchema,
  path: string,
  resolver: LocalRefResolver,
  depthAt: (schema: JsonSchema, path: string) => number,
): number[] {
  const depths = subschemaEntries(schema)
    .filter((entry) => !NOT_NESTING.has(entry.keyword))
    .map((entry) => depthAt(entry.schema, childPath(path, entry)));
  if (isSchemaObject(schema) && typeof schema.$ref === "string") {
    const target = resolver.resolve(schema.$ref);
    if (target) depths.push(depthAt(target.schema, target.path));
  }
  return depths;
}
