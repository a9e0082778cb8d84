// schemalab/lite: a small, dependency-free, eval-free JSON Schema (draft 2020-12) validator.
export * from "./types.js";
export { DIALECTS, DIALECT_URIS, DEFAULT_DIALECT, dialectOfSchemaUri, parseDialectName, isDialect, type Dialect } from "./dialect.js";
export { compile, MAX_SCHEMA_DEPTH, SUPPORTED_KEYWORDS, SUPPORTED_FORMATS } from "./compile.js";
export { formatErrors } from "./format-errors.js";
