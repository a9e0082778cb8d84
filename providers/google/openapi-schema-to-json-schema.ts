// Gemini's OpenAPI-dialect schema (`responseSchema`, `parameters`; providers.md 3.2) read as JSON Schema
// for the emulator's detection and Ajv checks: `STRING` → `string`, and the OpenAPI-only formats
// (`enum`, `int32`, `int64`, `float`, `double`) dropped. `nullable` stays: Ajv understands it.
// Every other keyword is kept as sent, so the profile's "Unknown name" rejections still see it.
import type { JsonSchema } from "../../src/schema/types.js";

const OPENAPI_ONLY_FORMATS = new Set(["enum", "int32", "int64", "float", "double"]);
const SCHEMA_MAPS = new Set(["properties", "$defs", "defs", "definitions", "patternProperties"]);
const SCHEMA_LISTS = new Set(["anyOf", "oneOf", "allOf", "prefixItems"]);
const SCHEMA_SINGLES = new Set(["items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames"]);

export function openApiSchemaToJsonSchema(schema: unknown): JsonSchema {
  return convert(schema) as JsonSchema;
}

function convert(node: unknown): unknown {
  if (node === null || typeof node !== "object" || Array.isArray(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(node as Record<string, unknown>)) {
    if (keyword === "type") out.type = typeof value === "string" ? value.toLowerCase() : Array.isArray(value) ? value.map((t) => (typeof t === "string" ? t.toLowerCase() : t)) : value;
    else if (keyword === "format" && typeof value === "string" && OPENAPI_ONLY_FORMATS.has(value)) continue;
    else if (SCHEMA_MAPS.has(keyword) && value !== null && typeof value === "object" && !Array.isArray(value)) {
      out[keyword] = Object.fromEntries(Object.entries(value).map(([key, sub]) => [key, convert(sub)]));
    } else if (SCHEMA_LISTS.has(keyword) && Array.isArray(value)) out[keyword] = value.map(convert);
    else if (SCHEMA_SINGLES.has(keyword)) out[keyword] = convert(value);
    else out[keyword] = value;
  }
  return out;
}
