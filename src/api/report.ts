// `report()`: merges results (files, or sections the API returned), compares them with a baseline and
// renders the four reports `schemalab report` writes: results.json, summary.md, index.html, junit.xml.
import { computeDrift } from "../report/compute-drift.js";
import { mergeDocuments } from "../report/merge-results.js";
import type { ResultsDocument, Section } from "../report/model.js";
import { parseResultsText, readResultsFile } from "../report/read-results.js";
import { REPORT_FORMATS, renderReport, writeReports, type ReportFormat } from "../report/write-reports.js";

/** A results file (JSON Lines of a run, a results.json, a verb's `--format json` output), a section, or a whole document. */
export type ResultsInput = string | Section | ResultsDocument;

export interface ReportApiOptions {
  /** A baseline to compare with (same kinds of input): the document gets `drift`, regressions marked. */
  readonly baseline?: ResultsInput | readonly ResultsInput[];
  /** Write every report into this folder (created if needed). Without it nothing is written. */
  readonly out?: string;
}

export interface ReportResult {
  /** The merged document (with drift when a baseline was given): what results.json holds. */
  readonly document: ResultsDocument;
  /** Worth telling, not fatal: a partial run, a cut-off last line. */
  readonly warnings: readonly string[];
  /** Each report's text by format: md, html, json, junit. */
  readonly rendered: Readonly<Record<ReportFormat, string>>;
  /** The files written, by format, when `out` was given. */
  readonly files?: Readonly<Record<ReportFormat, string>>;
  /** Drift items that are regressions against the baseline. */
  readonly regressions: number;
}

/**
 * Rejects with ResultsInputError naming the input and place when one is not a results document.
 *
 * @example
 * const { rendered } = await report([await check(tools, "openai:chat.tools.strict")]);
 * rendered.md; // the job summary
 */
export async function report(inputs: ResultsInput | readonly ResultsInput[], options: ReportApiOptions = {}): Promise<ReportResult> {
  const warnings: string[] = [];
  const merged = mergeOf(listOf(inputs), warnings, "inputs");
  const baseline = options.baseline === undefined ? undefined : mergeOf(listOf(options.baseline), warnings, "baseline");
  const document: ResultsDocument = baseline ? { ...merged, drift: { baseline: describe(options.baseline!), items: computeDrift(merged, baseline) } } : merged;
  const rendered = Object.fromEntries(REPORT_FORMATS.map((format) => [format, renderReport(document, format)])) as Record<ReportFormat, string>;
  const regressions = document.drift?.items.filter((item) => item.regression).length ?? 0;
  return { document, warnings, rendered, regressions, ...(options.out === undefined ? {} : { files: writeReports(document, options.out) }) };
}

function listOf(input: ResultsInput | readonly ResultsInput[]): readonly ResultsInput[] {
  return Array.isArray(input) ? input : [input as ResultsInput];
}

function mergeOf(inputs: readonly ResultsInput[], warnings: string[], name: string): ResultsDocument {
  return mergeDocuments(
    inputs.map((input, index) => {
      // Objects are read as their JSON text would be: the same checks against results.schema.json.
      const read = typeof input === "string" ? readResultsFile(input) : parseResultsText(JSON.stringify(input), `${name}[${index}]`);
      warnings.push(...read.warnings);
      return read.document;
    }),
  );
}

function describe(baseline: ResultsInput | readonly ResultsInput[]): string {
  const names = listOf(baseline).map((input, index) => (typeof input === "string" ? input : `baseline[${index}]`));
  return names.join(", ");
}
