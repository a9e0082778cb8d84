// schemalab/lite/core: lite without the built-in format checkers, for bundles that must stay small.
// `format` is refused (UnsupportedSchemaError) unless options.formatCheckers has a checker for it or
// options.formats is "ignore"; everything else is schemalab/lite.
import { compileWithFormats } from "./compile.js";
import type { CompileOptions, Validate } from "./types.js";

export * from "./types.js";
export { MAX_SCHEMA_DEPTH, SUPPORTED_KEYWORDS } from "./compile.js";

const NO_FORMATS: Readonly<Record<string, (text: string) => boolean>> = Object.freeze({});

/** lite's compile, asserting only the formats of options.formatCheckers. */
export function compile(schema: unknown, options: CompileOptions = {}): Validate {
  return compileWithFormats(schema, options, NO_FORMATS);
}
