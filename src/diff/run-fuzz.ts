// `runFuzz`: a candidate validator against the reference over declared (and generated) schemas, in
// worker threads, sharded deterministically, with saved regressions replayed first.
import { availableParallelism } from "node:os";
import { fromRoot } from "../package-root.js";
import type { FuzzSection } from "../report/model.js";
import { isBuiltinValidator, resolveValidatorPath } from "../validators/load-validator-module.js";
import { caseTasks, regressionTasks, runsPerTarget, WHOLE_RUN, type Shard } from "./case-plan.js";
import { CaseSource, type GeneratorSet } from "./case-source.js";
import type { CaseReport, FuzzTask } from "./fuzz-protocol.js";
import { FuzzTally } from "./fuzz-tally.js";
import { generateTargets, loadCatalogTargets, type PlacedTarget, type SchemaGenerator } from "./fuzz-targets.js";
import { runTaskQueue, type TaskOutcome } from "./fuzz-worker-pool.js";
import { groupFindings, listDisagreements, type PlacedReport } from "./group-findings.js";
import { divergencesFor, loadKnownDivergences, DEFAULT_KNOWN_DIVERGENCES_FILE, type KnownDivergence } from "./known-divergences.js";
import { lostCaseReport, lostCompileReport, lostRegressionReport } from "./lost-case.js";
import { loadRegressionCases, type RegressionCase } from "./regression-cases.js";
import { regressionReplayLine, replayLine, type CaseAddress } from "./replay-line.js";
import { loadGeneratorSet, loadSchemaGenerator } from "./generator-modules.js";

export interface FuzzProgress {
  readonly cases: number;
  readonly findings: number;
  readonly elapsedMs: number;
  readonly casesPerSecond: number;
}

export interface FuzzOptions {
  /** "lite" (default), "ajv", or a validator module path (relative to `cwd`). */
  readonly validator?: string;
  readonly reference?: string;
  /** Catalog files or folders (default suites/catalogs). */
  readonly schemas?: readonly string[];
  readonly generateSchemas?: number;
  /** Cases in all, split evenly over the schemas (default 10 000). */
  readonly runs?: number;
  /** Random when absent; the section says which. */
  readonly seed?: number;
  readonly shard?: Shard;
  readonly workers?: number;
  /** Per case (and per compile): a candidate silent for longer is a `timeout` finding (default 2000). */
  readonly timeoutMs?: number;
  /** Stop handing out work after this long; the section counts the cases that ran. */
  readonly maxDurationMs?: number;
  /** Saved regression cases to replay first (default suites/regressions; [] for none). */
  readonly regressions?: readonly string[];
  /** Run exactly this case (a replay line's `--schema-id` and `--replay-path`), nothing else. */
  readonly replay?: { readonly schemaId: string } & CaseAddress;
  readonly knownDivergencesFile?: string;
  readonly cwd?: string;
  readonly onProgress?: (progress: FuzzProgress) => void;
}

export class FuzzInputError extends Error {
  override readonly name = "FuzzInputError";
}

interface ResolvedRun {
  readonly options: FuzzOptions;
  readonly validatorSpec: string;
  readonly referenceSpec: string;
  readonly seed: number;
  readonly shard: Shard;
  readonly timeoutMs: number;
  readonly cwd: string;
  readonly targets: readonly PlacedTarget[];
  readonly regressions: readonly RegressionCase[];
  readonly divergences: readonly KnownDivergence[];
  readonly generators: GeneratorSet;
}

export function randomSeed(): number {
  return Math.floor(Math.random() * 0x7fffffff);
}

