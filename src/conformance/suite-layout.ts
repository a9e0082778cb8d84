// Where the official JSON-Schema-Test-Suite keeps each draft (tests/draft4 ... tests/draft2020-12):
// which files a run reads, what keyword each file stands for, and which upstream commit the copy is.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { SuiteDialect } from "../report/model.js";

export const SUITE_HOME = "https://github.com/json-schema-org/JSON-Schema-Test-Suite";

export type { SuiteDialect };

/** The dialects the suite has tests for (its folder names), oldest first. */
export const SUITE_DIALECTS: readonly SuiteDialect[] = ["draft4", "draft6", "draft7", "draft2019-09", "draft2020-12"];

export const draftDirOf = (dialect: SuiteDialect): string => join("tests", dialect);
/** The folder whose presence says a suite is there (draft 2020-12, the default dialect). */
export const DRAFT_DIR = draftDirOf("draft2020-12");

/** "required": tests/<draft>/*.json; "required+format": plus optional/format; "all": plus every optional file. */
export type SuiteScope = "required" | "required+format" | "all";

export interface SuiteFile {
  /** Relative to tests/<draft>, with forward slashes: "ref.json", "optional/format/date.json". */
  readonly file: string;
  /** "ref", "format:date", "optional:bignum". */
  readonly keyword: string;
  readonly absolutePath: string;
}

/** The suite (or its draft 2020-12 folder) is not where the caller said. */
export class SuiteNotFoundError extends Error {
  override readonly name = "SuiteNotFoundError";
}

export function keywordOfFile(file: string): string {
  const base = file.replace(/\.json$/, "");
  if (base.startsWith("optional/format/")) return `format:${base.slice("optional/format/".length)}`;
  if (base.startsWith("optional/")) return `optional:${base.slice("optional/".length)}`;
  return base;
}

function jsonFilesIn(dir: string, prefix: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json") && statSync(join(dir, name)).isFile())
    .sort()
    .map((name) => prefix + name);
}

export function hasDialect(suiteDir: string, dialect: SuiteDialect): boolean {
  return existsSync(join(suiteDir, draftDirOf(dialect)));
}

export function listSuiteFiles(suiteDir: string, scope: SuiteScope, dialect: SuiteDialect = "draft2020-12"): SuiteFile[] {
  const draftDir = join(suiteDir, draftDirOf(dialect));
  if (!existsSync(draftDir)) {
    throw new SuiteNotFoundError(`no ${draftDirOf(dialect)} folder in the test suite at ${suiteDir} (get the suite from ${SUITE_HOME})`);
  }
  const files = [
    ...jsonFilesIn(draftDir, ""),
    ...(scope === "all" ? jsonFilesIn(join(draftDir, "optional"), "optional/") : []),
    ...(scope === "required" ? [] : jsonFilesIn(join(draftDir, "optional", "format"), "optional/format/")),
  ];
  return files.map((file) => ({ file, keyword: keywordOfFile(file), absolutePath: join(draftDir, file) }));
}

function readGitHead(gitDir: string): string | null {
  const head = readFileSync(join(gitDir, "HEAD"), "utf8").trim();
  if (!head.startsWith("ref: ")) return /^[0-9a-f]{40}$/.test(head) ? head : null;
  const ref = head.slice("ref: ".length);
  const loose = join(gitDir, ref);
  if (existsSync(loose)) return readFileSync(loose, "utf8").trim();
  const packed = existsSync(join(gitDir, "packed-refs")) ? readFileSync(join(gitDir, "packed-refs"), "utf8") : "";
  const line = packed.split("\n").find((entry) => entry.endsWith(` ${ref}`));
  return line ? line.split(" ")[0]! : null;
}

/** The upstream commit: the `UPSTREAM` file ("json-schema-org/JSON-Schema-Test-Suite <sha>"), else `.git`, else null. */
export function readSuiteCommit(suiteDir: string): string | null {
  const upstream = join(suiteDir, "UPSTREAM");
  if (existsSync(upstream)) {
    const sha = readFileSync(upstream, "utf8").match(/\b[0-9a-f]{7,40}\b/);
    if (sha) return sha[0];
  }
  const gitDir = join(suiteDir, ".git");
  try {
    return existsSync(gitDir) && statSync(gitDir).isDirectory() ? readGitHead(gitDir) : null;
  } catch {
    return null;
  }
}
