// schemalab/lite/core: lite for bundles that must stay small. It reads draft 2020-12 only (another
// `$schema` or options.dialect is refused by name), has no built-in format checkers (`format` is
// refused unless options.formatCheckers has a checker for it or options.formats is "ignore") and
// runs patterns on the native RegExp only where that surely takes linear time (others are refused:
// schemalab/lite runs them on its linear matcher). compileWith(modules) builds in only the keyword
// families given, so a bundler leaves the others out; a keyword of a missing family is refused, and
// so is every pattern without patternKeywords (the scan that proves patterns linear is the largest
// piece of core: a program whose schemas have none need not ship it).
import { compileWithKit, type EntryKit } from "./compile.js";
import { DRAFT2020_RULES } from "./dialect-rules.js";
import { applicatorKeywords, arrayKeywords, objectKeywords, refKeywords, unevaluatedKeywords } from "./keyword-modules.js";
import { generalLeafPredicate } from "./leaf-predicate.js";
import type { PatternProblem } from "./pattern/compile-pattern.js";
import { compileNativePattern } from "./pattern/native-linear.js";
import type { KeywordModule, SpeedForms } from "./schema-cursor.js";
import type { CompileOptions, Validate } from "./types.js";

export * from "./types.js";
export { MAX_SCHEMA_DEPTH, SUPPORTED_KEYWORDS } from "./compile.js";
export { applicatorKeywords, arrayKeywords, objectKeywords, refKeywords, unevaluatedKeywords, type KeywordModule } from "./keyword-modules.js";

/** pattern and patternProperties, on the native RegExp where core's scan proves it runs in linear time (others are refused by name). */
export const patternKeywords: KeywordModule = { name: "patternKeywords", family: 0, compilePattern: compileNativePattern };

/** Every module of core: what its compile builds in. */
export const ALL_KEYWORD_MODULES: readonly KeywordModule[] = [arrayKeywords, objectKeywords, applicatorKeywords, refKeywords, unevaluatedKeywords, patternKeywords];

const NO_FORMATS = {};

/** The general forms only: core trades the special forms' speed for their size. */
const GENERAL_FORMS: SpeedForms = { leafPredicate: generalLeafPredicate };

/** Without patternKeywords every pattern is refused by name (malformed ones too: they are not read). */
function refusePatterns(): PatternProblem {
  return { refused: "schemalab/lite/core's compileWith was not given patternKeywords; add it, or use compile" };
}

function coreKit(modules: readonly KeywordModule[]): EntryKit {
  // patternKeywords brings only the pattern compiler: of no family (0), it compiles no keyword of its own.
  const compilePattern = modules.find((module) => module.compilePattern !== undefined)?.compilePattern ?? refusePatterns;
  return { name: "schemalab/lite/core", formats: NO_FORMATS, numberFormats: NO_FORMATS, dialects: { "draft2020-12": DRAFT2020_RULES }, compilePattern, forms: GENERAL_FORMS, modules };
}

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
  const kit = coreKit([...modules]);
  return (schema, options = {}) => compileWithKit(schema, options, kit);
}

// Pure: a program that imports compileWith alone leaves compile, and with it every module, out.
const CORE_KIT = /* @__PURE__ */ coreKit(ALL_KEYWORD_MODULES);

/** lite's compile for draft 2020-12 with every keyword module, asserting only the formats of options.formatCheckers. */
export function compile(schema: unknown, options: CompileOptions = {}): Validate {
  return compileWithKit(schema, options, CORE_KIT);
}
