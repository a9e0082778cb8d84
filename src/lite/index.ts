// schemalab/lite: a small, dependency-free, eval-free JSON Schema (draft 2020-12) validator, with
// its format checkers (schemalab/lite/core is the same without them).
import { compileWithFormats } from "./compile.js";
import { FORMAT_CHECKERS } from "./formats.js";
import type { CompileOptions, Validate } from "./types.js";

export * from "./types.js";
export { DIALECTS, DIALECT_URIS, DEFAULT_DIALECT, dialectOfSchemaUri, parseDialectName, isDialect, type Dialect } from "./dialect.js";
export { MAX_SCHEMA_DEPTH, SUPPORTED_KEYWORDS } from "./compile.js";
export { formatErrors } from "./format-errors.js";
export { FORMAT_CHECKERS } from "./formats.js";

/** The formats lite asserts (with `formats: "assert"`, the default). */
export const SUPPORTED_FORMATS: readonly string[] = Object.keys(FORMAT_CHECKERS);

/**
 * Compiles a draft 2020-12 schema. Throws UnsupportedSchemaError for what lite does not check
 * (unknown keywords, $dynamicRef, unknown formats, remote $ref not in `remotes`) and
 * InvalidSchemaError for malformed schemas (wrong keyword types, bad regex, dangling $ref).
 */
export function compile(schema: unknown, options: CompileOptions = {}): Validate {
  return compileWithFormats(schema, options, FORMAT_CHECKERS);
}
