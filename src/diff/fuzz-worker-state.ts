// A fuzz worker's state: the two validators, each target compiled once (lazily), and the task loop.
// Kept apart from the worker entry so tests can drive it in-process.
import { DEFAULT_DIALECT } from "../lite/dialect.js";
import { compileWithContext } from "../validators/compile-with-context.js";
import type { CompileContext, ValidatorModule } from "../validators/types.js";
import { CaseRunner, type CompiledTarget } from "./case-runner.js";
import { Tally } from "./case-tally.js";
import { CaseSource, type GeneratorSet } from "./case-source.js";
import { describeThrown, runValidator, validOf } from "./compare-outcomes.js";
import { CorrectedReference } from "./corrected-reference.js";
import { PROCESS_EXIT_CALLED, type CaseReport, type CaseTask, type RebuildRequest, type RebuiltCase, type FuzzTask, type RegressionTask, type TaskResult, type WorkerInit } from "./fuzz-protocol.js";
import { Heartbeat } from "./heartbeat.js";
import { generatorSchemaOf } from "./generator-schema.js";
import { divergencesFor } from "./known-divergences.js";
import { followShrinkPath } from "./shrink-case.js";
import { regressionName, type RegressionCase } from "./regression-cases.js";

type Compiled = CompiledTarget | { readonly unsupported: string } | { readonly broken: string };

export class FuzzWorkerState {
  private readonly heartbeat: Heartbeat;
  private readonly runner: CaseRunner;
  private readonly compiled = new Map<number, Compiled>();

  constructor(
    private readonly init: Omit<WorkerInit, "validator">,
    private readonly candidate: ValidatorModule,
    private readonly reference: ValidatorModule,
    private readonly generators: GeneratorSet,
    /** The lab's own candidate (lite, Ajv, the mutation bench's mutants): known to leave its input alone. */
    private readonly builtinCandidate = false,
  ) {
    this.heartbeat = new Heartbeat(init.heartbeat);
    this.runner = new CaseRunner(divergencesFor(init.reference, init.divergences), this.heartbeat);
  }

  run(task: FuzzTask): TaskResult {
    return task.kind === "cases" ? this.runCaseTask(task) : this.runRegressions(task);
  }

  /** The case a lost worker was on, rebuilt from its seed and shrink path (generators may run user patterns: not on the main thread). */
  rebuild(request: RebuildRequest): RebuiltCase | null {
    const target = this.init.targets[request.targetIndex];
    if (!target) return null;
    // As compileTarget builds it: the generators read the target's 2020-12 reading.
    const generated = new CaseSource(generatorSchemaOf(target), target.id, this.init.seed, this.generators).generate(request.caseIndex);
    const fuzzCase = generated ? followShrinkPath(generated.arbitrary, generated.generated, request.shrinkPath)?.value_ : undefined;
    return fuzzCase ? { value: fuzzCase.value, family: fuzzCase.family, path: fuzzCase.path } : null;
  }

  private runCaseTask(task: CaseTask): TaskResult {
    const compiled = this.compiledTarget(task.targetIndex);
    if ("unsupported" in compiled) return { ...emptyResult(), unsupported: compiled.unsupported };
    if ("broken" in compiled) return { ...emptyResult(), broken: compiled.broken };
    return this.runner.runCases(compiled, task);
  }

  private compiledTarget(index: number): Compiled {
    let compiled = this.compiled.get(index);
    if (!compiled) {
      this.heartbeat.enter("compile", index, -1);
      compiled = this.compileTarget(index);
      this.compiled.set(index, compiled);
    }
    return compiled;
  }

  private compileTarget(index: number): Compiled {
    const target = this.init.targets[index]!;
    const dialect = target.dialect ?? DEFAULT_DIALECT;
    const context: CompileContext = { dialect, ...(this.init.unknownKeywords ? { unknownKeywords: this.init.unknownKeywords } : {}) };
    const reference = tryCompile(this.reference, target.schema, context);
    if (typeof reference === "string") return { unsupported: `the reference cannot compile it: ${reference}` };
    const candidate = tryCompile(this.candidate, target.schema, context);
    if (typeof candidate === "string") return brokenContract(candidate) ? { broken: `compiling ${target.id}: ${candidate}` } : { unsupported: candidate };
    // The generators read draft 2020-12: every other dialect reaches them as its 2020-12 reading.
    const source = new CaseSource(generatorSchemaOf(target), target.id, this.init.seed, this.generators);
    try {
      source.assertGeneratable();
    } catch (error) {
      return { unsupported: `the generators cannot build values for it: ${describeThrown(error)}` };
    }
    return { index, target, candidate: this.builtinCandidate ? candidate : withOwnCopy(candidate), reference, source, corrected: new CorrectedReference(target.schema, dialect) };
  }

