// The lab's generators, imported on demand: a run that fails on bad input never pays for loading them.
import type { GeneratorSet } from "./case-source.js";
import type { SchemaGenerator } from "./fuzz-targets.js";

export async function loadGeneratorSet(): Promise<GeneratorSet> {
  return (await import("./default-generators.js")).defaultGenerators;
}

export async function loadSchemaGenerator(): Promise<SchemaGenerator> {
  return (await import("./default-generators.js")).schemaGenerator;
}
