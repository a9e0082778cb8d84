// generators/: fast-check arbitraries for the lab. Valid instances by construction, near-miss
// instances with one named defect, random schemas over a feature set, and json-schema-faker values.
export {
  validValue,
  validValueStats,
  validValueSettings,
  UnsatisfiableSchemaError,
  GenerationExhaustedError,
  type ValidValueConstraints,
  type ValidValueStats,
} from "./valid-value.js";
export {
  nearMiss,
  nearMissDeriver,
  NEAR_MISS_FAMILIES,
  NoNearMissError,
  type NearMissCase,
  type NearMissConstraints,
  type NearMissDeriver,
  type PreparedBase,
  type NearMissFamilyId,
} from "./near-miss.js";
export { nearMissCoverage, type FeatureCoverage } from "./near-miss-coverage.js";
export { schemaOver, IMPLICIT_FEATURES, IMPLIED_FEATURES, type SchemaOverConstraints } from "./schema-over.js";
export { fakerValue, type FakerValue, type FakerValueConstraints } from "./faker-value.js";
/** Spec adjudication the generators rely on, for engines that must judge Ajv's known divergences. */
export { isExactMultiple } from "./_internals/decimal.js";
export { createSchemaChecker, type SchemaChecker } from "./_internals/schema-checker.js";
/** The hot loop's bare sampling: generate's value from the same draws, without shrink contexts. */
export { sampleBare, mapBare } from "./_internals/bare-sample.js";
