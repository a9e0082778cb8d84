// schemalab/lite/core: lite for bundles that must stay small. It reads draft 2020-12 only (another
// `$schema` or options.dialect is refused by name) and has no built-in format checkers: `format` is
// refused (UnsupportedSchemaError) unless options.formatCheckers has a checker for it or
// options.formats is "ignore". Everything else is schemalab/lite.
import { compileWithKit, type EntryKit } from "./compile.js";
import { DRAFT2020_RULES } from "./dialect-rules.js";
import { compileNativePattern } from "./pattern/native-linear.js";
import type { CompileOptions, Validate } from "./types.js";

export * from "./types.js";
export { MAX_SCHEMA_DEPTH, SUPPORTED_KEYWORDS } from "./compile.js";

const CORE: EntryKit = {
  name: "schemalab/lite/core",
  formats: Object.freeze({}),
  numberFormats: Object.freeze({}),
  dialects: { "draft2020-12": DRAFT2020_RULES },
  compilePattern: compileNativePattern,
};

/** lite's compile for draft 2020-12, asserting only the formats of options.formatCheckers. */
export function compile(schema: unknown, options: CompileOptions = {}): Validate {
  return compileWithKit(schema, options, CORE);
}
