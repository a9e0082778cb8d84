// Saved findings as standalone cases (suites/regressions/*.json): a schema, a value and the verdict a
// correct validator gives. Every fuzz run replays them first; one that fails is a finding again.
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import type { FuzzFinding } from "../report/model.js";
import { parseCheckedJson } from "../schema/json-text-limits.js";

export interface RegressionCase {
  /** The file it came from. */
  readonly file: string;
  readonly findingId?: string;
  /** The known divergence this case pins down, for cases written by hand from suites/known-divergences.json. */
  readonly knownDivergence?: string;
  readonly schemaId?: string;
  readonly feature?: string;
  readonly note: string;
  readonly schema: object | boolean;
  readonly instance: unknown;
  readonly expected: { readonly valid: boolean };
}

export class RegressionCaseError extends Error {
  override readonly name = "RegressionCaseError";
}

/** Every case in these files and folders (folders: their `.json` files, by name). A missing folder holds none. */
export async function loadRegressionCases(paths: readonly string[]): Promise<RegressionCase[]> {
  const cases: RegressionCase[] = [];
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const files = (await stat(path)).isDirectory() ? await jsonFilesIn(path) : [path];
    for (const file of files) cases.push(await readRegressionCase(file));
  }
  return cases;
}

async function jsonFilesIn(folder: string): Promise<string[]> {
  const names = (await readdir(folder)).filter((name) => name.endsWith(".json") && !name.startsWith("."));
  return names.sort().map((name) => join(folder, name));
}

async function readRegressionCase(file: string): Promise<RegressionCase> {
  let parsed: Partial<RegressionCase>;
  try {
    parsed = parseCheckedJson(await readFile(file, "utf8")) as Partial<RegressionCase>;
  } catch (error) {
    throw new RegressionCaseError(`${file}: cannot read the regression case: ${(error as Error).message}`);
  }
  const schemaOk = typeof parsed.schema === "boolean" || (typeof parsed.schema === "object" && parsed.schema !== null);
  if (!schemaOk) throw new RegressionCaseError(`${file} at /schema: expected a schema (object or boolean)`);
  if (!("instance" in parsed)) throw new RegressionCaseError(`${file} at /instance: missing`);
  if (typeof parsed.expected?.valid !== "boolean") throw new RegressionCaseError(`${file} at /expected/valid: expected true or false`);
  return { ...parsed, note: parsed.note ?? "", file } as RegressionCase;
}

/** The verdict a correct validator gives: the reference's, unless the reference was found wrong. */
export function expectedValidOf(finding: FuzzFinding): boolean | null {
  const reference = finding.reference.valid;
  if (reference === null) return null;
  return finding.adjudication === "reference-wrong" ? !reference : reference;
}

/** Writes one case file per finding that has a decidable expected verdict; returns the files written. */
export async function saveRegressionCases(folder: string, findings: readonly FuzzFinding[]): Promise<string[]> {
  await mkdir(folder, { recursive: true });
  const written: string[] = [];
  for (const finding of findings) {
    const valid = expectedValidOf(finding);
    if (valid === null || finding.direction === "error-location" || finding.example.instance === undefined) continue;
    const file = join(folder, `${finding.schemaId.replace(/[^A-Za-z0-9._-]+/g, "_")}-${finding.id}.json`);
    await writeFile(file, `${JSON.stringify(regressionDocument(finding, valid), null, 2)}\n`);
    written.push(file);
  }
  return written;
}

function regressionDocument(finding: FuzzFinding, valid: boolean): Omit<RegressionCase, "file"> {
  const note = `${finding.direction} on ${finding.feature} at ${finding.path || "(root)"} (${finding.adjudication}): ${finding.explanation ?? ""}`.trim();
  return {
    findingId: finding.id,
    schemaId: finding.schemaId,
    feature: finding.feature,
    note,
    schema: finding.example.schema as object | boolean,
    instance: finding.example.instance,
    expected: { valid },
  };
}

export function regressionName(regression: RegressionCase): string {
  return basename(regression.file, ".json");
}
