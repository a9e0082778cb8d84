// One case, two validators: what each said, and how they differ. A throw or a return that breaks the
// validator contract is an outcome too (a crash), never an exception out of the engine.
import { describeThrown } from "../validators/describe-thrown.js";
import { checkVerdict } from "../validators/normalize-verdict.js";
import type { CandidateError } from "../validators/types.js";

export type Outcome =
  | { readonly kind: "verdict"; readonly valid: boolean; readonly errors?: readonly CandidateError[] }
  | { readonly kind: "crash"; readonly error: string };

/** How the candidate differs from the reference on one case ("reference-crash": the reference threw). */
export type Difference = "too-lax" | "too-strict" | "crash" | "reference-crash" | "error-location";

export { describeThrown };

export function runValidator(validate: (value: unknown) => unknown, value: unknown): Outcome {
  let raw: unknown;
  try {
    raw = validate(value);
  } catch (thrown) {
    return { kind: "crash", error: describeThrown(thrown) };
  }
  // A bare boolean (Ajv-style and most hand-written modules) needs no check and no copy.
  if (raw === true) return VALID;
  const checked = checkVerdict(raw);
  if (typeof checked === "string") return { kind: "crash", error: checked };
  if (checked.valid && checked.errors === undefined) return VALID;
  return { kind: "verdict", valid: checked.valid, errors: checked.errors };
}

/**
 * Every valid answer without errors reads the same: one shared outcome, nothing allocated per case.
 * Not frozen: a frozen object has a map of its own, and the loop would then see two outcome shapes.
 */
const VALID: Outcome = { kind: "verdict", valid: true, errors: undefined };

export function validOf(outcome: Outcome): boolean | null {
  return outcome.kind === "verdict" ? outcome.valid : null;
}

export function compareOutcomes(candidate: Outcome, reference: Outcome): Difference | null {
  if (candidate.kind === "crash") return "crash";
  if (reference.kind === "crash") return "reference-crash";
  if (candidate.valid !== reference.valid) return candidate.valid ? "too-lax" : "too-strict";
  if (!candidate.valid && candidate.errors && reference.errors && !samePaths(candidate.errors, reference.errors)) {
    return "error-location";
  }
  return null;
}

/** Above this many errors a side, the path sets are built; below, each path is looked for in place. */
const SMALL_ERROR_LIST = 16;

/**
 * The same set of instance paths on both sides. This runs for every case both reject (half of a run):
 * the usual one to three errors a side are compared in place, allocating nothing.
 */
function samePaths(a: readonly CandidateError[], b: readonly CandidateError[]): boolean {
  if (a.length > SMALL_ERROR_LIST || b.length > SMALL_ERROR_LIST) return samePathSets(a, b);
  return everyPathIn(a, b) && everyPathIn(b, a);
}

function everyPathIn(from: readonly CandidateError[], into: readonly CandidateError[]): boolean {
  outer: for (let i = 0; i < from.length; i++) {
    const path = from[i]!.instancePath;
    for (let j = 0; j < into.length; j++) if (into[j]!.instancePath === path) continue outer;
    return false;
  }
  return true;
}

function samePathSets(a: readonly CandidateError[], b: readonly CandidateError[]): boolean {
  const inA = new Set(a.map((error) => error.instancePath));
  const inB = new Set(b.map((error) => error.instancePath));
  if (inA.size !== inB.size) return false;
  for (const path of inA) if (!inB.has(path)) return false;
  return true;
}

/** The distinct failing instance paths, sorted. */
export function errorPaths(outcome: Outcome): string[] {
  if (outcome.kind !== "verdict" || !outcome.errors) return [];
  return [...new Set(outcome.errors.map((error) => error.instancePath))].sort();
}

/** Paths one side reports and the other does not, in order: the first one names the class. */
export function errorPathDifference(candidate: Outcome, reference: Outcome): { candidateOnly: string[]; referenceOnly: string[] } {
  const candidatePaths = errorPaths(candidate);
  const referencePaths = errorPaths(reference);
  return {
    candidateOnly: candidatePaths.filter((path) => !referencePaths.includes(path)),
    referenceOnly: referencePaths.filter((path) => !candidatePaths.includes(path)),
  };
}

/** The first error at `path` (or the first at all), for naming the keyword behind a verdict. */
export function errorAt(outcome: Outcome, path?: string): CandidateError | undefined {
  if (outcome.kind !== "verdict" || !outcome.errors) return undefined;
  return (path === undefined ? undefined : outcome.errors.find((error) => error.instancePath === path)) ?? outcome.errors[0];
}
