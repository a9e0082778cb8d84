// schemalab/lite/core: lite for bundles that must stay small. It reads draft 2020-12 only (another
// `$schema` or options.dialect is refused by name), has no built-in format checkers (`format` is
// refused unless options.formatCheckers has a checker for it or options.formats is "ignore") and
// runs patterns on the native RegExp only where that surely takes linear time (others are refused:
// schemalab/lite runs them on its linear matcher). Its engine (./core/) is size-first: lite's
// verdicts, errors and refusals without lite's speed forms. compileWith(modules) builds in only the
// keyword families given, so a bundler leaves the others out; a keyword of a missing family is
// refused, and so is every pattern without patternKeywords (the scan that proves patterns linear
// is the largest piece of core: a program whose schemas have none need not ship it).
import { compileCore, type KeywordModule } from "./core/engine.js";
import { applicatorKeywords, arrayKeywords, objectKeywords, patternKeywords, refKeywords, unevaluatedKeywords } from "./core/modules.js";
import type { CompileOptions, Validate } from "./types.js";
import { KNOWN_KEYWORDS } from "./core/keyword-table.js";

export * from "./types.js";
export { MAX_SCHEMA_DEPTH } from "./schema-depth.js";
export { applicatorKeywords, arrayKeywords, objectKeywords, patternKeywords, refKeywords, unevaluatedKeywords } from "./core/modules.js";
export type { KeywordModule } from "./core/engine.js";

/** The keywords core accepts: those it checks, and the annotations it ignores (`x-` extensions and options.annotations besides). */
export const SUPPORTED_KEYWORDS: readonly string[] = KNOWN_KEYWORDS;

/** Every module of core: what its compile builds in. */
export const ALL_KEYWORD_MODULES: readonly KeywordModule[] = [arrayKeywords, objectKeywords, applicatorKeywords, refKeywords, unevaluatedKeywords, patternKeywords];

/**
 * core's compile with only the given keyword modules beside the built-in families (type, enum,
 * const, properties, required, additionalProperties, minLength, maxLength, format, the number
 * keywords, $defs): e.g. compileWith([arrayKeywords, refKeywords, patternKeywords]). A schema using a
 * keyword of a module not given (a pattern or patternProperties without patternKeywords) is refused
 * (UnsupportedSchemaError naming the keyword and the module).
 */
export function compileWith(modules: readonly KeywordModule[]): (schema: unknown, options?: CompileOptions) => Validate {
  const bad = modules.findIndex((module) => typeof module?.name !== "string" || typeof module.family !== "number");
  if (bad >= 0) throw new TypeError(`compileWith: modules[${bad}] is not a keyword module of schemalab/lite/core (arrayKeywords, refKeywords...)`);
  const given = [...modules];
  return (schema, options = {}) => compileCore(schema, options, given);
}

/** lite's compile for draft 2020-12 with every keyword module, asserting only the formats of options.formatCheckers. */
export function compile(schema: unknown, options: CompileOptions = {}): Validate {
  return compileCore(schema, options, ALL_KEYWORD_MODULES);
}
