// Deliberately broken validators are Ajv compiling a rewritten schema: the rewrite is the bug.
import { rewriteSchema, type SchemaNode as SchemaObject } from "../mutation-bench/rewrite-schema.js";
import { ajvValidator } from "../../validators/ajv-validator.js";
import type { ValidatorModule } from "../../validators/types.js";

export { rewriteSchema };

export function brokenAjv(name: string, rewrite: (node: SchemaObject) => SchemaObject): ValidatorModule {
  return { name, compile: (schema) => ajvValidator.compile(rewriteSchema(schema, rewrite) as object | boolean) };
}
