// The library API: every verb from code. Each function resolves to the results-model section its verb
// prints with `--format json`; none writes to stdout, sets V8 flags or exits the process.
export { check, type CheckApiOptions, type CheckProgress } from "./check.js";
export { fuzz, type FuzzApiOptions, type FuzzProgress } from "./fuzz.js";
export { conformance, type ConformanceApiOptions } from "./conformance.js";
export { probe, ProbeInputError, type ProbeApiOptions, type ProbeRunSection } from "./probe.js";
export { compat, type CompatApiOptions } from "./compat.js";
export { dispatchConformance, type DispatchConformanceApiOptions } from "./dispatch-conformance.js";
export { translate, type TranslateApiOptions } from "./translate.js";
export { loadCatalog, type LoadCatalogOptions } from "./load-catalog.js";
export { report, type ReportApiOptions, type ReportResult, type ResultsInput } from "./report.js";
export { allTargets, type MatrixInput } from "./targets.js";
export type { CatalogInput } from "./catalog-input.js";
export { failsRun } from "../diff/adjudicate.js";
export { renderReport, REPORT_FORMATS, type ReportFormat } from "../report/write-reports.js";
// What the verbs reject with on bad input: each message names the file (or input) and the place.
export { CatalogError, CatalogErrorList } from "../schema/catalog-error.js";
export { ProfileError, UnknownTargetError } from "../../providers/profiles/load-profiles.js";
export { FuzzInputError } from "../diff/fuzz-run.js";
export { WorkerLoadError } from "../diff/fuzz-worker-handle.js";
export { KnownDivergencesError } from "../diff/known-divergences.js";
export { RegressionCaseError } from "../diff/regression-cases.js";
export { SuiteNotFoundError } from "../conformance/suite-layout.js";
export { SuiteFormatError } from "../conformance/test-groups.js";
export { IsolatedLoadError } from "../conformance/worker-runner.js";
export { ValidatorLoadError } from "../validators/load-validator-module.js";
export { DispatcherLoadError } from "../harness/dispatcher-module.js";
export { DispatchFixtureError } from "../harness/dispatch-fixture.js";
export { ResultsInputError } from "../report/results-input-error.js";
