// A worker that hung or died left no report: the heartbeat says which case (and which shrink step and
// which validator) it was on, and the main thread rebuilds that case from its seed to report it.
import { adjudicateReferenceTimeout, type Ruling } from "./adjudicate.js";
import type { CaseReport, RebuiltCase } from "./fuzz-protocol.js";
import type { HeartbeatSnapshot } from "./heartbeat.js";
import type { KnownDivergence } from "./known-divergences.js";
import type { RegressionCase } from "./regression-cases.js";

export interface LostCase {
  readonly cause: "timeout" | "died";
  readonly message: string;
  readonly snapshot: HeartbeatSnapshot;
}

function candidateRuling(lost: LostCase): Ruling {
  const what = lost.cause === "timeout" ? "did not answer" : "killed its worker";
  return { adjudication: "candidate-wrong", explanation: `the candidate ${what}: ${lost.message}` };
}

function engineRuling(lost: LostCase): Ruling {
  return { adjudication: "undecided", explanation: `the engine itself (generator or adjudication) stopped at this case: ${lost.message}` };
}

/** The report for a case lost while running a target's cases (`fuzzCase`: the value, rebuilt in a worker, or null). */
export function lostCaseReport(lost: LostCase, fuzzCase: RebuiltCase | null, divergences: readonly KnownDivergence[]): CaseReport {
  const { snapshot } = lost;
  const onReference = snapshot.phase === "reference";
  // Only the two validators' own phases blame them; anywhere else the engine (a generator) was running.
  const onEngine = !onReference && snapshot.phase !== "candidate";
  const path = fuzzCase?.path ?? "";
  const difference = lost.cause === "timeout" ? (onReference ? "reference-timeout" : "timeout") : onReference ? "reference-crash" : "crash";
  const ruling = onEngine ? engineRuling(lost) : onReference ? referenceRuling(lost, divergences) : candidateRuling(lost);
  return {
    targetIndex: snapshot.targetIndex,
    caseIndex: snapshot.caseIndex,
    shrinkPath: snapshot.shrinkPath,
    family: fuzzCase?.family ?? "unknown",
    // Like a throw, a hang or a death is about the validator, not one feature of the value.
    feature: onEngine ? "engine" : onReference ? "reference" : "any",
    path,
    pathPattern: "",
    difference,
    ruling,
    instance: fuzzCase?.value ?? null,
    reference: { valid: null, ...(onReference ? { error: lost.message } : {}) },
    candidate: { valid: null, ...(onReference ? {} : { error: lost.message }) },
  };
}

function referenceRuling(lost: LostCase, divergences: readonly KnownDivergence[]): Ruling {
  if (lost.cause === "timeout") return adjudicateReferenceTimeout(divergences);
  return { adjudication: "undecided", explanation: `the reference killed its worker: ${lost.message}` };
}

/** A target whose compile hung or killed the worker: a finding without an instance. */
export function lostCompileReport(lost: LostCase): CaseReport {
  return {
    targetIndex: lost.snapshot.targetIndex,
    caseIndex: -1,
    shrinkPath: [],
    family: "compile",
    feature: "compile",
    path: "",
    pathPattern: "",
    difference: lost.cause === "timeout" ? "timeout" : "crash",
    ruling: { adjudication: "candidate-wrong", explanation: `compiling the schema ${lost.cause === "timeout" ? "did not finish" : "killed the worker"}: ${lost.message}` },
    instance: null,
    reference: { valid: null },
    candidate: { valid: null, error: lost.message },
  };
}

export function lostRegressionReport(lost: LostCase, regression: RegressionCase): CaseReport {
  return {
    targetIndex: lost.snapshot.targetIndex,
    caseIndex: 0,
    shrinkPath: [],
    family: "regression",
    feature: regression.feature ?? "regression",
    path: "",
    pathPattern: "",
    difference: lost.cause === "timeout" ? "timeout" : "crash",
    ruling: candidateRuling(lost),
    instance: regression.instance,
    reference: { valid: regression.expected.valid },
    candidate: { valid: null, error: lost.message },
  };
}

/**
 * A worker that died between calls (a timer or a promise of the candidate threw after its call
 * returned): no case to blame, so the finding sits on the target its last task ran.
 */
export function strayDeathReport(targetIndex: number, message: string): CaseReport {
  return {
    targetIndex,
    caseIndex: -1,
    shrinkPath: [],
    family: "worker",
    feature: "worker",
    path: "",
    pathPattern: "",
    difference: "crash",
    ruling: { adjudication: "candidate-wrong", explanation: `the candidate's code killed its worker outside any call (a timer or a promise that threw): ${message}` },
    instance: null,
    reference: { valid: null },
    candidate: { valid: null, error: message },
  };
}
