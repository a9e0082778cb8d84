// The differential search: values drawn for the source version, checked against the target with Ajv.
// A value the source accepts and the target rejects is a break, shrunk by fast-check to a minimal one.
// After each find the search runs again, passing over breaks already found, so one run yields every
// distinct break its arbitrary reaches (each by the same seed: the replay line reproduces all of them).
// Every budget counts cases (values drawn, shrink steps), never time, so a loaded machine draws the
// same values and reaches the same verdict.
import fc from "fast-check";
import type { ReferenceError, Witness } from "./compat-types.js";
import { isGenerationFailure } from "./drawable-schema.js";
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
  /** Shrink candidates tried per counterexample; past it the smallest so far is kept. */
  readonly shrinkSteps: number;
}

export interface SearchOutcome {
  readonly witnesses: readonly Witness[];
  /** Values drawn and checked (shrink steps not counted). */
  readonly cases: number;
  /** True when every round drew its full count (or the plan reached maxBreaks): nothing cut it short. */
  readonly complete: boolean;
  /** Why a plan stopped early (a generator that could not draw), for the report's notes. */
  readonly problems: readonly string[];
}

/** Errors of one kind at one place: a break already found is passed over on the next round. */
export function breakKeys(errors: readonly ReferenceError[]): string[] {
  return causeErrors(errors).map((error) => `${error.schemaPath}\u0000${String(error.params.missingProperty ?? error.params.additionalProperty ?? "")}`);
}

export function searchBreaks(source: ReferenceCheck, target: ReferenceCheck, plan: SearchPlan, budget: SearchBudget): SearchOutcome {
  const known = new Set<string>();
  const witnesses: Witness[] = [];
  let cases = 0;
  const isNewBreak = (value: unknown): boolean => {
    if (!source(value).valid) return false;
    const verdict = target(value);
    return !verdict.valid && breakKeys(verdict.errors).some((key) => !known.has(key));
  };
  for (let round = 0; round < budget.maxBreaks; round += 1) {
    const found = findCounterexample(plan.arbitrary, isNewBreak, { seed: plan.seed, runs: budget.runs, shrinkSteps: budget.shrinkSteps });
    cases += found.cases;
    if (found.problem !== undefined) return { witnesses, cases, complete: false, problems: [`${plan.label}: ${found.problem}`] };
    if (found.value === undefined) return { witnesses, cases, complete: true, problems: [] };
    const errors = target(found.value.value).errors;
    for (const key of breakKeys(errors)) known.add(key);
    witnesses.push({ value: found.value.value, errors, foundBy: plan.label });
  }
  return { witnesses, cases, complete: true, problems: [] };
}

export interface FindSettings {
  readonly seed: number;
  /** Values drawn. */
  readonly runs: number;
  readonly shrinkSteps: number;
}

export interface FindOutcome {
  /** The first value `wanted` holds for, shrunk within the step budget. */
  readonly value?: { readonly value: unknown };
  readonly cases: number;
  /** Set when drawing failed before `runs` values were checked. */
  readonly problem?: string;
}

/** Draws up to `runs` values and shrinks the first one `wanted` holds for, all by counts. */
export function findCounterexample(arbitrary: fc.Arbitrary<unknown>, wanted: (value: unknown) => boolean, settings: FindSettings): FindOutcome {
  const shrinkBudget = { left: settings.shrinkSteps };
  let details: fc.RunDetails<[unknown]>;
  try {
    details = fc.check(fc.property(budgetedShrink(arbitrary, shrinkBudget), (value) => !wanted(value)), { seed: settings.seed, numRuns: settings.runs });
  } catch (error) {
    if (!isGenerationFailure(error)) throw error;
    return { cases: 0, problem: firstLine(error) };
  }
  const cases = details.numRuns;
  if (!details.failed) return { cases };
  if (details.counterexample === null || !wanted(details.counterexample[0])) {
    // The property failed by throwing: the generator gave up mid-run.
    return { cases, problem: firstLine(details.errorInstance) };
  }
  return { value: { value: details.counterexample[0] }, cases };
}

function firstLine(error: unknown): string {
  return error instanceof Error ? error.message.split("\n", 1)[0]! : `the search stopped: ${String(error)}`;
}

/** The arbitrary with a shared allowance of shrink candidates: when it runs out, shrinking ends where it is. */
function budgetedShrink(source: fc.Arbitrary<unknown>, budget: { left: number }): fc.Arbitrary<unknown> {
  return new BudgetedShrinkArbitrary(source, budget);
}

class BudgetedShrinkArbitrary extends fc.Arbitrary<unknown> {
  constructor(
    private readonly source: fc.Arbitrary<unknown>,
    private readonly budget: { left: number },
  ) {
    super();
  }

  generate(random: fc.Random, biasFactor: number | undefined): fc.Value<unknown> {
    return this.source.generate(random, biasFactor);
  }

  canShrinkWithoutContext(value: unknown): value is unknown {
    return this.source.canShrinkWithoutContext(value);
  }

  shrink(value: unknown, context: unknown): fc.Stream<fc.Value<unknown>> {
    return this.source.shrink(value, context).takeWhile(() => {
      this.budget.left -= 1;
      return this.budget.left >= 0;
    });
  }
}
