// What a run fuzzes: every declared schema in the catalogs, then `--generate-schemas N` schemas built
// from the seed over the features lite claims (schema j is the same for the same seed, whatever N).
import { SUPPORTED_FORMATS, SUPPORTED_KEYWORDS } from "../lite/index.js";
import { FEATURES, loadCatalogs, type CatalogReadOptions } from "../schema/index.js";
import { biasFactorFor, caseSeed, randomForCase } from "./case-random.js";
import type { FuzzTarget } from "./fuzz-protocol.js";

export { generatorSchemaOf } from "./generator-schema.js";

export interface PlacedTarget extends FuzzTarget {
  /** The catalog file it came from (absent for generated schemas). */
  readonly file?: string;
}

export type SchemaGenerator = (features: readonly string[]) => { generate: (random: ReturnType<typeof randomForCase>, biasFactor: number) => { value: unknown } };

/** Feature ids whose keywords (and formats) lite checks: what generated schemas may use. */
export function liteClaimedFeatures(): string[] {
  const keywords = new Set(SUPPORTED_KEYWORDS);
  const formats = new Set(SUPPORTED_FORMATS);
  return FEATURES.filter((feature) => {
    if (feature.category === "format") return formats.has(feature.id.slice("format:".length));
    return feature.keywords.every((keyword) => keywords.has(keyword));
  }).map((feature) => feature.id);
}

export async function loadCatalogTargets(paths: readonly string[], options: CatalogReadOptions = {}): Promise<PlacedTarget[]> {
  const declared = await loadCatalogs(paths, options);
  return declared.map((entry) => ({ id: entry.id, schema: entry.schema, file: entry.source.file, dialect: entry.dialect }));
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
