// The work inside a fuzz worker: generate case k, ask the reference then the candidate (so a candidate
// that mutates its input cannot change the reference's answer), adjudicate whatever differs, and
// shrink the first case of each class in the block, a batch of cases a phase at a time. Free of
// worker_threads, so tests can run it in-process.
import { adjudicate, type Ruling } from "./adjudicate.js";
import { BlockFindings, type ClassFields } from "./block-findings.js";
import type { CaseSource, GeneratedCase } from "./case-source.js";
import { classifyDifference, crashSignature, type DifferenceClass, type FuzzCase } from "./classify-difference.js";
import { compareOutcomes, describeThrown, runValidator, validOf, type Difference, type Outcome } from "./compare-outcomes.js";
import { CorrectedReference, type CorrectedVerdict } from "./corrected-reference.js";
import type { CaseReport, CaseTask, FuzzTarget, TaskResult } from "./fuzz-protocol.js";
import { Tally } from "./case-tally.js";
import type { Heartbeat } from "./heartbeat.js";
import type { CorrectionName, KnownDivergence } from "./known-divergences.js";
import { CANDIDATE, COMPARE, GENERATE, PhaseClock, REFERENCE } from "./phase-clock.js";
import { followShrinkPath, shrinkCase } from "./shrink-case.js";

type Validate = (value: unknown) => unknown;

const SHRINK_ATTEMPTS = 500;
/** Cases a batch runs a phase at a time: 32-128 measured alike; the batch's values are alive at once. */
const BATCH_SIZE = 64;
const KNOWN_DIVERGENCE_SHRINK_ATTEMPTS = 50;

export interface CompiledTarget {
  readonly index: number;
  readonly target: FuzzTarget;
  readonly candidate: Validate;
  readonly reference: Validate;
  readonly source: CaseSource;
  readonly corrected: CorrectedReference;
}

interface Evaluation {
  readonly candidate: Outcome;
  readonly reference: Outcome;
  readonly difference: Difference | null;
}

interface Judged {
  readonly fuzzCase: FuzzCase;
  readonly evaluation: Evaluation & { readonly difference: Difference };
  readonly differenceClass: DifferenceClass;
  readonly ruling: Ruling;
}

export class CaseRunner {
  private clock = new PhaseClock();

  constructor(
    private readonly divergences: readonly KnownDivergence[],
    private readonly heartbeat: Heartbeat,
  ) {}

  runCases(compiled: CompiledTarget, task: CaseTask): TaskResult {
    const tally = new Tally();
    const block = new BlockFindings(compiled.target.id);
    const skip = task.skip.length > 0 ? new Set(task.skip) : null;
    this.clock = new PhaseClock();
    if (task.replayPath) {
      for (let caseIndex = task.from; caseIndex < task.to; caseIndex++) {
        if (skip?.has(caseIndex)) continue;
        // A replay is filed under its own class.
        this.file(block, this.guardedReplay(compiled, caseIndex, task.replayPath, tally));
      }
    } else {
      for (let from = task.from; from < task.to; from += BATCH_SIZE) this.runBatch(compiled, from, Math.min(task.to, from + BATCH_SIZE), skip, tally, block);
    }
    this.heartbeat.enter("idle", compiled.index, -1);
    return {
      cases: tally.cases,
      valid: tally.valid,
      families: tally.families,
      reports: block.reports(),
      casesByTarget: { [compiled.index]: tally.cases },
      sourcesByTarget: { [compiled.index]: tally.sources },
      times: this.clock.times,
    };
  }

  /** Replays and engine failures come back as reports, filed under their own class. */
  private file(block: BlockFindings, report: CaseReport | null): void {
    if (report) block.add(block.classKey(report), report);
  }

  /** A throw from the engine itself (a generator, a shrinker) is reported on its case, never lost with the task. */
  private guardedReplay(compiled: CompiledTarget, caseIndex: number, replayPath: readonly number[], tally: Tally): CaseReport | null {
    try {
      return this.replayCase(compiled, caseIndex, replayPath, tally);
    } catch (error) {
      return engineFailure(compiled, caseIndex, describeThrown(error));
    }
  }

