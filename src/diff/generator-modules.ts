// The lab's generators, imported on demand: a run that fails on bad input never pays for loading them.
import type { GeneratorSet } from "./case-source.js";
import type { FeatureCoverage } from "../../generators/near-miss-coverage.js";
import type { SchemaGenerator } from "./fuzz-targets.js";

export async function loadGeneratorSet(): Promise<GeneratorSet> {
  return (await import("./default-generators.js")).defaultGenerators;
}

/**
 * Feature id → the near-miss families that target it (the section's coverage table), read from the
 * families' descriptions alone: the main thread never loads the generators themselves.
 */
export async function loadNearMissCoverage(): Promise<readonly FeatureCoverage[]> {
  return (await import("../../generators/near-miss-coverage.js")).nearMissCoverage();
}

export async function loadSchemaGenerator(): Promise<SchemaGenerator> {
  return (await import("./default-generators.js")).schemaGenerator;
}
