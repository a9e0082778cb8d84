// schemalab/lite: a small, dependency-free, eval-free JSON Schema (draft 2020-12) validator.
export * from "./types.js";
export { compile, SUPPORTED_KEYWORDS, SUPPORTED_FORMATS } from "./compile.js";
export { formatErrors } from "./format-errors.js";
