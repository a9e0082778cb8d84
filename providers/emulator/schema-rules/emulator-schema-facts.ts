// What the emulator's constrained decoding reads off a schema or a JSON value: the types a schema
// allows, whether it allows null, where a local `$ref` points. Shared by the repair modules.
import { refToPointer, resolvePointer } from "../../../src/schema/json-pointer.js";

/** Asks a repair for a fresh value: the model has written nothing here yet. */
export const MISSING: unique symbol = Symbol("missing");
export type Value = unknown | typeof MISSING;
export type Schema = Record<string, unknown>;
export type JsonType = "null" | "boolean" | "integer" | "number" | "string" | "array" | "object";

/** Deeper than this, a repair stops descending (recursive schemas asked for a fresh value). */
export const MAX_DEPTH = 40;

export function allowedTypes(schema: Schema): JsonType[] | null {
  if (typeof schema.type === "string") return [schema.type as JsonType];
  if (Array.isArray(schema.type)) return schema.type.filter((type): type is JsonType => typeof type === "string");
  return null;
}

export function typeMatches(value: unknown, types: readonly JsonType[]): boolean {
  return types.some((type) => {
    if (type === "integer") return typeof value === "number" && Number.isInteger(value);
    if (type === "number") return typeof value === "number";
    if (type === "null") return value === null;
    if (type === "array") return Array.isArray(value);
    if (type === "object") return isRecord(value);
    return typeof value === type;
  });
}

export function allowsNull(schema: unknown, root: unknown, depth = 0): boolean {
  if (schema === true || schema === undefined) return true;
  if (!isRecord(schema) || depth > MAX_DEPTH) return false;
  if (typeof schema.$ref === "string") return allowsNull(resolveRef(schema.$ref, root), root, depth + 1);
  if ("const" in schema) return schema.const === null;
  if (Array.isArray(schema.enum)) return schema.enum.includes(null);
  const branches = [...asList(schema.anyOf), ...asList(schema.oneOf)];
  if (branches.length > 0) return branches.some((branch) => allowsNull(branch, root, depth + 1));
  // A schema without `type` would take null, but a model fills what the schema describes.
  const types = allowedTypes(schema);
  return types !== null && types.includes("null");
}

export function resolveRef(ref: string, root: unknown): unknown {
  const pointer = refToPointer(ref);
  return pointer === null ? true : (resolvePointer(root, pointer) ?? true);
}

/** A subschema checked or generated alone still needs the root's definitions for its `#/$defs/...` refs. */
export function withDefinitions(schema: unknown, root: unknown): unknown {
  if (!isRecord(schema) || !isRecord(root)) return schema;
  const defs: Schema = {};
  if (root.$defs !== undefined) defs.$defs = root.$defs;
  if (root.definitions !== undefined) defs.definitions = root.definitions;
  return { ...defs, ...schema };
}

export function safeTest(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, "u").test(text);
  } catch {
    return false;
  }
}

export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function stringsOf(value: unknown): string[] {
  return asList(value).filter((item): item is string => typeof item === "string");
}

export function isRecord(value: unknown): value is Schema {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
