// What kind of value a schema node describes, as the translation steps need to know it.
import { isSchemaObject, listSubschemas, type SchemaVisit } from "../../src/schema/walk-schema.js";

export type SchemaNode = { [keyword: string]: unknown };

function typeList(node: SchemaNode): string[] | null {
  if (typeof node.type === "string") return [node.type];
  if (Array.isArray(node.type)) return node.type.filter((t): t is string => typeof t === "string");
  return null;
}

/** `type: "object"` (alone or in a type array), or no type but `properties`. */
export function isObjectNode(node: unknown): node is SchemaNode {
  if (!isSchemaObject(node)) return false;
  const types = typeList(node);
  return types ? types.includes("object") : isSchemaObject(node.properties);
}

export function isArrayNode(node: unknown): node is SchemaNode {
  if (!isSchemaObject(node)) return false;
  const types = typeList(node);
  return types ? types.includes("array") : false;
}

/** True when the schema itself lets `null` through (type, enum, const or an anyOf branch). */
export function admitsNull(node: unknown): boolean {
  if (node === true) return true;
  if (!isSchemaObject(node)) return false;
  if (Array.isArray(node.enum)) return node.enum.includes(null);
  if ("const" in node) return node.const === null;
  const types = typeList(node);
  if (types) return types.includes("null");
  if (Array.isArray(node.anyOf)) return node.anyOf.some(admitsNull);
  return false;
}

/** Visits whose schema is an object node, in walk order. */
export function objectNodeVisits(schema: unknown): (SchemaVisit & { schema: SchemaNode })[] {
  if (!isSchemaObject(schema) && typeof schema !== "boolean") return [];
  return listSubschemas(schema).filter((visit): visit is SchemaVisit & { schema: SchemaNode } => isObjectNode(visit.schema));
}
