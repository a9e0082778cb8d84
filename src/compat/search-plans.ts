// What the random search draws from, for one direction: values valid under the source, near-misses
// of the target (a value just outside the new contract is often just inside the old one), and one
// focused arbitrary per structural candidate the construction did not witness. Each plan's seed comes
// from the run's seed and what the plan searches, never from a file or schema name.
import type fc from "fast-check";
import { nearMiss, NoNearMissError } from "../../generators/near-miss.js";
import type { JsonSchema } from "../schema/types.js";
import type { StructuralCandidate } from "./compat-types.js";
import type { SearchPlan } from "./differential-search.js";
import { drawableValues, isGenerationFailure, redrawing } from "./drawable-schema.js";

export interface PlannedSearch {
  readonly plans: readonly PlannedPlan[];
  /** Why the valid-value plan could not be built (null when it was). */
  readonly validProblem: string | null;
  /** Optional parts left out of drawn values, and focuses that could not be drawn from. */
  readonly notes: readonly string[];
  /** Candidates whose focus no value satisfies: the change rejects nothing the generator can reach. */
  readonly unreachable: ReadonlySet<StructuralCandidate>;
}

export interface PlannedPlan extends SearchPlan {
  /** The candidates this plan aims at (empty for the valid and near-miss plans). */
  readonly aims: readonly StructuralCandidate[];
}

export function planSearches(source: JsonSchema, target: JsonSchema, open: readonly StructuralCandidate[], seed: number): PlannedSearch {
  const plans: PlannedPlan[] = [];
  const notes: string[] = [];
  const unreachable = new Set<StructuralCandidate>();
  const valid = drawableValues(source);
  notes.push(...valid.leftOut);
  if (valid.ok) plans.push({ label: "valid", arbitrary: valid.arbitrary, seed: planSeed(seed, "valid"), aims: [] });
  const nearby = nearMissValues(target);
  if (nearby) plans.push({ label: "near-miss", arbitrary: nearby, seed: planSeed(seed, "near-miss"), aims: [] });
  const byLabel = new Map<string, StructuralCandidate[]>();
  for (const candidate of open) {
    if (candidate.focus === undefined) continue;
    const label = `focus ${candidate.path || "(root)"}${candidate.subject.name === undefined ? "" : ` ${candidate.subject.name}`}`;
    byLabel.set(label, [...(byLabel.get(label) ?? []), candidate]);
  }
  for (const [label, aims] of byLabel) {
    const focused = drawableValues(aims[0]!.focus!.root);
    notes.push(...focused.leftOut);
    if (focused.ok) plans.push({ label, arbitrary: focused.arbitrary, seed: planSeed(seed, label), aims });
    // A focus no value satisfies is an answer, not a problem: that change rejects nothing reachable.
    else if (/^unsatisfiable:/.test(focused.problem)) for (const aim of aims) unreachable.add(aim);
    else notes.push(`${label}: cannot draw values: ${focused.problem}`);
  }
  return { plans, validProblem: valid.ok ? null : valid.problem, notes, unreachable };
}

function nearMissValues(target: JsonSchema): fc.Arbitrary<unknown> | null {
  try {
    return redrawing(nearMiss(target).map((nearby) => nearby.value));
  } catch (error) {
    if (error instanceof NoNearMissError || isGenerationFailure(error)) return null;
    throw error;
  }
}

/** FNV-1a over the plan's label, mixed into the run's seed: stable across runs, machines and file names. */
function planSeed(seed: number, label: string): number {
  let hash = 0x811c9dc5;
  for (const char of label) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash ^ seed) | 0;
}
