// Where the engine's generators come from: the lab's own (generators/), or a module a test names
// whose default export is a GeneratorSet. Imported on demand, so a test's set needs nothing else.
import { pathToFileURL } from "node:url";
import type { GeneratorSet } from "./case-source.js";
import type { SchemaGenerator } from "./fuzz-targets.js";

export async function loadGeneratorSet(modulePath?: string): Promise<GeneratorSet> {
  if (modulePath) return ((await import(pathToFileURL(modulePath).href)) as { default: GeneratorSet }).default;
  return (await import("./default-generators.js")).defaultGenerators;
}

export async function loadSchemaGenerator(): Promise<SchemaGenerator> {
  return (await import("./default-generators.js")).schemaGenerator;
}
