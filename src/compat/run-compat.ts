// runCompat: two sets of catalog files in, one CompatSection out. Tools pair by id or name; each pair
// is compared in the direction its role asks (tool inputs backward, structured outputs forward)
// unless a direction is given.
import type { CompatResult, CompatSection } from "../report/model.js";
import { CatalogError } from "../schema/catalog-error.js";
import { loadCatalogs } from "../schema/load-catalog.js";
import { schemaAsDraft2020 } from "../schema/dialects/to-draft2020.js";
import { unknownKeywordsOf } from "../schema/dialects/unknown-keywords.js";
import type { Dialect } from "../lite/dialect.js";
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
  /** Read every schema as this dialect (`--dialect`); default: each schema's own (`$schema`, its format's, else 2020-12). */
  readonly dialect?: Dialect;
  /** Keywords a schema's dialect does not define: refused as bad input (default) or read as annotations and listed. */
  readonly unknownKeywords?: "refuse" | "annotate";
  /** Schemas already loaded (live MCP servers, modules) in place of, or beside, the paths. */
  readonly oldSchemas?: readonly DeclaredSchema[];
  readonly newSchemas?: readonly DeclaredSchema[];
  /** How OLD and NEW are named in the replay line when they are not paths (`--mcp "..."`). */
  readonly oldLabels?: readonly string[];
  readonly newLabels?: readonly string[];
}

export const DEFAULT_RUNS = 200;
export const DEFAULT_SEED = 1;

export async function runCompat(options: RunCompatOptions): Promise<CompatSection> {
  const runs = options.runs ?? DEFAULT_RUNS;
  const seed = options.seed ?? DEFAULT_SEED;
  const read = options.dialect === undefined ? {} : { dialect: options.dialect };
  const olds = [...(await loadCatalogs(options.oldPaths, read)), ...(options.oldSchemas ?? [])];
  const news = [...(await loadCatalogs(options.newPaths, read)), ...(options.newSchemas ?? [])];
  const annotated = new Map<string, string[]>();
  for (const schema of [...olds, ...news]) {
    const unknown = unknownKeywordsOf(schema.schema, schema.dialect);
    if (unknown.length > 0 && options.unknownKeywords !== "annotate") {
      const first = unknown[0]!;
      throw new CatalogError(schema.source.file, `${schema.source.pointer}${first.path}`, `"${first.keyword}" is not a ${schema.dialect} keyword: a typo is not a rule (--unknown-keywords annotate reads it as an annotation, listed)`);
    }
    if (unknown.length > 0) annotated.set(schema.id, [...(annotated.get(schema.id) ?? []), ...unknown.map((word) => `${word.keyword} at ${word.path}`)]);
    assertCompiles(schema);
  }
  const { pairs, added, removed } = pairSchemas(olds, news);
  const settings = { runs, seed, replay: replayLine(options, runs, seed) };
  const results: CompatResult[] = [];
  for (const pair of pairs) {
    for (const direction of directionsFor(pair.new, options.direction)) results.push(withAnnotationNotes(compareVersions(pair.old, pair.new, direction, settings), [pair.old.id, pair.new.id], annotated));
  }
  for (const old of removed) for (const direction of directionsFor(old, options.direction)) results.push(removedToolResult(old, direction, sharedVersion(news)));
  for (const schema of added) for (const direction of directionsFor(schema, options.direction)) results.push(addedToolResult(schema, direction, sharedVersion(olds)));
  return { kind: "compat", results, added: added.map((schema) => schema.id), removed: removed.map((schema) => schema.id), seed, runs };
}

export function directionsFor(schema: DeclaredSchema, choice: DirectionChoice | undefined): CompatDirection[] {
  if (choice === "both") return ["backward", "forward"];
  if (choice) return [choice];
  return [schema.role === "tool-input" ? "backward" : "forward"];
}

/** Unknown keywords read as annotations are listed on the result, never passed over in silence. */
function withAnnotationNotes(result: CompatResult, ids: readonly string[], annotated: ReadonlyMap<string, string[]>): CompatResult {
  const words = ids.flatMap((id) => annotated.get(id) ?? []);
  if (words.length === 0) return result;
  return { ...result, notes: [...(result.notes ?? []), `unknown keywords read as annotations (--unknown-keywords annotate): ${[...new Set(words)].join(", ")}`] };
}

/** A schema Ajv cannot compile is bad input: named by its file and place, like any catalog error. */
function assertCompiles(schema: DeclaredSchema): void {
  try {
    // Compiled as compare-versions reads it: its 2020-12 reading (a draft-07 `$schema` is its dialect, not a reference).
    // One check on null finds a $ref cycle that consumes nothing ({"$ref": "#"}) here, where the file is known.
    compileReferenceCheck(schema.dialect === "draft2020-12" ? schema.schema : schemaAsDraft2020(schema.schema, schema.dialect))(null);
  } catch (error) {
    if (error instanceof ReferenceCompileError) throw new CatalogError(schema.source.file, schema.source.pointer, error.message, { cause: error });
    throw error;
  }
}

/** `npx schemalab compat OLD NEW --seed S --runs N`: reproduces every counterexample of this run. */
export function replayLine(options: Pick<RunCompatOptions, "oldPaths" | "newPaths" | "direction" | "dialect" | "unknownKeywords" | "oldLabels" | "newLabels">, runs: number, seed: number): string {
  const direction = options.direction ? ` --direction ${options.direction}` : "";
  const dialect = options.dialect ? ` --dialect ${options.dialect}` : "";
  const unknown = options.unknownKeywords === "annotate" ? " --unknown-keywords annotate" : "";
  const sides = [...options.oldPaths.map(shellQuote), ...(options.oldLabels ?? []), ...options.newPaths.map(shellQuote), ...(options.newLabels ?? [])];
  return `npx schemalab compat ${sides.join(" ")} --seed ${seed} --runs ${runs}${direction}${dialect}${unknown}`;
}

function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
