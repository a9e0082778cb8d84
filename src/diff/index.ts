// src/diff: the differential engine. `runFuzz` is the entry; the rest is what callers (the CLI, `run`)
// need to read its options and results.
import type { MutationBenchOptions, MutationBenchResult } from "./mutation-bench/run-mutation-bench.js";
export { runFuzz, FuzzInputError, defaultWorkerCount, PrestartedWorkers, randomSeed, type FuzzOptions, type FuzzProgress } from "./run-fuzz.js";
export { failsRun } from "./adjudicate.js";
export { parseShard, type Shard } from "./case-plan.js";
export { WorkerLoadError } from "./fuzz-worker-handle.js";
export { KnownDivergencesError, loadKnownDivergences, type KnownDivergence } from "./known-divergences.js";
export { RegressionCaseError, loadRegressionCases, saveRegressionCases, type RegressionCase } from "./regression-cases.js";
export { formatReplayPath, parseReplayPath, replayLine } from "./replay-line.js";
export type { EngineFinding } from "./group-findings.js";
export type { MutationBenchOptions, MutationBenchResult, MutantResult } from "./mutation-bench/run-mutation-bench.js";

/**
 * The mutation benchmark, imported when first run: it loads both validators, the worker's engine and
 * the generators, which a fuzz run's main thread never needs (~0.1 s of its start).
 */
export async function runMutationBench(options?: MutationBenchOptions): Promise<MutationBenchResult> {
  return (await import("./mutation-bench/run-mutation-bench.js")).runMutationBench(options);
}
