// What a run fuzzes: every declared schema in the catalogs, then `--generate-schemas N` schemas
// (generated-targets.ts, imported only when asked for: it loads lite to know what lite claims).
import { loadCatalogs, toDraft2020, type CatalogReadOptions, type JsonSchema } from "../schema/index.js";
import type { randomForCase } from "./case-random.js";
import type { FuzzTarget } from "./fuzz-protocol.js";

export interface PlacedTarget extends FuzzTarget {
  /** The catalog file it came from (absent for generated schemas). */
  readonly file?: string;
}

export type SchemaGenerator = (features: readonly string[]) => { generate: (random: ReturnType<typeof randomForCase>, biasFactor: number) => { value: unknown } };

export async function loadCatalogTargets(paths: readonly string[], options: CatalogReadOptions = {}): Promise<PlacedTarget[]> {
  const declared = await loadCatalogs(paths, options);
  return declared.map((entry) => ({ id: entry.id, schema: entry.schema, file: entry.source.file, dialect: entry.dialect }));
}

/** What the generators build values from: the target's 2020-12 reading (they know no other dialect). */
export function generatorSchemaOf(target: FuzzTarget): object | boolean {
  return target.dialect === undefined ? target.schema : (toDraft2020(target.schema as JsonSchema, target.dialect).schema as object | boolean);
}
