// `schemalab conformance [--validator PATH|lite|ajv] [--suite DIR] [--dialect D|all] [--optional | --required-only]
// [--unknown-keywords refuse|annotate] [--timeout MS] [--heap-mb N] [--max-lost N] [--format text|json]`
// The official suite against one validator, draft by draft. Exit 1 when a test failed or errored (skips do
// not count) or the module is broken.
import { IsolatedLoadError } from "../conformance/worker-runner.js";
import { locateSuite } from "../conformance/locate-suite.js";
import { conformance } from "../api/conformance.js";
import { SUITE_DIALECTS, SUITE_HOME, SuiteNotFoundError, type SuiteDialect, type SuiteScope } from "../conformance/suite-layout.js";
import { parseDialectName } from "../lite/dialect.js";
import { createRunHeader } from "../report/results-writer.js";
import { SuiteFormatError } from "../conformance/test-groups.js";
import { ValidatorLoadError } from "../validators/load-validator-module.js";
import { formatConformanceSummary, formatConformanceText } from "./conformance-text.js";
import type { Io } from "./io.js";
import { UsageError } from "./usage-error.js";
import { parseVerbArgs, textOrJson } from "./verb-options.js";

const HELP = `usage: schemalab conformance [options]

  --validator PATH|lite|ajv  validator module to test (default lite); a module file runs in a worker thread
  --suite DIR                JSON-Schema-Test-Suite checkout (default $JSON_SCHEMA_TEST_SUITE, then ../shared/json-schema-test-suite)
  --dialect D|all            draft4, draft6, draft7, draft2019-09, draft2020-12, or all of them (default all); each
                             draft's tests are compiled in that dialect
  --unknown-keywords refuse|annotate
                             annotate: keywords the dialect does not define are accepted as annotations, and listed
  --optional                 also run every optional test file (default: required + optional/format)
  --required-only            only the required tests
  --timeout MS               per compile or validate call, for a module run in a worker (default 5000)
  --heap-mb N                heap cap of the module's worker in MB (default 512)
  --max-lost N               hangs or crashes of its worker before the module is declared broken (default 8)
  --format text|json         json: one ConformanceSection document on stdout for one dialect; for several, JSON Lines
                             (a header, one section per dialect, a footer) that \`schemalab report\` reads
`;

const OPTIONS = {
  validator: { type: "string", default: "lite" },
  suite: { type: "string" },
  dialect: { type: "string", default: "all" },
  "unknown-keywords": { type: "string", default: "refuse" },
  optional: { type: "boolean", default: false },
  "required-only": { type: "boolean", default: false },
  timeout: { type: "string" },
  "heap-mb": { type: "string" },
  "max-lost": { type: "string" },
  format: { type: "string", default: "text" },
  help: { type: "boolean", short: "h", default: false },
} as const;

function parseOptions(argv: string[]) {
  return parseVerbArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }).values;
}

function scopeOf(values: { optional: boolean; "required-only": boolean }): SuiteScope {
  if (values.optional && values["required-only"]) throw new UsageError("--optional and --required-only exclude each other");
  return values.optional ? "all" : values["required-only"] ? "required" : "required+format";
}

function dialectOf(text: string): SuiteDialect | "all" {
  if (text === "all") return "all";
  const dialect = parseDialectName(text);
  if (dialect === undefined || dialect === "openapi-3.0") throw new UsageError(`--dialect: expected one of ${SUITE_DIALECTS.join(", ")} or all, got '${text}'`);
  return dialect;
}

function unknownKeywordsOf(text: string): "refuse" | "annotate" {
  if (text !== "refuse" && text !== "annotate") throw new UsageError(`--unknown-keywords: expected refuse or annotate, got '${text}'`);
  return text;
}

function timeoutOf(text: string | undefined, name = "--timeout"): number | undefined {
  if (text === undefined) return undefined;
  const ms = Number(text);
  if (!Number.isInteger(ms) || ms <= 0) throw new UsageError(`${name}: expected a positive whole number, got '${text}'`);
  return ms;
}

function suiteDirOf(explicit: string | undefined): string {
  const location = locateSuite(explicit);
  if (location.found) return location.dir;
  throw new UsageError(`JSON-Schema-Test-Suite not found; looked in ${location.looked.join(", ")}. Get it from ${SUITE_HOME} and pass --suite DIR or set JSON_SCHEMA_TEST_SUITE`);
}

/** Engine errors that mean bad input become usage errors (exit 2, one line naming the place). */
async function asUsageErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ValidatorLoadError || error instanceof IsolatedLoadError || error instanceof SuiteNotFoundError || error instanceof SuiteFormatError) throw new UsageError(error.message);
    throw error;
  }
}

export async function conformanceVerb(argv: string[], io: Io): Promise<number> {
  const values = parseOptions(argv);
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  textOrJson(values.format);
  const include = scopeOf(values);
  const timeoutMs = timeoutOf(values.timeout);
  const heapMb = timeoutOf(values["heap-mb"], "--heap-mb");
  const maxLostWorkers = timeoutOf(values["max-lost"], "--max-lost");
  const suiteDir = suiteDirOf(values.suite);
  const requested = dialectOf(values.dialect);
  const unknownKeywords = unknownKeywordsOf(values["unknown-keywords"]);
  const limits = Object.fromEntries(Object.entries({ timeoutMs, heapMb, maxLostWorkers }).filter(([, value]) => value !== undefined));
  const sections = await asUsageErrors(() => conformance({ validator: values.validator, suiteDir, dialect: requested, include, unknownKeywords, ...limits }));
  if (values.format !== "json") io.out(formatConformanceText(sections));
  else if (sections.length === 1) io.out(JSON.stringify(sections[0]) + "\n");
  else {
    const records = [createRunHeader({ argv: ["conformance", ...argv] }), ...sections, { kind: "footer", finishedAt: new Date().toISOString(), complete: true }];
    io.out(records.map((record) => JSON.stringify(record)).join("\n") + "\n");
  }
  if (values.format === "json") io.err(formatConformanceSummary(sections));
  return sections.some((section) => section.broken || section.totals.failed + section.totals.errored > 0) ? 1 : 0;
}
