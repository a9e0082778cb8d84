// src/diff: the differential engine. `runFuzz` is the entry; the rest is what callers (the CLI, `run`)
// need to read its options and results.
export { runFuzz, FuzzInputError, defaultWorkerCount, randomSeed, type FuzzOptions, type FuzzProgress } from "./run-fuzz.js";
export { failsRun } from "./adjudicate.js";
export { parseShard, type Shard } from "./case-plan.js";
export { WorkerLoadError } from "./fuzz-worker-handle.js";
export { KnownDivergencesError, loadKnownDivergences, type KnownDivergence } from "./known-divergences.js";
export { RegressionCaseError, loadRegressionCases, saveRegressionCases, type RegressionCase } from "./regression-cases.js";
export { formatReplayPath, parseReplayPath, replayLine } from "./replay-line.js";
export type { EngineFinding } from "./group-findings.js";
export { runMutationBench, type MutationBenchResult, type MutantResult } from "./mutation-bench/run-mutation-bench.js";
