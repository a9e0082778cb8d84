// What the search draws from, for one direction: values valid under the source, near-misses of the
// target (a value just outside the new contract is often just inside the old one), and one focused
// arbitrary per structural candidate that has a focus.
import type fc from "fast-check";
import { nearMiss, NoNearMissError } from "../../generators/near-miss.js";
import { UnsatisfiableSchemaError, validValue } from "../../generators/valid-value.js";
import type { JsonSchema } from "../schema/types.js";
import type { StructuralCandidate } from "./compat-types.js";
import type { SearchPlan } from "./differential-search.js";

export interface PlanSeeds {
  /** The run's seed; each plan gets its own, derived from it and from what the plan searches. */
  readonly seed: number;
  /** Names the pair and direction, so one schema's plans do not depend on which others ran. */
  readonly scope: string;
}

export interface PlannedSearch {
  readonly plans: readonly SearchPlan[];
  /** Arbitraries that could not be built, and why (the false schema, contradictory keywords). */
  readonly skipped: readonly string[];
}

export function planSearches(source: JsonSchema, target: JsonSchema, candidates: readonly StructuralCandidate[], seeds: PlanSeeds): PlannedSearch {
  const plans: SearchPlan[] = [];
  const skipped: string[] = [];
  const add = (label: string, build: () => fc.Arbitrary<unknown>, reportSkip: boolean) => {
    try {
      plans.push({ label, arbitrary: build(), seed: planSeed(seeds, label) });
    } catch (error) {
      if (!(error instanceof UnsatisfiableSchemaError || error instanceof NoNearMissError)) throw error;
      if (reportSkip) skipped.push(`${label}: ${error.message}`);
    }
  };
  add("valid", () => validValue(source), true);
  add("near-miss", () => nearMiss(target).map((nearby) => nearby.value), false);
  const focused = new Set<string>();
  for (const candidate of candidates) {
    const label = `focus ${candidate.path || "(root)"}${candidate.subject.name === undefined ? "" : ` ${candidate.subject.name}`}`;
    if (candidate.focus === undefined || focused.has(label)) continue;
    focused.add(label);
    // A focus no value satisfies is an answer, not a problem: that change rejects nothing reachable.
    add(label, () => validValue(candidate.focus!), false);
  }
  return { plans, skipped };
}

/** FNV-1a over the scope and label, mixed into the run's seed: stable across runs and machines. */
function planSeed({ seed, scope }: PlanSeeds, label: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${scope}\u0000${label}`) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash ^ seed) | 0;
}