  private runRegressions(task: RegressionTask): TaskResult {
    const tally = new Tally();
    const reports: CaseReport[] = [];
    const skip = new Set(task.skip);
    for (const index of task.indexes) {
      if (skip.has(index)) continue;
      const report = this.runRegression(index, tally);
      if (report) reports.push(report);
    }
    this.heartbeat.enter("idle", -1, -1);
    return { ...emptyResult(), cases: tally.cases, valid: tally.valid, families: tally.families, reports };
  }

  private runRegression(index: number, tally: Tally): CaseReport | null {
    const regression = this.init.regressions[index]!;
    const targetIndex = -1 - index;
    this.heartbeat.enter("compile", targetIndex, 0);
    const validate = tryCompile(this.candidate, regression.schema);
    if (typeof validate === "string") return null;
    this.heartbeat.enter("candidate", targetIndex, 0);
    const outcome = runValidator(validate, structuredClone(regression.instance));
    const fuzzCase = { value: regression.instance, family: "regression", path: "", feature: regression.feature ?? "regression", expectedValid: regression.expected.valid };
    tally.count(fuzzCase, { kind: "verdict", valid: regression.expected.valid });
    const valid = validOf(outcome);
    if (valid === regression.expected.valid) return null;
    return regressionReport(regression, targetIndex, outcome.kind === "crash" ? outcome.error : undefined, valid);
  }
}

function regressionReport(regression: RegressionCase, targetIndex: number, error: string | undefined, valid: boolean | null): CaseReport {
  const difference = error !== undefined ? "crash" : valid ? "too-lax" : "too-strict";
  return {
    targetIndex,
    caseIndex: 0,
    shrinkPath: [],
    family: "regression",
    feature: regression.feature ?? "regression",
    path: "",
    pathPattern: "",
    difference,
    ruling: { adjudication: "candidate-wrong", explanation: `saved regression ${regressionName(regression)} fails again: ${regression.note}` },
    instance: regression.instance,
    reference: { valid: regression.expected.valid },
    candidate: { valid, ...(error !== undefined ? { error } : {}) },
  };
}

/** A compile that exits the process or returns no function breaks the module, not just this schema. */
function brokenContract(reason: string): boolean {
  return reason.startsWith(`${PROCESS_EXIT_CALLED}:`) || reason.startsWith(CONTRACT_VIOLATION);
}

const CONTRACT_VIOLATION = "validator contract violation: compile did not return a function";

/** A compiled validate function, or the reason the module refused (or broke the contract). */
function tryCompile(module: ValidatorModule, schema: object | boolean, context: CompileContext = {}): ((value: unknown) => unknown) | string {
  try {
    const validate = compileWithContext(module, schema, context);
    return typeof validate === "function" ? validate : `${CONTRACT_VIOLATION} (it returned ${validate === null ? "null" : typeof validate})`;
  } catch (error) {
    return describeThrown(error);
  }
}

/**
 * Warms up the lab's own code (the reference, a built-in candidate, the generators) before the
 * worker says it is ready: --timeout-ms then bounds each compile without charging the cold start
 * to the first schema. A user's module is not called here (a hang in it must be a finding). It needs
 * no run (a fixed seed: only the code is warmed), so a worker does it while the run is being read.
 */
export function warmUpWorker(candidate: ValidatorModule, reference: ValidatorModule, generators: GeneratorSet, builtinCandidate: boolean): void {
  for (const validator of builtinCandidate ? [reference, candidate] : [reference]) {
    const validate = tryCompile(validator, WARM_UP_SCHEMA);
    if (typeof validate !== "string") runValidator(validate, { a: "x", n: 1 });
  }
  try {
    new CaseSource(WARM_UP_SCHEMA, "warm-up", WARM_UP_SEED, generators).generate(0);
  } catch {
    // a generator that cannot warm up will say so on a real schema
  }
}

const WARM_UP_SEED = 1;

const WARM_UP_SCHEMA = { type: "object", properties: { a: { type: "string", minLength: 1, pattern: "^x" }, n: { type: "integer", minimum: 0 } }, required: ["a"] };

function emptyResult(): TaskResult {
  return { cases: 0, valid: 0, families: {}, reports: [], casesByTarget: {} };
}

/**
 * A user's candidate gets its own copy of each value. Cases share parts (the near misses of a group
 * derive from one base value, recipe values recur), and a batch asks the reference about all its
 * values before the candidate: a candidate that edits its input (defaults filled in, types coerced,
 * a sanitiser) would otherwise change values the reference has judged and the cases after it.
 */
function withOwnCopy(validate: (value: unknown) => unknown): (value: unknown) => unknown {
  return (value) => validate(copyOf(value));
}

function copyOf(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  try {
    return structuredClone(value);
  } catch {
    // Not cloneable (generated values are JSON, so only a custom generator's): the value itself.
    return value;
  }
}
