// schemalab/lite/core: lite for bundles that must stay small. It reads draft 2020-12 only (another
// `$schema` or options.dialect is refused by name), has no built-in format checkers (`format` is
// refused unless options.formatCheckers has a checker for it or options.formats is "ignore") and
// runs patterns on the native RegExp only where that surely takes linear time (others are refused:
// schemalab/lite runs them on its linear matcher). compileWith(modules) builds in only the keyword
// families given, so a bundler leaves the others out; a keyword of a missing family is refused.
import { compileWithKit, type EntryKit } from "./compile.js";
import { DRAFT2020_RULES } from "./dialect-rules.js";
import { ALL_KEYWORD_MODULES } from "./keyword-modules.js";
import { generalLeafPredicate } from "./leaf-predicate.js";
import { compileNativePattern } from "./pattern/native-linear.js";
import type { KeywordModule } from "./schema-cursor.js";
import type { CompileOptions, Validate } from "./types.js";

export * from "./types.js";
export { MAX_SCHEMA_DEPTH, SUPPORTED_KEYWORDS } from "./compile.js";
export { ALL_KEYWORD_MODULES, applicatorKeywords, arrayKeywords, objectKeywords, refKeywords, unevaluatedKeywords, type KeywordModule } from "./keyword-modules.js";

const NO_FORMATS = {};

function coreKit(modules: readonly KeywordModule[]): EntryKit {
  return { name: "schemalab/lite/core", formats: NO_FORMATS, numberFormats: NO_FORMATS, dialects: { "draft2020-12": DRAFT2020_RULES }, compilePattern: compileNativePattern, leafPredicate: generalLeafPredicate, modules };
}

/**
 * core's compile with only the given keyword modules beside the built-in families (type, enum,
 * const, properties, required, additionalProperties, patternProperties, string and number keywords,
 * $defs): e.g. compileWith([arrayKeywords, refKeywords]). A schema using a keyword of a module not
 * given is refused (UnsupportedSchemaError naming the keyword and the module).
 */
export function compileWith(modules: readonly KeywordModule[]): (schema: unknown, options?: CompileOptions) => Validate {
  const bad = modules.findIndex((module) => typeof module?.name !== "string" || typeof module.family !== "number");
  if (bad >= 0) throw new TypeError(`compileWith: modules[${bad}] is not a keyword module of schemalab/lite/core (arrayKeywords, refKeywords...)`);
  const kit = coreKit([...modules]);
  return (schema, options = {}) => compileWithKit(schema, options, kit);
}

/** lite's compile for draft 2020-12 with every keyword module, asserting only the formats of options.formatCheckers. */
export function compile(schema: unknown, options: CompileOptions = {}): Validate {
  return compileWithKit(schema, options, coreKit(ALL_KEYWORD_MODULES));
}
