// `--generate-schemas N`: schemas built from the seed over the features lite claims (schema j is the
// same for the same seed, whatever N). Apart from fuzz-targets.ts so a run without them never loads lite.
import { SUPPORTED_FORMATS, SUPPORTED_KEYWORDS } from "../lite/index.js";
import { FEATURES } from "../schema/features.js";
import { biasFactorFor, caseSeed, randomForCase } from "./case-random.js";
import type { PlacedTarget, SchemaGenerator } from "./fuzz-targets.js";

/** Feature ids whose keywords (and formats) lite checks: what generated schemas may use. */
export function liteClaimedFeatures(): string[] {
  const keywords = new Set(SUPPORTED_KEYWORDS);
  const formats = new Set(SUPPORTED_FORMATS);
  return FEATURES.filter((feature) => {
    if (feature.category === "format") return formats.has(feature.id.slice("format:".length));
    return feature.keywords.every((keyword) => keywords.has(keyword));
  }).map((feature) => feature.id);
}

export function generatedSchemaId(index: number): string {
  return `generated/${index}`;
}

export function generateTargets(count: number, seed: number, schemaOver: SchemaGenerator): PlacedTarget[] {
  const arbitrary = schemaOver(liteClaimedFeatures());
  return Array.from({ length: count }, (_, index) => {
    const id = generatedSchemaId(index);
    const schema = arbitrary.generate(randomForCase(caseSeed(seed, id, 0)), biasFactorFor(index)).value;
    return { id, schema: schema as object | boolean };
  });
}
