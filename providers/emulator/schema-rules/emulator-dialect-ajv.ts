// The emulator's judge per JSON Schema dialect, chosen by the root's `$schema`: the SDKs' zod helpers
// send draft-07 (`http://json-schema.org/draft-07/schema#`) or 2020-12, and the providers take both.
// Each dialect is the lab's reference (src/validators/ajv-validator.ts: ajv-draft-04, Ajv's draft-07
// class, Ajv2019, Ajv2020, with ajv-formats), and the root's `$schema` is dropped before compiling, so
// its spelling (http or https, with or without `#`) never reaches Ajv's meta-schema lookup. A schema
// without `$schema`, or with a URI that names no draft, reads as 2020-12.
import { dialectOfSchemaUri, type Dialect } from "../../../src/lite/dialect.js";
import { createReferenceAjv, referenceSchemaOf, type AjvInstance } from "../../../src/validators/ajv-validator.js";

export type DialectAjv = AjvInstance;

/** The JSON Schema drafts the emulator validates with (Gemini's OpenAPI dialect is converted before). */
export type JudgedDialect = Exclude<Dialect, "openapi-3.0">;

export function judgedDialect(schema: unknown): JudgedDialect {
  const uri = schema !== null && typeof schema === "object" ? (schema as { $schema?: unknown }).$schema : undefined;
  const dialect = typeof uri === "string" ? dialectOfSchemaUri(uri) : undefined;
  return dialect === undefined || dialect === "openapi-3.0" ? "draft2020-12" : dialect;
}

/** The schema as Ajv compiles it: the root's `$schema` removed (it chose the Ajv already). */
export function withoutSchemaUri<T>(schema: T): T {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return schema;
  return referenceSchemaOf(schema as object, "draft2020-12") as T;
}

/** A lazily built reference Ajv per dialect. */
export function createDialectAjvs(): (dialect: JudgedDialect) => DialectAjv {
  const made = new Map<JudgedDialect, DialectAjv>();
  return (dialect) => {
    let ajv = made.get(dialect);
    if (ajv === undefined) {
      ajv = createReferenceAjv(undefined, true, dialect);
      made.set(dialect, ajv);
    }
    return ajv;
  };
}
