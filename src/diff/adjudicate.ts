// Who is right when candidate and reference disagree, where that can be decided: a corrected reference
// (exact multipleOf, own properties...) that sides with the candidate names a known divergence; the
// generator's constructive ground truth decides the rest; a throw or a hang is always the thrower's.
import type { Adjudication } from "../report/model.js";
import type { FuzzCase } from "./classify-difference.js";
import { errorPaths, type Difference, type Outcome } from "./compare-outcomes.js";
import type { CorrectedVerdict } from "./corrected-reference.js";
import { adjudicationOf, type CorrectionName, type KnownDivergence } from "./known-divergences.js";

export interface Ruling {
  readonly adjudication: Adjudication;
  readonly explanation: string;
  readonly knownDivergence?: string;
}

export interface AdjudicationInput {
  readonly difference: Difference;
  readonly fuzzCase: FuzzCase;
  readonly candidate: Outcome;
  readonly reference: Outcome;
  /** The corrected reference's verdict on this case, or null when it has none. */
  readonly correctedVerdict: (correction: CorrectionName) => CorrectedVerdict | null;
}

export function adjudicate(input: AdjudicationInput, divergences: readonly KnownDivergence[]): Ruling {
  switch (input.difference) {
    case "crash":
      return { adjudication: "candidate-wrong", explanation: `the candidate failed to answer: ${input.candidate.kind === "crash" ? input.candidate.error : "crash"}` };
    case "reference-crash":
      return adjudicateReferenceCrash(input.reference.kind === "crash" ? input.reference.error : "", input.fuzzCase.value, divergences);
    case "error-location":
      return adjudicateErrorLocation(input, divergences);
    default:
      return adjudicateVerdicts(input, divergences);
  }
}

function adjudicateVerdicts(input: AdjudicationInput, divergences: readonly KnownDivergence[]): Ruling {
  const candidateValid = input.candidate.kind === "verdict" ? input.candidate.valid : null;
  for (const divergence of divergences) {
    const correction = divergence.detect.correction;
    if (correction && input.correctedVerdict(correction)?.valid === candidateValid) {
      return { adjudication: adjudicationOf(divergence), explanation: divergence.description, knownDivergence: divergence.id };
    }
  }
  const expected = input.fuzzCase.expectedValid;
  if (expected === null) return { adjudication: "undecided", explanation: "no ground truth for this value; the reference is presumed right" };
  const built = expected ? "valid" : "invalid";
  if (expected !== candidateValid) return { adjudication: "candidate-wrong", explanation: `the generator built this value to be ${built} (family ${input.fuzzCase.family})` };
  return {
    adjudication: "undecided",
    explanation: `the generator built this value to be ${built}, siding with the candidate, and no known divergence explains the reference: look at it (generator or reference bug)`,
  };
}

/** Both reject; a corrected reference that points where the candidate points names the divergence. */
function adjudicateErrorLocation(input: AdjudicationInput, divergences: readonly KnownDivergence[]): Ruling {
  const candidatePaths = errorPaths(input.candidate).join("\u0000");
  for (const divergence of divergences) {
    const correction = divergence.detect.correction;
    const corrected = correction ? input.correctedVerdict(correction) : null;
    if (corrected && !corrected.valid && corrected.errorPaths.join("\u0000") === candidatePaths) {
      return { adjudication: adjudicationOf(divergence), explanation: divergence.description, knownDivergence: divergence.id };
    }
  }
  return { adjudication: "undecided", explanation: "both reject the value but report different failing instance paths" };
}

function adjudicateReferenceCrash(error: string, value: unknown, divergences: readonly KnownDivergence[]): Ruling {
  // A label must match its cause: "a value nested tens of thousands deep" is not Ajv looping on {"$ref": "#"} with 0.
  const known = divergences.find(
    (divergence) =>
      divergence.detect.referenceError !== undefined &&
      error.includes(divergence.detect.referenceError) &&
      (divergence.detect.minInstanceDepth === undefined || nestingDepthAtLeast(value, divergence.detect.minInstanceDepth)),
  );
  if (known) return { adjudication: adjudicationOf(known), explanation: `${known.description} (${error})`, knownDivergence: known.id };
  return { adjudication: "undecided", explanation: `the reference failed to answer: ${error}` };
}

/** Whether a value is nested at least `depth` levels deep (iterative: the value may be deeper than the stack). */
export function nestingDepthAtLeast(value: unknown, depth: number): boolean {
  let level: unknown[] = [value];
  for (let reached = 0; reached < depth; reached += 1) {
    const next: unknown[] = [];
    for (const item of level) if (typeof item === "object" && item !== null) for (const child of Object.values(item)) next.push(child);
    if (next.length === 0) return false;
    level = next;
  }
  return true;
}

/** A reference that hung: known as a robustness divergence, or undecided. */
export function adjudicateReferenceTimeout(divergences: readonly KnownDivergence[]): Ruling {
  const known = divergences.find((divergence) => divergence.detect.referenceTimeout === true);
  if (known) return { adjudication: adjudicationOf(known), explanation: known.description, knownDivergence: known.id };
  return { adjudication: "undecided", explanation: "the reference did not answer within the timeout" };
}

/** Does this finding fail a run? Known divergences, reference-wrong and error-location findings do not. */
export function failsRun(finding: { readonly adjudication: Adjudication; readonly direction: string; readonly knownDivergence?: string }): boolean {
  return finding.direction !== "error-location" && finding.adjudication !== "reference-wrong" && finding.knownDivergence === undefined;
}
