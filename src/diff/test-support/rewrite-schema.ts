// Deliberately broken validators are Ajv compiling a rewritten schema: the rewrite is the bug.
import { isSchemaObject, SUBSCHEMA_KEYWORDS } from "../../schema/index.js";
import { ajvValidator } from "../../validators/ajv-validator.js";
import type { ValidatorModule } from "../../validators/types.js";

type SchemaObject = { [keyword: string]: unknown };

/** Applies `rewrite` to every schema object, children first. */
export function rewriteSchema(schema: unknown, rewrite: (node: SchemaObject) => SchemaObject): unknown {
  if (!isSchemaObject(schema)) return schema;
  const copy: SchemaObject = {};
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

export function brokenAjv(name: string, rewrite: (node: SchemaObject) => SchemaObject): ValidatorModule {
  return { name, compile: (schema) => ajvValidator.compile(rewriteSchema(schema, rewrite) as object | boolean) };
}
