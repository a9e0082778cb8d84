// runCompat: two sets of catalog files in, one CompatSection out. Tools pair by id or name; each pair
// is compared in the direction its role asks (tool inputs backward, structured outputs forward)
// unless a direction is given.
import type { CompatResult, CompatSection } from "../report/model.js";
import { CatalogError } from "../schema/catalog-error.js";
import { loadCatalogs } from "../schema/load-catalog.js";
import type { DeclaredSchema } from "../schema/types.js";
import { compareVersions } from "./compare-versions.js";
import type { CompatDirection } from "./compat-types.js";
import { pairSchemas } from "./pair-schemas.js";
import { compileReferenceCheck, ReferenceCompileError } from "./reference-check.js";
import { addedToolResult, removedToolResult, sharedVersion } from "./tool-lifecycle.js";

export type DirectionChoice = CompatDirection | "both";

export interface RunCompatOptions {
  readonly oldPaths: readonly string[];
  readonly newPaths: readonly string[];
  /** Default: backward for tool inputs, forward for structured outputs. */
  readonly direction?: DirectionChoice;
  /** Values drawn per search round (default 200). */
  readonly runs?: number;
  /** Default 1: a release gate must not flip between two runs of the same pair. */
  readonly seed?: number;
}

export const DEFAULT_RUNS = 200;
export const DEFAULT_SEED = 1;

export async function runCompat(options: RunCompatOptions): Promise<CompatSection> {
  const runs = options.runs ?? DEFAULT_RUNS;
  const seed = options.seed ?? DEFAULT_SEED;
  const [olds, news] = [await loadCatalogs(options.oldPaths), await loadCatalogs(options.newPaths)];
  for (const schema of [...olds, ...news]) assertCompiles(schema);
  const { pairs, added, removed } = pairSchemas(olds, news);
  const settings = { runs, seed, replay: replayLine(options, runs, seed) };
  const results: CompatResult[] = [];
  for (const pair of pairs) {
    for (const direction of directionsFor(pair.new, options.direction)) results.push(compareVersions(pair.old, pair.new, direction, settings));
  }
  for (const old of removed) for (const direction of directionsFor(old, options.direction)) results.push(removedToolResult(old, direction, sharedVersion(news)));
  for (const schema of added) for (const direction of directionsFor(schema, options.direction)) results.push(addedToolResult(schema, direction, sharedVersion(olds)));
  return { kind: "compat", results, added: added.map((schema) => schema.id), removed: removed.map((schema) => schema.id), seed, runs };
}

export function directionsFor(schema: DeclaredSchema, choice: DirectionChoice | undefined): CompatDirection[] {
  if (choice === "both") return ["backward", "forward"];
  if (choice) return [choice];
  return [schema.role === "structured-output" ? "forward" : "backward"];
}

/** A schema Ajv cannot compile is bad input: named by its file and place, like any catalog error. */
function assertCompiles(schema: DeclaredSchema): void {
  try {
    // One check on null finds a $ref cycle that consumes nothing ({"$ref": "#"}) here, where the file is known.
    compileReferenceCheck(schema.schema)(null);
  } catch (error) {
    if (error instanceof ReferenceCompileError) throw new CatalogError(schema.source.file, schema.source.pointer, error.message, { cause: error });
    throw error;
  }
}

/** `npx schemalab compat OLD NEW --seed S --runs N`: reproduces every counterexample of this run. */
export function replayLine(options: Pick<RunCompatOptions, "oldPaths" | "newPaths" | "direction">, runs: number, seed: number): string {
  const direction = options.direction ? ` --direction ${options.direction}` : "";
  return `npx schemalab compat ${[...options.oldPaths, ...options.newPaths].map(shellQuote).join(" ")} --seed ${seed} --runs ${runs}${direction}`;
}

function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
