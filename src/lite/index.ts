// schemalab/lite: a small, dependency-free, eval-free JSON Schema validator (draft 4 to 2020-12,
// OpenAPI 3.0) with its format checkers; schemalab/lite/core is draft 2020-12 without them.
import { compileWithKit, type EntryKit } from "./compile.js";
import type { Dialect } from "./dialect.js";
import { ALL_DIALECT_RULES } from "./dialects/all-dialects.js";
import { FORMAT_CHECKERS as STRING_FORMATS } from "./formats.js";
import { IDN_FORMATS } from "./idn-formats.js";
import { ALL_KEYWORD_MODULES } from "./keyword-modules.js";
import { leafPredicate } from "./leaf-predicate.js";
import { NUMBER_FORMATS } from "./number-formats.js";
import { compilePattern } from "./pattern/compile-pattern.js";
import type { CompileOptions, Validate } from "./types.js";

export * from "./types.js";
export { DIALECTS, DIALECT_URIS, DEFAULT_DIALECT, dialectOfSchemaUri, parseDialectName, isDialect, type Dialect } from "./dialect.js";
export { MAX_SCHEMA_DEPTH, SUPPORTED_KEYWORDS } from "./compile.js";
export { formatErrors } from "./format-errors.js";
export { NUMBER_FORMATS } from "./number-formats.js";

/** The built-in checkers of string formats (IDN ones included), e.g. to give schemalab/lite/core some. */
export const FORMAT_CHECKERS: Readonly<Record<string, (text: string) => boolean>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, (text: string) => boolean>, STRING_FORMATS, IDN_FORMATS),
);

/** The formats lite asserts (with `formats: "assert"`, the default): of strings, then of numbers. */
export const SUPPORTED_FORMATS: readonly string[] = [...Object.keys(FORMAT_CHECKERS), ...Object.keys(NUMBER_FORMATS)];

/** The keywords lite accepts in `dialect` (besides `x-` extensions and options.annotations). */
export function supportedKeywords(dialect: Dialect): readonly string[] {
  return [...ALL_DIALECT_RULES[dialect].keywords.keys()];
}

const FULL: EntryKit = { name: "schemalab/lite", formats: FORMAT_CHECKERS, numberFormats: NUMBER_FORMATS, dialects: ALL_DIALECT_RULES, compilePattern, forms: { leafPredicate }, modules: ALL_KEYWORD_MODULES };

/**
 * Compiles a schema in its dialect (options.dialect, else its `$schema`, else draft 2020-12).
 * Throws UnsupportedSchemaError for what lite does not check (unknown keywords unless annotated,
 * unknown formats, an unknown `$schema`, remote $ref not in `remotes`, patterns it cannot match in
 * linear time) and InvalidSchemaError for malformed schemas (wrong keyword types, bad regex,
 * dangling $ref, nesting past MAX_SCHEMA_DEPTH).
 */
export function compile(schema: unknown, options: CompileOptions = {}): Validate {
  return compileWithKit(schema, options, FULL);
}