  /**
   * Cases `from <= k < to` a phase at a time: all generated, then all asked of the reference, then
   * of the candidate (each validator's code and data stay in the processor's caches: ~5% of a run's
   * CPU), then settled in case order. Each case still meets the reference before the candidate, and
   * the heartbeat names the case every validator call is on. Engine failures and findings are filed
   * in case order, as a case-at-a-time loop files them.
   */
  private runBatch(compiled: CompiledTarget, from: number, to: number, skip: ReadonlySet<number> | null, tally: Tally, block: BlockFindings): void {
    const { heartbeat } = this;
    const count = to - from;
    const cases: (GeneratedCase | null)[] = new Array<GeneratedCase | null>(count).fill(null);
    const failures: (string | undefined)[] = new Array<string | undefined>(count);
    this.clock.start();
    for (let i = 0; i < count; i++) {
      if (skip?.has(from + i)) continue;
      heartbeat.enter("generate", compiled.index, from + i);
      try {
        cases[i] = compiled.source.generate(from + i);
      } catch (error) {
        failures[i] = describeThrown(error);
      }
    }
    this.clock.lap(GENERATE);
    const references = this.askAll(compiled, "reference", from, cases);
    this.clock.lap(REFERENCE);
    const candidates = this.askAll(compiled, "candidate", from, cases);
    this.clock.lap(CANDIDATE);
    for (let i = 0; i < count; i++) {
      const failure = failures[i];
      if (failure !== undefined) this.file(block, engineFailure(compiled, from + i, failure));
      const generated = cases[i];
      if (!generated) continue;
      try {
        this.settle(compiled, from + i, generated, { candidate: candidates[i]!, reference: references[i]! }, tally, block);
      } catch (error) {
        this.file(block, engineFailure(compiled, from + i, describeThrown(error)));
      }
    }
    this.clock.lap(COMPARE);
  }

  private askAll(compiled: CompiledTarget, side: "reference" | "candidate", from: number, cases: readonly (GeneratedCase | null)[]): Outcome[] {
    const validate = side === "reference" ? compiled.reference : compiled.candidate;
    const outcomes = new Array<Outcome>(cases.length);
    for (let i = 0; i < cases.length; i++) {
      const generated = cases[i];
      if (!generated) continue;
      this.heartbeat.enter(side, compiled.index, from + i);
      outcomes[i] = runValidator(validate, generated.value.value);
    }
    return outcomes;
  }

  /**
   * Counts one case and judges it when the two differ. A differing case is shrunk and filed in the
   * block only when it is the first of its class there; later ones are counted.
   */
  private settle(compiled: CompiledTarget, caseIndex: number, generated: GeneratedCase, outcomes: Omit<Evaluation, "difference">, tally: Tally, block: BlockFindings): void {
    const fuzzCase = generated.value;
    const difference = compareOutcomes(outcomes.candidate, outcomes.reference);
    tally.count(fuzzCase, outcomes.reference);
    if (difference === null) return;
    this.heartbeat.enter("adjudicate", compiled.index, caseIndex);
    const judged = this.judge(compiled, fuzzCase, { ...outcomes, difference });
    const key = block.classKey(classFieldsOf(judged));
    if (block.countIfSeen(key)) return;
    const report = this.shrunkReport(compiled, caseIndex, generated, judged);
    // Filed under the class the case was found in, so the block's later cases of that class count onto it.
    if (report) block.add(key, report);
  }

  private shrunkReport(compiled: CompiledTarget, caseIndex: number, generated: GeneratedCase, judged: Judged): CaseReport | null {
    // Error locations are a softer difference: reported as found, not worth a shrink.
    if (judged.evaluation.difference === "error-location") return this.reportAt(compiled, caseIndex, []);
    const shrunk = shrinkCase(generated.arbitrary, generated.generated, {
      stillFails: (candidate) => {
        const fails = this.staysInClass(compiled, candidate, judged);
        this.heartbeat.phase("shrink"); // the generator makes the next candidate now
        return fails;
      },
      onAttempt: (path, index) => this.heartbeat.tryShrinkStep(path, index),
      // Known divergences are many and already explained: a short shrink is enough to show them.
      maxAttempts: judged.ruling.knownDivergence ? KNOWN_DIVERGENCE_SHRINK_ATTEMPTS : SHRINK_ATTEMPTS,
    });
    return this.reportAt(compiled, caseIndex, shrunk.path);
  }

  private replayCase(compiled: CompiledTarget, caseIndex: number, path: readonly number[], tally: Tally): CaseReport | null {
    this.heartbeat.enter("generate", compiled.index, caseIndex);
    const fuzzCase = valueAt(compiled, caseIndex, path);
    if (!fuzzCase) return null;
    tally.count(fuzzCase, this.evaluate(compiled, fuzzCase.value).reference);
    return this.reportAt(compiled, caseIndex, path);
  }

  /** Evaluates the case at this path again and reports it with a fresh copy of the value (one no validator has seen). */
  private reportAt(compiled: CompiledTarget, caseIndex: number, path: readonly number[]): CaseReport | null {
    this.heartbeat.enter("case", compiled.index, caseIndex);
    const fuzzCase = valueAt(compiled, caseIndex, path);
    if (!fuzzCase) return null;
    const evaluation = this.evaluate(compiled, fuzzCase.value);
    if (evaluation.difference === null) return null;
    const judged = this.judge(compiled, fuzzCase, { ...evaluation, difference: evaluation.difference });
    const instance = valueAt(compiled, caseIndex, path)?.value;
    return toReport(compiled, caseIndex, path, { ...judged, fuzzCase: { ...fuzzCase, value: instance } });
  }

