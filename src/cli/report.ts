// `schemalab report --in FILE... [--baseline FILE] [--out DIR] [--format md|html|json|junit]`:
// reads result files (JSON Lines, results.json or one verb's --format json output), merges them,
// compares with a baseline when given, writes all four reports into --out and prints one on stdout.
// Exit 1 when the baseline comparison finds regressions, 2 on bad input, else 0.
import { readFileSync } from "node:fs";
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

const USAGE = `usage: schemalab report --in FILE... [--baseline FILE] [--out DIR] [--format md|html|json|junit]

  --in FILE...       result files to merge: JSON Lines from a run, a results.json, or a verb's
                     --format json output (repeat --in, or list files after it)
  --baseline FILE    compare with this earlier result (e.g. reports/baseline.json); exit 1 on regressions
  --out DIR          where results.json, summary.md, index.html and junit.xml go (default reports/latest)
  --format FORMAT    which report to print on stdout (default md)
`;

interface ReportOptions {
  readonly inputs: readonly string[];
  readonly baseline?: string;
  readonly out: string;
  readonly format: ReportFormat;
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
      help: { type: "boolean", short: "h" },
    },
  });
  const { values, positionals } = parsed;
  if (values.help) return "help";
  const format = values.format as ReportFormat;
  if (!REPORT_FORMATS.includes(format)) throw new UsageError(`--format must be one of ${REPORT_FORMATS.join(", ")}, not '${values.format}'`);
  // `--in a b c` parses as --in a plus positionals b and c: both spellings name inputs.
  const inputs = [...(values.in ?? []), ...positionals];
  if (inputs.length === 0) throw new UsageError(`no input: pass --in FILE (JSON Lines results, results.json or a verb's --format json)\n${USAGE}`);
  return { inputs, ...(values.baseline ? { baseline: values.baseline } : {}), out: values.out, format };
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
  if (options.baseline !== undefined) checkInputFile("--baseline", options.baseline);
  const merged = readMerged(options.inputs, io);
  const baseline = options.baseline === undefined ? undefined : readMerged([options.baseline], io);
  const document: ResultsDocument = baseline
    ? { ...merged, drift: { baseline: options.baseline!, items: computeDrift(merged, baseline) } }
    : merged;
  const paths = writeReports(document, options.out);
  io.out(readFileSync(paths[options.format], "utf8"));
  const regressions = document.drift?.items.filter((item) => item.regression).length ?? 0;
  const partial = document.footer.complete ? "" : " (partial run)";
  const against = document.drift ? `; ${regressions} regression${regressions === 1 ? "" : "s"} against ${document.drift.baseline}` : "";
  const files = Object.values(paths).map((path) => basename(path)).join(", ");
  io.err(`schemalab report: wrote ${files} in ${options.out}${partial}${against}\n`);
  return regressions > 0 ? 1 : 0;
}
