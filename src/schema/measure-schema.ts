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

interface DepthFrame {
  readonly schema: JsonSchema;
  readonly path: string;
  readonly next: readonly { readonly schema: JsonSchema; readonly path: string }[];
  index: number;
  below: number;
}

/**
 * Depth-first with an explicit stack (a chain of thousands of refs must not overflow the call stack),
 * each place measured once (memoized by path); a place already on the path counts 0 (the cycle once).
 */
function measureNestingDepth(root: JsonSchema): number {
  const resolver = createLocalRefResolver(root);
  const memo = new Map<string, number>();
  const onPath = new Set<string>();
  const open = (schema: JsonSchema, path: string): DepthFrame => {
    onPath.add(path);
    return { schema, path, next: childrenOf(schema, path, resolver), index: 0, below: 0 };
  };
  const stack = [open(root, "")];
  let depth = 0;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.index < frame.next.length) {
      const child = frame.next[frame.index++]!;
      const known = memo.get(child.path);
      if (known !== undefined) frame.below = Math.max(frame.below, known);
      else if (!onPath.has(child.path)) stack.push(open(child.schema, child.path));
      continue;
    }
    stack.pop();
    onPath.delete(frame.path);
    depth = (isObjectSchema(frame.schema) ? 1 : 0) + frame.below;
    memo.set(frame.path, depth);
    const parent = stack[stack.length - 1];
    if (parent !== undefined) parent.below = Math.max(parent.below, depth);
  }
  return depth;
}

function childrenOf(schema: JsonSchema, path: string, resolver: LocalRefResolver): { schema: JsonSchema; path: string }[] {
  const children = subschemaEntries(schema)
    .filter((entry) => !NOT_NESTING.has(entry.keyword))
    .map((entry) => ({ schema: entry.schema, path: childPath(path, entry) }));
  if (isSchemaObject(schema) && typeof schema.$ref === "string") {
    const target = resolver.resolve(schema.$ref);
    if (target) children.push(target);
  }
  return children;
}
