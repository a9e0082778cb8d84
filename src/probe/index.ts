// The probe engine's public surface: what `schemalab probe` and `run` call.
export { runProbe, PROBE_DEFAULTS, type RunProbeOptions, type ProbeRunSection, type ProbeSettings } from "./run-probe.js";
export { probeEmulator, DEFAULT_MODELS, EMULATOR_KEY, type ProbeEmulatorOptions } from "./probe-emulator.js";
export { loadProbeSuite, PROBE_SUITE_VERSION, ProbeSuiteError, type FeatureProbe, type LimitProbe, type ProbeSuite } from "./probe-suite.js";
export { classifyProbeOutcome, type ProbeOutcome, type FailureReason } from "./classify-probe-outcome.js";
export { classifySamples } from "./classify-samples.js";
export { buildMeasuredMatrix, compareWithProfile, type MeasuredMode, type ProfileComparison } from "./measured-matrix.js";
export { estimateCostUsd, PRICE_TABLE, type ModelPrice } from "./price-table.js";
export type { ProbeRecord } from "./probe-record.js";
export type { RetryPolicy } from "./send-probe-request.js";
