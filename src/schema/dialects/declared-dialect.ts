// The dialect of a declared schema: `--dialect` when given, else what the catalog format fixes
// (Gemini's `parameters`/`responseSchema` are OpenAPI 3.0), else the root's `$schema`, else the
// catalog wrapper's `dialect`, else draft 2020-12.
import { DEFAULT_DIALECT, DIALECTS, dialectOfSchemaUri, type Dialect } from "../../lite/dialect.js";
import type { JsonSchema } from "../types.js";
import { isSchemaObject } from "../walk-schema.js";

export type DialectReading = { readonly dialect: Dialect } | { readonly unknownSchemaUri: string };

/** What `schema` is written in; an unknown `$schema` is returned as such for the caller to refuse by name. */
export function readDeclaredDialect(schema: JsonSchema, formatDialect?: Dialect, override?: Dialect, catalogDialect?: Dialect): DialectReading {
  if (override !== undefined) return { dialect: override };
  // A field whose dialect the provider fixes (Gemini's OpenAPI fields) is read as that, whatever it says.
  if (formatDialect !== undefined) return { dialect: formatDialect };
  const declared = isSchemaObject(schema) ? schema.$schema : undefined;
  if (declared === undefined) return { dialect: catalogDialect ?? DEFAULT_DIALECT };
  const dialect = typeof declared === "string" ? dialectOfSchemaUri(declared) : undefined;
  return dialect === undefined ? { unknownSchemaUri: typeof declared === "string" ? declared : JSON.stringify(declared) } : { dialect };
}

/** The refusal of an unknown `$schema`, naming it and the way out. */
export function describeUnknownDialect(uri: string): string {
  return (
    `unknown $schema ${JSON.stringify(uri)}: schemalab reads draft-04, draft-06, draft-07, 2019-09, 2020-12 ` +
    `(http or https, with or without "#") and OpenAPI 3.0; --dialect ${DIALECTS.join("|")} reads it as one of them`
  );
}
