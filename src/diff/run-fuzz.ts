// `runFuzz`: a candidate validator against the reference over declared (and generated) schemas, in
// worker threads, sharded deterministically, with saved regressions replayed first.
import type { FuzzSection } from "../report/model.js";
import { caseSourcesOf, defaultWorkerCount, planTasks, resolveRun, workerDataOf, type FuzzOptions } from "./fuzz-run.js";
import { buildSection, placeReport } from "./fuzz-section.js";
import { FuzzTally } from "./fuzz-tally.js";
import { runTaskQueue } from "./run-task-queue.js";
import { handleLost } from "./handle-lost-task.js";

export { defaultWorkerCount, FuzzInputError, randomSeed, type FuzzOptions, type FuzzProgress } from "./fuzz-run.js";

export async function runFuzz(options: FuzzOptions = {}): Promise<FuzzSection> {
  const run = await resolveRun(options);
  const tally = new FuzzTally();
  const started = Date.now();
  const cpuStart = process.cpuUsage();
  const sourceFor = caseSourcesOf(run);
  const abandoned = new Set<number>();
  const reportProgress = (): void => {
    const elapsedMs = Date.now() - started;
    options.onProgress?.({ cases: tally.cases, findings: tally.distinctFindings, elapsedMs, casesPerSecond: elapsedMs > 0 ? (tally.cases * 1000) / elapsedMs : 0 });
  };
  await runTaskQueue(planTasks(run), {
    workers: options.workers ?? defaultWorkerCount(),
    worker: { timeoutMs: run.timeoutMs, data: workerDataOf(run) },
    onResult: (task, result) => {
      if (result.unsupported && task.kind === "cases") tally.unsupported.set(run.targets[task.targetIndex]!.id, result.unsupported);
      tally.addResult(result, (report) => placeReport(run, report));
      reportProgress();
    },
    onLost: (task, lost) => handleLost(run, tally, task, lost, sourceFor, abandoned),
    shouldStop: () => options.maxDurationMs !== undefined && Date.now() - started > options.maxDurationMs,
    skipTask: (task) => task.kind === "cases" && abandoned.has(task.targetIndex),
  });
  const cpu = process.cpuUsage(cpuStart);
  return buildSection(run, tally, Date.now() - started, (cpu.user + cpu.system) / 1000);
}
