// A schema with one rewrite applied to every schema object in it, children first: how a mutant
// breaks one keyword everywhere it appears.
import { isSchemaObject, SUBSCHEMA_KEYWORDS } from "../../schema/walk-schema.js";

export type SchemaNode = { [keyword: string]: unknown };

export function rewriteSchema(schema: unknown, rewrite: (node: SchemaNode) => SchemaNode): unknown {
  if (!isSchemaObject(schema)) return schema;
  const copy: SchemaNode = {};
  for (const [keyword, value] of Object.entries(schema)) {
    const shape = SUBSCHEMA_KEYWORDS[keyword];
    if (shape === undefined) copy[keyword] = value;
    else if (Array.isArray(value)) copy[keyword] = value.map((item) => rewriteSchema(item, rewrite));
    else if (shape === "schema-map" && isSchemaObject(value)) {
      copy[keyword] = Object.fromEntries(Object.entries(value).map(([name, item]) => [name, rewriteSchema(item, rewrite)]));
    } else copy[keyword] = rewriteSchema(value, rewrite);
  }
  return rewrite(copy);
}
