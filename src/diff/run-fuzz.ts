// `runFuzz`: a candidate validator against the reference over declared (and generated) schemas, in
// worker threads, sharded deterministically, with saved regressions replayed first.
import type { FuzzSection } from "../report/model.js";
import { CircuitBreaker } from "../validators/module-limits.js";
import { FuzzWorkerHandle, StartingWorker, type WorkerSpawnOptions } from "./fuzz-worker-handle.js";
import { planTasks, resolveRun, runDataOf, type FuzzOptions, type ResolvedRun } from "./fuzz-run.js";
import { defaultWorkerCount, initialWorkerCount, workerSpawnOptionsOf } from "./fuzz-worker-boot.js";
import { PrestartedWorkers } from "./prestarted-workers.js";
import type { FuzzRunData } from "./fuzz-protocol.js";
import { buildSection, placeReport } from "./fuzz-section.js";
import { FuzzTally } from "./fuzz-tally.js";
import { runTaskQueue } from "./run-task-queue.js";
import { handleLost, type RebuildCase } from "./handle-lost-task.js";
import type { FuzzTask } from "./fuzz-protocol.js";
import { strayDeathReport } from "./lost-case.js";

export { defaultWorkerCount, FuzzInputError, randomSeed, type FuzzOptions, type FuzzProgress } from "./fuzz-run.js";
export { PrestartedWorkers } from "./prestarted-workers.js";

export async function runFuzz(options: FuzzOptions = {}): Promise<FuzzSection> {
  const spawnOptions = workerSpawnOptionsOf(options);
  const given = options.prestarted;
  if (given && !given.matches(spawnOptions)) await given.dispose();
  // The workers load while the catalogs are read: spawned first, handed the run once it is known.
  const prestarted = given?.matches(spawnOptions) ? given : new PrestartedWorkers(spawnOptions, initialWorkerCount(options));
  try {
    return await runWith(await resolveRun(options), spawnOptions, prestarted);
  } finally {
    await prestarted.dispose();
  }
}

async function runWith(run: ResolvedRun, spawnOptions: WorkerSpawnOptions, prestarted: PrestartedWorkers): Promise<FuzzSection> {
  const { options } = run;
  const readMs = Date.now() - prestarted.startedAt;
  const tally = new FuzzTally();
  const started = prestarted.startedAt;
  const cpuStart = prestarted.cpuAtStart;
  const abandoned = new Set<number>();
  const breaker = new CircuitBreaker(options.maxLostWorkers);
  const strayDeath = (task: FuzzTask, message: string): void => {
    tally.addReport(placeReport(run, strayDeathReport(task.kind === "cases" ? task.targetIndex : -1 - (task.indexes[0] ?? 0), message)));
    breaker.recordLoss(message);
  };
  const reportProgress = (): void => {
    const elapsedMs = Date.now() - started;
    options.onProgress?.({ cases: tally.cases, findings: tally.distinctFindings, elapsedMs, casesPerSecond: elapsedMs > 0 ? (tally.cases * 1000) / elapsedMs : 0 });
  };
  const tasks = planTasks(run);
  const workers = Math.max(1, Math.min(options.workers ?? defaultWorkerCount(), tasks.length));
  await prestarted.dispose(workers);
  const runData = runDataOf(run);
  // When each worker spawned ahead of the run could take tasks: the start-up part of the run.
  const readyMs: number[] = [];
  const startWorker = async (): Promise<FuzzWorkerHandle> => {
    const early = prestarted.take();
    const handle = await (early ?? StartingWorker.spawn(spawnOptions)).ready(runData, run.timeoutMs);
    if (early) readyMs.push(Date.now() - started);
    return handle;
  };
  await runTaskQueue(tasks, {
    workers: options.workers ?? defaultWorkerCount(),
    startWorker,
    onResult: (task, result) => {
      if (result.unsupported && task.kind === "cases") tally.unsupported.set(run.targets[task.targetIndex]!.id, result.unsupported);
      if (result.broken) breaker.trip(`the candidate broke the contract ${result.broken}`);
      tally.addResult(result, (report) => placeReport(run, report));
      reportProgress();
    },
    onStrayDeath: (task, message) => strayDeath(task, message),
    onLost: async (task, lost) => {
      if (lost.cause === "died" && lost.snapshot.phase === "idle") strayDeath(task, lost.message);
      const rest = await handleLost(run, tally, task, lost, rebuildInWorker(run, spawnOptions, runData), abandoned);
      // Only the candidate's own hangs and deaths count against it (not the reference's, not the engine's).
      const candidateLost = lost.snapshot.phase === "candidate" || lost.snapshot.phase === "compile";
      return candidateLost && breaker.recordLoss(lost.message) ? null : rest;
    },
    shouldStop: () => breaker.broken !== null || options.signal?.aborted === true || (options.maxDurationMs !== undefined && Date.now() - started > options.maxDurationMs),
    skipTask: (task) => task.kind === "cases" && abandoned.has(task.targetIndex),
  });
  const cpu = process.cpuUsage(cpuStart);
  const broken = breaker.broken ?? refusedEverything(run, tally);
  const durationMs = Date.now() - started;
  const section = buildSection(run, tally, durationMs, (cpu.user + cpu.system) / 1000, workers * durationMs);
  const startupMs = { read: readMs, workersReady: Math.max(readMs, ...readyMs) };
  return { ...section, stats: { ...section.stats, startupMs }, ...(broken ? { broken } : {}) };
}

/**
 * A lost case is rebuilt (generated, then shrunk along its path) in a fresh worker, bounded in time: the
 * generators may run the schema's patterns, and a catastrophic one must not stall the main thread.
 */
function rebuildInWorker(run: ResolvedRun, spawnOptions: WorkerSpawnOptions, runData: FuzzRunData): RebuildCase {
  const limitMs = Math.max(REBUILD_FLOOR_MS, 4 * run.timeoutMs);
  return async (targetIndex, caseIndex, shrinkPath) => {
    let handle: FuzzWorkerHandle | null = null;
    try {
      handle = await FuzzWorkerHandle.start({ ...spawnOptions, run: runData, timeoutMs: run.timeoutMs });
      return await handle.rebuild({ kind: "rebuild", targetIndex, caseIndex, shrinkPath }, limitMs);
    } catch {
      return null;
    } finally {
      await handle?.terminate();
    }
  };
}

const REBUILD_FLOOR_MS = 2000;

/** A candidate that refused every schema the reference compiled tested nothing: it is broken, not clean. */
function refusedEverything(run: ResolvedRun, tally: FuzzTally): string | null {
  if (run.targets.length === 0 || tally.cases > 0) return null;
  const refusals = run.targets.map((target) => tally.unsupported.get(target.id));
  const byCandidate = refusals.filter((reason): reason is string => reason !== undefined && !/^the (reference|generators) cannot/.test(reason));
  if (byCandidate.length === 0 || refusals.includes(undefined)) return null;
  return `the candidate refused every schema (${byCandidate.length} of ${run.targets.length}); first reason: ${byCandidate[0]}`;
}
