// schemalab/lite: a small, dependency-free, eval-free JSON Schema validator (draft 4 to 2020-12, OpenAPI 3.0).
export * from "./types.js";
export { DIALECTS, DIALECT_URIS, DEFAULT_DIALECT, dialectOfSchemaUri, parseDialectName, isDialect, type Dialect } from "./dialect.js";
export { compile, supportedKeywords, SUPPORTED_KEYWORDS, SUPPORTED_FORMATS } from "./compile.js";
export { formatErrors } from "./format-errors.js";
