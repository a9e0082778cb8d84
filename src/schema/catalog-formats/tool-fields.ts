// What every format parser returns, and the field readers they share, so that a missing name or a
// schema of the wrong type reads the same whichever format it came from.
import { CatalogError } from "../catalog-error.js";
import { appendPointer } from "../json-pointer.js";
import type { Dialect } from "../../lite/dialect.js";
import type { CatalogFormat, DeclaredSchema, JsonSchema } from "../types.js";
import { isSchema } from "../walk-schema.js";

/** One schema found in a catalog document, before the catalog name, version and risk are applied. */
export interface ParsedDeclaration {
  readonly name: string;
  /** The tool's part of the id: the name, or `<name>#output` for a tool's output schema. */
  readonly localId: string;
  readonly description?: string;
  readonly schema: JsonSchema;
  /** JSON Pointer to the schema inside the file. */
  readonly pointer: string;
  readonly role: DeclaredSchema["role"];
  readonly format: CatalogFormat;
  readonly strict?: boolean;
  /** Set when the field itself fixes the dialect (Gemini's `parameters`, `response`, `responseSchema`: OpenAPI 3.0). */
  readonly dialect?: Dialect;
}

export type JsonObject = { [key: string]: unknown };

export function isJsonObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

export function describeJsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

export function requireObject(value: unknown, file: string, place: string, what: string): JsonObject {
  if (!isJsonObject(value)) throw new CatalogError(file, place, `${what} must be an object, got ${describeJsonType(value)}`);
  return value;
}

export function readName(owner: JsonObject, file: string, place: string, field = "name"): string {
  const name = owner[field];
  if (name === undefined) throw new CatalogError(file, place, `a tool without a name (no "${field}")`);
  if (typeof name !== "string" || name.trim() === "") {
    throw new CatalogError(file, appendPointer(place, field), `a tool name must be a non-empty string, got ${describeJsonType(name)}`);
  }
  return name;
}

export function readDescription(owner: JsonObject, file: string, place: string): { description?: string } {
  const description = owner.description;
  if (description === undefined) return {};
  if (typeof description !== "string") {
    throw new CatalogError(file, appendPointer(place, "description"), `description must be a string, got ${describeJsonType(description)}`);
  }
  return { description };
}

export function readStrict(owner: JsonObject, file: string, place: string): { strict?: boolean } {
  const strict = owner.strict;
  if (strict === undefined || strict === null) return {};
  if (typeof strict !== "boolean") throw new CatalogError(file, appendPointer(place, "strict"), `strict must be a boolean, got ${describeJsonType(strict)}`);
  return { strict };
}

/** The schema under `field`, which must be a JSON Schema (object or boolean). */
export function readSchema(owner: JsonObject, field: string, file: string, place: string): JsonSchema {
  const schema = owner[field];
  if (schema === undefined) throw new CatalogError(file, place, `missing "${field}" (the tool's schema)`);
  if (!isSchema(schema)) {
    throw new CatalogError(file, appendPointer(place, field), `a schema must be an object or a boolean, got ${describeJsonType(schema)}`);
  }
  return schema;
}

/** At most one of two mutually exclusive schema fields (Gemini's `parameters` / `parametersJsonSchema`). */
export function readOneOfSchemas(
  owner: JsonObject,
  fields: readonly [string, string],
  file: string,
  place: string,
): { field: string; schema: JsonSchema } | null {
  const present = fields.filter((field) => owner[field] !== undefined);
  if (present.length > 1) throw new CatalogError(file, place, `"${fields[0]}" and "${fields[1]}" are mutually exclusive`);
  const [field] = present;
  return field === undefined ? null : { field, schema: readSchema(owner, field, file, place) };
}

/** Providers treat a function declared without parameters as taking none: an empty object schema. */
export function noParametersSchema(): JsonSchema {
  return { type: "object", properties: {} };
}