  /** Cheapest test first: the direction, then the class, and only then the (costlier) adjudication. */
  private staysInClass(compiled: CompiledTarget, fuzzCase: FuzzCase, original: Judged): boolean {
    const evaluation = this.evaluate(compiled, fuzzCase.value);
    if (evaluation.difference !== original.evaluation.difference) return false;
    const a = classifyDifference(fuzzCase, evaluation.difference, evaluation.candidate, evaluation.reference);
    const b = original.differenceClass;
    if (a.feature !== b.feature || a.pathPattern !== b.pathPattern) return false;
    if (crashSignature(errorOf(evaluation)) !== crashSignature(errorOf(original.evaluation))) return false;
    const judged = this.judge(compiled, fuzzCase, { ...evaluation, difference: evaluation.difference });
    return judged.ruling.knownDivergence === original.ruling.knownDivergence;
  }

  /** One value asked of both, outside the batch loop (shrinking, replays, reports: their time counts as compare). */
  private evaluate(compiled: CompiledTarget, value: unknown): Evaluation {
    this.heartbeat.phase("reference");
    const reference = runValidator(compiled.reference, value);
    this.heartbeat.phase("candidate");
    const candidate = runValidator(compiled.candidate, value);
    return { candidate, reference, difference: compareOutcomes(candidate, reference) };
  }

  private judge(compiled: CompiledTarget, fuzzCase: FuzzCase, evaluation: Judged["evaluation"]): Judged {
    const differenceClass = classifyDifference(fuzzCase, evaluation.difference, evaluation.candidate, evaluation.reference);
    this.heartbeat.phase("adjudicate");
    // Several known divergences may share a correction: each corrected reference runs once per case.
    const verdicts = new Map<CorrectionName, CorrectedVerdict | null>();
    const correctedVerdict = (correction: CorrectionName): CorrectedVerdict | null => {
      if (!verdicts.has(correction)) verdicts.set(correction, compiled.corrected.verdict(correction, fuzzCase.value));
      return verdicts.get(correction) ?? null;
    };
    const ruling = adjudicate({ ...evaluation, fuzzCase, correctedVerdict }, this.divergences);
    return { fuzzCase, evaluation, differenceClass, ruling };
  }
}

function engineFailure(compiled: CompiledTarget, caseIndex: number, error: string): CaseReport {
  return {
    targetIndex: compiled.index,
    caseIndex,
    shrinkPath: [],
    family: "engine",
    feature: "engine",
    path: "",
    pathPattern: "",
    difference: "crash",
    ruling: { adjudication: "undecided", explanation: `the engine itself (a generator or the shrinker) failed on this case: ${error}` },
    instance: null,
    reference: { valid: null },
    candidate: { valid: null, error: `engine: ${error}` },
  };
}

/** The error text of whichever validator crashed, if one did. */
function errorOf(evaluation: Evaluation): string | undefined {
  if (evaluation.candidate.kind === "crash") return evaluation.candidate.error;
  return evaluation.reference.kind === "crash" ? evaluation.reference.error : undefined;
}

/** Case k after following a shrink path: the same value every time it is asked for. */
function valueAt(compiled: CompiledTarget, caseIndex: number, path: readonly number[]): FuzzCase | null {
  const generated = compiled.source.generate(caseIndex);
  if (!generated) return null;
  if (path.length === 0) return generated.value;
  return followShrinkPath(generated.arbitrary, generated.generated, path)?.value_ ?? null;
}

/** The class of a judged case, in the shape its report will have. */
function classFieldsOf(judged: Judged): ClassFields {
  const { candidate, reference, difference } = judged.evaluation;
  return {
    feature: judged.differenceClass.feature,
    pathPattern: judged.differenceClass.pathPattern,
    difference,
    ruling: judged.ruling,
    candidate: { valid: validOf(candidate), ...(candidate.kind === "crash" ? { error: candidate.error } : {}) },
    reference: { valid: validOf(reference), ...(reference.kind === "crash" ? { error: reference.error } : {}) },
  };
}

function toReport(compiled: CompiledTarget, caseIndex: number, shrinkPath: readonly number[], judged: Judged): CaseReport {
  return {
    targetIndex: compiled.index,
    caseIndex,
    shrinkPath: [...shrinkPath],
    family: judged.fuzzCase.family,
    path: judged.differenceClass.path,
    instance: judged.fuzzCase.value,
    ...classFieldsOf(judged),
  };
}
