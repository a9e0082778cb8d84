// The differential search: values drawn for the source version, checked against the target with Ajv.
// A value the source accepts and the target rejects is a break, shrunk by fast-check to a minimal one.
// After each find the search runs again, passing over breaks already found, so one run yields every
// distinct break its arbitrary reaches (each by the same seed: the replay line reproduces all of them).
import fc from "fast-check";
import type { ReferenceError, Witness } from "./compat-types.js";
import { causeErrors, type ReferenceCheck } from "./reference-check.js";

export interface SearchPlan {
  /** Which arbitrary this is: `valid`, `near-miss`, or the focused change's path. */
  readonly label: string;
  readonly arbitrary: fc.Arbitrary<unknown>;
  readonly seed: number;
}

export interface SearchBudget {
  /** Values drawn per round. */
  readonly runs: number;
  /** Distinct breaks one plan may report before it stops looking. */
  readonly maxBreaks: number;
}

export interface SearchOutcome {
  readonly witnesses: readonly Witness[];
  /** Why a plan stopped early (a generator that could not draw), for the report's notes. */
  readonly problems: readonly string[];
}

/** Errors of one kind at one place: a break already found is passed over on the next round. */
export function breakKeys(errors: readonly ReferenceError[]): string[] {
  return causeErrors(errors).map((error) => `${error.schemaPath}\u0000${String(error.params.missingProperty ?? error.params.additionalProperty ?? "")}`);
}

// A round (search plus shrinking) stops after this long and keeps the smallest counterexample so far:
// shrinking a large value through filtered generators can otherwise take tens of seconds.
const SEARCH_ROUND_LIMIT_MS = 4000;

export function searchBreaks(source: ReferenceCheck, target: ReferenceCheck, plan: SearchPlan, budget: SearchBudget): SearchOutcome {
  const known = new Set<string>();
  const witnesses: Witness[] = [];
  const isNewBreak = (value: unknown): boolean => {
    if (!source(value).valid) return false;
    const verdict = target(value);
    return !verdict.valid && breakKeys(verdict.errors).some((key) => !known.has(key));
  };
  for (let round = 0; round < budget.maxBreaks; round += 1) {
    let details: fc.RunDetails<[unknown]>;
    try {
      details = fc.check(fc.property(plan.arbitrary, (value) => !isNewBreak(value)), { seed: plan.seed, numRuns: budget.runs, interruptAfterTimeLimit: SEARCH_ROUND_LIMIT_MS });
    } catch (error) {
      // The generator itself threw (a filter that kept rejecting): keep what was found, say why it stopped.
      return { witnesses, problems: [`${plan.label}: ${describeFailure(error)}`] };
    }
    if (!details.failed || details.counterexample === null) break;
    const [value] = details.counterexample;
    if (!isNewBreak(value)) return { witnesses, problems: [`${plan.label}: ${describeFailure(details.errorInstance)}`] };
    const errors = target(value).errors;
    for (const key of breakKeys(errors)) known.add(key);
    witnesses.push({ value, errors, foundBy: plan.label });
  }
  return { witnesses, problems: [] };
}

function describeFailure(error: unknown): string {
  return error instanceof Error ? error.message.split("\n", 1)[0]! : `the search stopped: ${String(error)}`;
}
