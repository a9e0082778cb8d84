// `check` over catalog files of any number: one file at a time, results handed on as they are made,
// so memory holds one file's schemas and results, never the catalog's. A first pass reads every file
// (and keeps only ids), so bad input is refused before any result is written: every bad file in one
// list. Requests group a file's tools, as checkSchemas does, so results match the in-memory check.
import type { ResolvedTarget } from "../../providers/profiles/load-profiles.js";
import { forEachCatalogFile } from "../schema/load-catalog.js";
import type { CatalogReadOptions } from "../schema/types.js";
import type { CheckResult, CheckVerdict } from "../report/model.js";
import { checkSchemas, type CheckOptions } from "./check-schemas.js";

export interface CatalogScan {
  readonly files: number;
  readonly schemas: number;
  /** The longest schema id, for views that align columns before the first result. */
  readonly longestId: number;
}

export interface CheckTotals {
  readonly schemas: number;
  readonly targets: number;
  readonly pairs: number;
  readonly verdicts: Readonly<Record<CheckVerdict, number>>;
}

/** Reads every file once, keeping nothing but counts: throws the one list of bad files (CatalogError). */
export async function scanCatalogFiles(paths: readonly string[], read: CatalogReadOptions = {}): Promise<CatalogScan> {
  let files = 0;
  let schemas = 0;
  let longestId = 0;
  await forEachCatalogFile(
    paths,
    (_file, declared) => {
      files++;
      schemas += declared.length;
      for (const schema of declared) longestId = Math.max(longestId, schema.id.length);
    },
    read,
  );
  return { files, schemas, longestId };
}

/** Checks the files one by one and hands each result to `emit` in order (file, schema, target). */
export async function checkCatalogFiles(
  paths: readonly string[],
  targets: readonly ResolvedTarget[],
  options: CheckOptions,
  emit: (result: CheckResult) => void,
  /** Called after each file with its declarations checked, and how long reading and checking it took. */
  fileDone?: (file: string, schemas: number, ms: number) => void,
  /** Asked after each file: a promise holds the next file back until the output has drained. */
  pace?: () => Promise<void> | undefined,
): Promise<CheckTotals> {
  const verdicts: Record<CheckVerdict, number> = { native: 0, translated: 0, "needs-local-validation": 0, rejected: 0 };
  const schemas = new Set<string>();
  const targetNames = new Set<string>();
  let pairs = 0;
  let since = performance.now();
  await forEachCatalogFile(
    paths,
    (file, declared) => {
      for (const result of checkSchemas(declared, targets, options).results) {
        verdicts[result.verdict]++;
        schemas.add(result.schemaId);
        targetNames.add(result.target);
        pairs++;
        emit(result);
      }
      const now = performance.now();
      fileDone?.(file, declared.length, now - since);
      const wait = pace?.();
      if (wait === undefined) since = now;
      else return wait.then(() => void (since = performance.now()));
    },
    options.read,
  );
  return { schemas: schemas.size, targets: targetNames.size, pairs, verdicts };
}
