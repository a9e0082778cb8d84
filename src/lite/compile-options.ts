// The checks of compile's options, shared by lite's compile and core's: the same refusals, word for
// word. A leaf module (types and dialect only), so core's bundle carries nothing more.
import { isDialect } from "./dialect.js";
import { InvalidSchemaError, type CompileOptions } from "./types.js";

/** An option that takes one of two words. */
function checkChoice(options: CompileOptions, name: "unknownKeywords" | "formats", first: string, second: string): void {
  const value = options[name];
  if (value !== undefined && value !== first && value !== second) throw new InvalidSchemaError(name, "", `options.${name} must be "${first}" or "${second}"`);
}

/** Refuses malformed options; returns maxDepth. `isReserved` names the keywords the caller checks. */
export function checkOptions(options: CompileOptions, isReserved: (name: string) => boolean): number {
  const maxDepth = options.maxDepth ?? 256;
  if (!Number.isInteger(maxDepth) || maxDepth < 1) throw new InvalidSchemaError("maxDepth", "", "options.maxDepth must be a positive integer");
  if (options.dialect !== undefined && !isDialect(options.dialect)) throw new InvalidSchemaError("dialect", "", `options.dialect ${JSON.stringify(options.dialect)} is not a dialect lite reads`);
  checkChoice(options, "unknownKeywords", "refuse", "annotate");
  checkChoice(options, "formats", "assert", "ignore");
  const checkers = options.formatCheckers ?? {};
  const notChecker = Object.keys(checkers).find((name) => typeof checkers[name] !== "function");
  if (notChecker !== undefined) throw new InvalidSchemaError("formatCheckers", "", `options.formatCheckers[${JSON.stringify(notChecker)}] must be a function`);
  // Treating a keyword lite checks as an annotation would drop its rule without a word.
  const reserved = options.annotations?.find((name) => typeof name !== "string" || isReserved(name));
  if (reserved !== undefined) throw new InvalidSchemaError("annotations", "", `options.annotations cannot name ${JSON.stringify(reserved)}`);
  return maxDepth;
}
