// A focus is the source schema steered towards the values one suspected change rejects, so the search
// aims at that change instead of hoping random values land there. Ajv still judges every value.
import { isSchemaObject } from "../schema/walk-schema.js";
import { parsePointer } from "../schema/json-pointer.js";
import type { JsonSchema } from "../schema/types.js";

export type SchemaObject = { [keyword: string]: unknown };

/** A copy of `root` with the subschema at `path` replaced; the rest (and `$defs`) stay where refs expect them. */
export function replaceSubschema(root: JsonSchema, path: string, replacement: JsonSchema): JsonSchema {
  const tokens = parsePointer(path);
  if (tokens.length === 0) return replacement;
  const copy = structuredClone(root);
  let parent: unknown = copy;
  for (const token of tokens.slice(0, -1)) parent = (parent as Record<string, unknown>)[token];
  (parent as Record<string, unknown>)[tokens[tokens.length - 1]!] = replacement;
  return copy;
}

/** The subschema with one more `allOf` entry, its own keywords kept in place. */
export function constrainedBy(subschema: SchemaObject, extra: SchemaObject): SchemaObject {
  const allOf = Array.isArray(subschema.allOf) ? subschema.allOf : [];
  return { ...subschema, allOf: [...allOf, extra] };
}

/** The subschema's own property schemas (empty when it declares none). */
export function propertiesOf(subschema: SchemaObject): Record<string, JsonSchema> {
  return isSchemaObject(subschema.properties) ? (subschema.properties as Record<string, JsonSchema>) : {};
}

export function requiredOf(subschema: SchemaObject): string[] {
  return Array.isArray(subschema.required) ? subschema.required.filter((name): name is string => typeof name === "string") : [];
}

/** The subschema requiring one more property, declared with `schema` when given. */
export function requiringProperty(subschema: SchemaObject, name: string, schema?: JsonSchema): SchemaObject {
  const properties = schema === undefined ? subschema.properties : { ...propertiesOf(subschema), [name]: schema };
  return { ...subschema, ...(properties === undefined ? {} : { properties }), required: [...new Set([...requiredOf(subschema), name])] };
}

/** The subschema without a declared property, so generated objects leave it out. */
export function withoutProperty(subschema: SchemaObject, name: string): SchemaObject {
  const { [name]: _dropped, ...properties } = propertiesOf(subschema);
  return { ...subschema, properties };
}