export function defaultWorkerCount(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

export async function runFuzz(options: FuzzOptions = {}): Promise<FuzzSection> {
  const run = await resolveRun(options);
  const tally = new FuzzTally();
  const started = Date.now();
  const sources = new Map<number, CaseSource>();
  const sourceFor = (index: number): CaseSource | null => {
    const target = run.targets[index];
    if (!target) return null;
    if (!sources.has(index)) sources.set(index, new CaseSource(target.schema, target.id, run.seed, run.generators));
    return sources.get(index)!;
  };
  const place = (report: CaseReport): PlacedReport => placeReport(run, report);
  const abandoned = new Set<number>();
  await runTaskQueue(planTasks(run), {
    workers: options.workers ?? defaultWorkerCount(),
    worker: {
      timeoutMs: run.timeoutMs,
      data: {
        validator: workerModuleSpec(run.validatorSpec, run.cwd),
        reference: workerModuleSpec(run.referenceSpec, run.cwd),
        seed: run.seed,
        targets: run.targets.map(({ id, schema }) => ({ id, schema })),
        regressions: run.regressions,
        divergences: run.divergences,
        cwd: run.cwd,
      },
    },
    onResult: (task, result) => {
      if (result.unsupported && task.kind === "cases") tally.unsupported.set(run.targets[task.targetIndex]!.id, result.unsupported);
      tally.addResult(result, place);
      const elapsedMs = Date.now() - started;
      options.onProgress?.({ cases: tally.cases, findings: tally.distinctFindings, elapsedMs, casesPerSecond: elapsedMs > 0 ? (tally.cases * 1000) / elapsedMs : 0 });
    },
    onLost: (task, lost) => handleLost(run, tally, task, lost, sourceFor, abandoned),
    shouldStop: () => options.maxDurationMs !== undefined && Date.now() - started > options.maxDurationMs,
    skipTask: (task) => task.kind === "cases" && abandoned.has(task.targetIndex),
  });
  return buildSection(run, tally, Date.now() - started);
}

async function resolveRun(options: FuzzOptions): Promise<ResolvedRun> {
  const cwd = options.cwd ?? process.cwd();
  const seed = options.seed ?? randomSeed();
  const generators = await loadGeneratorSet();
  const catalogs = await loadCatalogTargets(options.schemas ?? [fromRoot("suites", "catalogs")]);
  const generated = options.generateSchemas ? generateTargets(options.generateSchemas, seed, await loadSchemaGenerator()) : [];
  let targets = [...catalogs, ...generated];
  if (options.replay) {
    const wanted = options.replay.schemaId;
    targets = targets.filter((target) => target.id === wanted);
    if (targets.length === 0) throw new FuzzInputError(`--schema-id ${wanted}: no such schema among those loaded`);
  }
  const referenceSpec = options.reference ?? "ajv";
  return {
    options,
    validatorSpec: options.validator ?? "lite",
    referenceSpec,
    seed,
    shard: options.shard ?? WHOLE_RUN,
    timeoutMs: options.timeoutMs ?? 2000,
    cwd,
    targets,
    regressions: options.replay ? [] : await loadRegressionCases(options.regressions ?? [fromRoot("suites", "regressions")]),
    divergences: divergencesFor(referenceSpec, await loadKnownDivergences(options.knownDivergencesFile ?? DEFAULT_KNOWN_DIVERGENCES_FILE)),
    generators,
  };
}

function workerModuleSpec(spec: string, cwd: string): string {
  return isBuiltinValidator(spec) ? spec : resolveValidatorPath(spec, cwd);
}

function planTasks(run: ResolvedRun): FuzzTask[] {
  const { replay } = run.options;
  if (replay) {
    return [{ kind: "cases", targetIndex: 0, from: replay.caseIndex, to: replay.caseIndex + 1, shardIndex: 0, shardCount: 1, skip: [], replayPath: replay.shrinkPath }];
  }
  const runs = runsPerTarget(run.options.runs ?? 10_000, run.targets.length);
  return [...regressionTasks(run.regressions.length, run.shard), ...caseTasks(runs, run.shard)];
}

type TaskOutcomeLost = Extract<TaskOutcome, { kind: "lost" }>;

const MAX_LOST_PER_TARGET = 5;
const MAX_RETRIES = 2;

/** The heartbeat does not point into this task: the worker was lost before or after its cases. */
function isStale(task: FuzzTask, snapshot: TaskOutcomeLost["snapshot"]): boolean {
  if (snapshot.phase === "idle") return true;
  if (task.kind === "regressions") return !task.indexes.includes(-1 - snapshot.targetIndex);
  return snapshot.targetIndex !== task.targetIndex || (snapshot.phase !== "compile" && (snapshot.caseIndex < task.from || snapshot.caseIndex >= task.to));
}

function handleLost(
  run: ResolvedRun,
  tally: FuzzTally,
  task: FuzzTask,
  lost: TaskOutcomeLost,
  sourceFor: (index: number) => CaseSource | null,
  abandoned: Set<number>,
): FuzzTask | null {
  const { snapshot } = lost;
  if (isStale(task, snapshot)) {
    if ((task.retries ?? 0) < MAX_RETRIES) return { ...task, retries: (task.retries ?? 0) + 1 };
    const what = task.kind === "cases" ? run.targets[task.targetIndex]!.id : "saved regressions";
    tally.unsupported.set(what, `a task was lost ${MAX_RETRIES + 1} times outside any case: ${lost.message}`);
    return null;
  }
  if (task.kind === "regressions") {
    const index = -1 - snapshot.targetIndex;
    tally.addReport(placeReport(run, lostRegressionReport(lost, run.regressions[index]!)));
    return { ...task, skip: [...task.skip, index] };
  }
  const target = run.targets[task.targetIndex]!;
  if (snapshot.phase === "compile") {
    tally.addReport(placeReport(run, lostCompileReport(lost)));
    abandoned.add(task.targetIndex);
    tally.unsupported.set(target.id, `compiling it ${lost.cause === "timeout" ? "did not finish" : "killed the worker"}: ${lost.message}`);
    return null;
  }
  tally.addReport(placeReport(run, lostCaseReport(lost, sourceFor(task.targetIndex), run.divergences)));
  if (tally.countLost(task.targetIndex) >= MAX_LOST_PER_TARGET) {
    abandoned.add(task.targetIndex);
    tally.unsupported.set(target.id, `abandoned after ${MAX_LOST_PER_TARGET} cases that hung or killed the worker`);
    return null;
  }
  return { ...task, skip: [...task.skip, snapshot.caseIndex] };
}

function placeReport(run: ResolvedRun, report: CaseReport): PlacedReport {
  if (report.targetIndex < 0) {
    const regression = run.regressions[-1 - report.targetIndex]!;
    const schemaId = regression.schemaId ?? `regression/${regression.file}`;
    return { ...report, schemaId, schema: regression.schema, replay: regressionReplayLine(run.validatorSpec, run.referenceSpec, regression.file, run.cwd) };
  }
  const target = run.targets[report.targetIndex]!;
  const generatedCount = run.options.generateSchemas && !target.file ? run.options.generateSchemas : undefined;
  const replay = replayLine(
    {
      validator: run.validatorSpec,
      reference: run.referenceSpec,
      seed: run.seed,
      schemaId: target.id,
      ...(target.file ? { schemaFile: target.file } : {}),
      ...(generatedCount ? { generatedSchemas: generatedCount } : {}),
      caseIndex: report.caseIndex,
      shrinkPath: report.shrinkPath,
      ...(report.difference === "timeout" || report.difference === "reference-timeout" ? { timeoutMs: run.timeoutMs } : {}),
    },
    run.cwd,
  );
  return { ...report, schemaId: target.id, schema: target.schema, replay };
}

function buildSection(run: ResolvedRun, tally: FuzzTally, durationMs: number): FuzzSection {
  const findings = groupFindings(tally.reports);
  const sortedReports = [...tally.reports].sort((a, b) => a.targetIndex - b.targetIndex || a.caseIndex - b.caseIndex);
  return {
    kind: "fuzz",
    validator: run.validatorSpec,
    reference: run.referenceSpec,
    seed: run.seed,
    ...(run.shard.count > 1 ? { shard: { index: run.shard.index, count: run.shard.count } } : {}),
    cases: tally.cases,
    unsupported: [...tally.unsupported].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([schemaId, reason]) => ({ schemaId, reason })),
    targets: run.targets.map((target, index) => ({
      schemaId: target.id,
      cases: tally.casesByTarget.get(index) ?? 0,
      findings: findings.filter((finding) => finding.schemaId === target.id).length,
    })),
    stats: {
      casesPerSecond: durationMs > 0 ? (tally.cases * 1000) / durationMs : 0,
      validShare: tally.cases > 0 ? tally.valid / tally.cases : 0,
      durationMs,
      byFamily: tally.familyShares(),
    },
    findings,
    disagreements: listDisagreements(sortedReports),
  };
}
