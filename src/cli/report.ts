// `schemalab report --in FILE... [--baseline FILE] [--out DIR] [--format md|html|json|junit]`:
// reads result files (JSON Lines, results.json or one verb's --format json output), merges them,
// compares with a baseline when given, writes all four reports into --out and prints one on stdout.
// Exit 1 when the baseline comparison finds regressions, 2 on bad input, else 0.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { pruneBaseline } from "../report/prune-baseline.js";
import { renderJson } from "../report/render-json.js";
import { EXTRA_FORMATS, renderExtraFormat, type ExtraFormat } from "./report-formats.js";
import { basename } from "node:path";
import { computeDrift } from "../report/compute-drift.js";
import { mergeDocuments } from "../report/merge-results.js";
import type { ResultsDocument } from "../report/model.js";
import { readResultsFile } from "../report/read-results.js";
import { ResultsInputError } from "../report/results-input-error.js";
import { REPORT_FORMATS, writeReports, type ReportFormat } from "../report/write-reports.js";
import type { Io } from "./io.js";
import { UsageError } from "./usage-error.js";
import { parseVerbArgs } from "./verb-options.js";
import { checkInputFile, checkOutputFolder } from "./check-paths.js";

const USAGE = `usage: schemalab report --in FILE... [--baseline FILE] [--out DIR] [--format md|html|json|junit|sarif|github]

  --in FILE...       result files to merge: JSON Lines from a run, a results.json, or a verb's
                     --format json output (repeat --in, or list files after it)
  --baseline FILE    compare with this earlier result (e.g. reports/baseline.json); exit 1 on regressions
  --out DIR          where results.json, summary.md, index.html and junit.xml go (default reports/latest)
  --format FORMAT    which report to print on stdout (default md); sarif: SARIF 2.1.0 of the check, compat
                     and fuzz results; github: workflow annotations (::error file=...,line=...::)
  --fail-on LEVELS   regression (default), or regression,undecided: new undecided findings and known
                     divergences count as regressions too
  --catalog FILE...  catalog files results are located in for sarif/github (default: the run's catalog section)
  --update-baseline  write the merged result as the new --baseline (exit 0: the changes are accepted)
  --prune-baseline   remove from --baseline what is no longer found (fixed findings), keep the rest
`;

interface ReportOptions {
  readonly inputs: readonly string[];
  readonly baseline?: string;
  readonly out: string;
  readonly format: ReportFormat | ExtraFormat;
  readonly failOnUndecided: boolean;
  readonly catalogs: readonly string[];
  readonly baselineWrite?: "update" | "prune";
}

function parseReportArgs(argv: string[]): ReportOptions | "help" {
  const parsed = parseVerbArgs({
    args: argv,
    allowPositionals: true,
    options: {
      in: { type: "string", multiple: true },
      baseline: { type: "string" },
      out: { type: "string", default: "reports/latest" },
      format: { type: "string", default: "md" },
      "fail-on": { type: "string", default: "regression" },
      catalog: { type: "string", multiple: true },
      "update-baseline": { type: "boolean", default: false },
      "prune-baseline": { type: "boolean", default: false },
      help: { type: "boolean", short: "h" },
    },
  });
  const { values, positionals } = parsed;
  if (values.help) return "help";
  const format = values.format as ReportFormat | ExtraFormat;
  if (!REPORT_FORMATS.includes(format as ReportFormat) && !EXTRA_FORMATS.includes(format as ExtraFormat)) {
    throw new UsageError(`--format must be one of ${[...REPORT_FORMATS, ...EXTRA_FORMATS].join(", ")}, not '${values.format}'`);
  }
  const levels = values["fail-on"].split(",").map((level) => level.trim()).filter(Boolean);
  for (const level of levels) if (level !== "regression" && level !== "undecided") throw new UsageError(`--fail-on: expected regression or undecided, got '${level}'`);
  if (values["update-baseline"] && values["prune-baseline"]) throw new UsageError("--update-baseline and --prune-baseline: pick one");
  const baselineWrite = values["update-baseline"] ? "update" : values["prune-baseline"] ? "prune" : undefined;
  if (baselineWrite && !values.baseline) throw new UsageError(`--${baselineWrite}-baseline needs --baseline FILE (the file to write)`);
  // `--in a b c` parses as --in a plus positionals b and c: both spellings name inputs.
  const inputs = [...(values.in ?? []), ...positionals];
  if (inputs.length === 0) throw new UsageError(`no input: pass --in FILE (JSON Lines results, results.json or a verb's --format json)\n${USAGE}`);
  return { inputs, ...(values.baseline ? { baseline: values.baseline } : {}), out: values.out, format, failOnUndecided: levels.includes("undecided"), catalogs: values.catalog ?? [], ...(baselineWrite ? { baselineWrite } : {}) };
}

function readInput(path: string, io: Io): ResultsDocument {
  try {
    const { document, warnings } = readResultsFile(path);
    for (const warning of warnings) io.err(`schemalab report: ${warning}\n`);
    return document;
  } catch (error) {
    if (error instanceof ResultsInputError) throw new UsageError(error.message);
    throw error;
  }
}

/** Reads and merges files; bad input becomes a UsageError that names the file and place. */
function readMerged(paths: readonly string[], io: Io): ResultsDocument {
  const documents = paths.map((path) => readInput(path, io));
  try {
    return mergeDocuments(documents);
  } catch (error) {
    if (error instanceof ResultsInputError) throw new UsageError(`merging ${paths.join(", ")}: ${error.message}`);
    throw error;
  }
}

export async function reportVerb(argv: string[], io: Io): Promise<number> {
  const options = parseReportArgs(argv);
  if (options === "help") {
    io.out(USAGE);
    return 0;
  }
  checkOutputFolder("--out", options.out);
  for (const input of options.inputs) checkInputFile("--in", input);
  // --update-baseline may create the baseline; everything else needs it to exist.
  const baselineExists = options.baseline !== undefined && existsSync(options.baseline);
  if (options.baseline !== undefined && !(options.baselineWrite === "update" && !baselineExists)) checkInputFile("--baseline", options.baseline);
  const merged = readMerged(options.inputs, io);
  const baseline = options.baseline === undefined || !baselineExists ? undefined : readMerged([options.baseline], io);
  const document: ResultsDocument = baseline
    ? { ...merged, drift: { baseline: options.baseline!, items: computeDrift(merged, baseline, { failOnUndecided: options.failOnUndecided }) } }
    : merged;
  const paths = writeReports(document, options.out);
  io.out(EXTRA_FORMATS.includes(options.format as ExtraFormat) ? await renderExtraFormat(document, options.format as ExtraFormat, options.catalogs) : readFileSync(paths[options.format as ReportFormat], "utf8"));
  if (options.baselineWrite !== undefined) {
    const written = options.baselineWrite === "update" || baseline === undefined ? merged : pruneBaseline(baseline, merged);
    writeFileSync(options.baseline!, renderJson(written));
    io.err(`schemalab report: ${options.baselineWrite === "update" ? "updated" : "pruned"} ${options.baseline}\n`);
    return 0;
  }
  const regressions = document.drift?.items.filter((item) => item.regression).length ?? 0;
  const partial = document.footer.complete ? "" : " (partial run)";
  const against = document.drift ? `; ${regressions} regression${regressions === 1 ? "" : "s"} against ${document.drift.baseline}` : "";
  const files = Object.values(paths).map((path) => basename(path)).join(", ");
  io.err(`schemalab report: wrote ${files} in ${options.out}${partial}${against}\n`);
  return regressions > 0 ? 1 : 0;
}
