// `schemalab/types`: every public type in one place (types only; nothing runs on import). The results
// model is the contract of `--format json`, results.json and the API's return values; its JSON Schema
// is `schemalab/results.schema.json`. Semver rules for both: docs/api.md.
export type {
  Adjudication,
  CatalogSection,
  CheckObligation,
  CheckResult,
  CheckSection,
  CheckTargetAnswer,
  CheckVerdict,
  NoteId,
  ObligationKind,
  CompatChange,
  CompatResult,
  CompatSection,
  CompatVerdict,
  ConformanceSection,
  ConformanceTotals,
  DispatchSection,
  DriftItem,
  DriftKind,
  FallbackRung,
  FindingDirection,
  FuzzDisagreement,
  FuzzFinding,
  FuzzSection,
  FuzzTargetTotals,
  ProbeCell,
  ProbeSection,
  ProbeStatus,
  ResultsDocument,
  ResultsRecord,
  RunFooter,
  RunHeader,
  Section,
  SectionKind,
  SuiteDialect,
  TestOutcome,
  VersionChange,
} from "./report/model.js";
export type { CatalogFormat, CatalogReadOptions, DeclaredSchema, FeatureUse, JsonSchema } from "./schema/types.js";
export type { Dialect } from "./lite/dialect.js";
export type { FeatureCategory, FeatureId, FeatureInfo } from "./schema/features.js";
export type { CandidateError, CandidateResult, CompileContext, ValidatorModule, Verdict } from "./validators/types.js";
export type { Translation, TranslationChange, TranslationRejection } from "../providers/translation/translation-types.js";
export type { MeasuredMatrix, ModeProfile, ProviderProfile } from "../providers/profiles/profile-types.js";
export type { ProviderId } from "../providers/wire/wire-types.js";
export type { DispatcherModule, DispatcherInput, DispatcherTool } from "./harness/dispatcher-module.js";
export type {
  CatalogInput,
  CheckApiOptions,
  CheckProgress,
  CompatApiOptions,
  ConformanceApiOptions,
  DispatchConformanceApiOptions,
  FuzzApiOptions,
  FuzzProgress,
  LoadCatalogOptions,
  MatrixInput,
  ProbeApiOptions,
  ProbeRunSection,
  ReportApiOptions,
  ReportFormat,
  ReportResult,
  ResultsInput,
  TranslateApiOptions,
} from "./api/index.js";
export type { NearMiss, NearMissesOptions, NearMissFamilyId, SchemasOptions, ValidValuesOptions } from "./arbitraries/index.js";
export type { EmulatorLogRecord, FaultSpec, RecordedRequest, RunningEmulators, SdkUrls, StartEmulatorOptions } from "./index.js";
