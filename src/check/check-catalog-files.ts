// `check` over catalog files of any number: one file at a time, results handed on as they are made,
// so memory holds one file's schemas and results, never the catalog's. A file that cannot be read costs
// only its own results: the others are checked and written, and the bad ones come back listed (file and
// place) for the caller to report and exit 2. Requests group a file's tools, as checkSchemas does.
import type { ResolvedTarget } from "../../providers/profiles/load-profiles.js";
import { CatalogError, CatalogErrorList } from "../schema/catalog-error.js";
import { forEachCatalogFile } from "../schema/load-catalog.js";
import type { CatalogReadOptions } from "../schema/types.js";
import { checkSchemas, type CheckOptions } from "./check-schemas.js";
import { NoteBook } from "./note-book.js";
import { TargetAnswers } from "./target-answers.js";
import type { CheckBadFile, CheckResult, CheckTargetAnswer, CheckToolResult, CheckVerdict } from "./types.js";

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

/** What a streamed check knows at its end, besides the results it handed on. */
export interface CheckRunSummary {
  readonly totals: CheckTotals;
  readonly targets: readonly CheckTargetAnswer[];
  readonly toolResults: readonly CheckToolResult[];
  readonly badFiles: readonly CheckBadFile[];
  readonly notes: NoteBook;
}

/** A catalog error as a bad-file entry: the place as a JSON Pointer, or line:column for JSON syntax. */
export function badFileOf(error: CatalogError): CheckBadFile {
  const place = error.line !== undefined && error.column !== undefined ? `${error.line}:${error.column}` : error.place;
  return { file: error.file, place, error: error.message };
}

export function badFilesOf(error: CatalogError): CheckBadFile[] {
  return error instanceof CatalogErrorList ? error.errors.map(badFileOf) : [badFileOf(error)];
}

/** Reads every file once, keeping nothing but counts; bad files are listed, not thrown. */
export async function scanCatalogFiles(paths: readonly string[], read: CatalogReadOptions = {}): Promise<CatalogScan & { readonly badFiles: readonly CheckBadFile[] }> {
  let files = 0;
  let schemas = 0;
  let longestId = 0;
  let badFiles: CheckBadFile[] = [];
  try {
    await forEachCatalogFile(
      paths,
      (_file, declared) => {
        files++;
        schemas += declared.length;
        for (const schema of declared) longestId = Math.max(longestId, schema.id.length);
      },
      read,
    );
  } catch (error) {
    if (!(error instanceof CatalogError)) throw error;
    badFiles = badFilesOf(error);
  }
  return { files, schemas, longestId, badFiles };
}

/** Counts verdicts, schemas and targets of the results handed on. */
export class RunningTotals {
  private readonly verdicts: Record<CheckVerdict, number> = { native: 0, translated: 0, "needs-local-validation": 0, rejected: 0 };
  private readonly schemaIds = new Set<string>();
  private readonly targetNames = new Set<string>();
  private pairs = 0;

  add({ schemaId, target, verdict }: Pick<CheckResult, "schemaId" | "target" | "verdict">): void {
    this.verdicts[verdict]++;
    this.schemaIds.add(schemaId);
    this.targetNames.add(target);
    this.pairs++;
  }

  addTally(tally: { pairs: number; verdicts: Readonly<Record<CheckVerdict, number>>; schemaIds: readonly string[]; targets: readonly string[] }): void {
    for (const verdict of Object.keys(this.verdicts) as CheckVerdict[]) this.verdicts[verdict] += tally.verdicts[verdict];
    for (const id of tally.schemaIds) this.schemaIds.add(id);
    for (const target of tally.targets) this.targetNames.add(target);
    this.pairs += tally.pairs;
  }

  done(): CheckTotals {
    return { schemas: this.schemaIds.size, targets: this.targetNames.size, pairs: this.pairs, verdicts: { ...this.verdicts } };
  }
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
): Promise<CheckRunSummary> {
  const notes = options.notes ?? new NoteBook();
  const totals = new RunningTotals();
  const answers = new TargetAnswers(notes, targets.map((target) => target.target));
  const toolResults: CheckToolResult[] = [];
  let badFiles: CheckBadFile[] = [];
  let since = performance.now();
  try {
    await forEachCatalogFile(
      paths,
      (file, declared) => {
        const section = checkSchemas(declared, targets, { ...options, notes });
        for (const result of section.results) {
          totals.add(result);
          answers.add(result);
          emit(result);
        }
        toolResults.push(...section.toolResults);
        const now = performance.now();
        fileDone?.(file, declared.length, now - since);
        const wait = pace?.();
        if (wait === undefined) since = now;
        else return wait.then(() => void (since = performance.now()));
      },
      options.read,
    );
  } catch (error) {
    if (!(error instanceof CatalogError)) throw error;
    badFiles = badFilesOf(error);
  }
  return { totals: totals.done(), targets: answers.list(), toolResults, badFiles, notes };
}
