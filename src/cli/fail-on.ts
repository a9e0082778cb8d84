// `--fail-on LEVEL[,LEVEL]`: what makes a verb exit 1, per verb. Each verb keeps its own default
// (what it failed on before the option), and the option replaces it.
import { UsageError } from "./usage-error.js";

export const FAIL_ON_LEVELS = {
  check: ["rejected", "needs-local-validation", "translated", "any"],
  compat: ["breaking", "undetermined"],
  fuzz: ["disagreement", "unsupported"],
  probe: ["contradiction", "error"],
} as const;

export type FailOnVerb = keyof typeof FAIL_ON_LEVELS;

/** The levels asked for, or the verb's default when the option is absent. */
export function failOnLevels<V extends FailOnVerb>(verb: V, text: string | undefined, defaults: readonly (typeof FAIL_ON_LEVELS)[V][number][]): Set<string> {
  if (text === undefined) return new Set(defaults);
  const known: readonly string[] = FAIL_ON_LEVELS[verb];
  const levels = text.split(",").map((level) => level.trim()).filter(Boolean);
  for (const level of levels) if (!known.includes(level)) throw new UsageError(`--fail-on: expected ${known.join(", ")} (comma-separated), got '${level}'`);
  return new Set(levels);
}
