// src/compat: schema evolution. A structural diff and a differential search between two versions of
// the same schemas; each break with the rule it breaks, the migration that avoids it, and a replayable
// counterexample.
export { runCompat, directionsFor, replayLine, DEFAULT_RUNS, DEFAULT_SEED, type RunCompatOptions, type DirectionChoice } from "./run-compat.js";
export { compareVersions, type CompareSettings } from "./compare-versions.js";
export { diffStructure } from "./structural-diff.js";
export { classifyVersionMove, nextBreakingVersion, type VersionMove } from "./version-bump.js";
export { pairSchemas, type SchemaPair, type SchemaPairing } from "./pair-schemas.js";
export type { CompatDirection, ChangeTopic, StructuralCandidate } from "./compat-types.js";
