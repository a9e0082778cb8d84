// `schemalab run` (`npm start`): the main job on embedded defaults. Fuzz lite vs Ajv over
// suites/catalogs, the official suite where found, every provider's emulator probed, the catalogs
// checked against every documented target; results streamed to results.jsonl as they are produced,
// then rendered into reports/latest/. A step that fails is reported and the run goes on.
import { appendFileSync, existsSync, rmSync, writeFileSync } from "node:fs";
import { renderJson } from "../report/render-json.js";
import { resolve } from "node:path";
import { computeDrift } from "../report/compute-drift.js";
import type { ResultsDocument } from "../report/model.js";
import { readResultsFile } from "../report/read-results.js";
import { renderMarkdown } from "../report/render-markdown.js";
import { createRunHeader, ResultsWriter } from "../report/results-writer.js";
import { writeReports } from "../report/write-reports.js";
import { fromRoot } from "../package-root.js";
import type { Io } from "./io.js";
import { runCheckAnswer, runExitCode, runSteps, type RunSettings } from "./run-steps.js";
import { UsageError } from "./usage-error.js";
import { parseVerbArgs } from "./verb-options.js";
import { openSources, SOURCE_HELP, SOURCE_OPTIONS, sourceFiles, sourceSpecsOf, type SourceValues } from "./catalog-source-options.js";
import { checkInputFile, checkInputPath, checkOutputFolder } from "./check-paths.js";
import { LOCK_FILE, lockOutputFolder } from "./output-lock.js";
import { activeConfig } from "../config/active-config.js";
import { jobOf } from "./run-job.js";

const HELP = `usage: schemalab run [options]

  --catalog PATH...   your catalogs (files or folders) to fuzz and check (default suites/catalogs)
  --runs N            fuzz cases in all (default 20000; the fuzz step also stops after --fuzz-seconds)
  --fuzz-seconds S    time budget of the fuzz step (default 20)
  --seed S|random     seed for fuzzing and emulators (default: the config's seed, else 1; random draws one; always printed)
  --providers a,b     providers to probe (default: openai,anthropic,google,openai-compatible; also vertex)
  --live              also probe the real providers whose keys are set (OPENAI_API_KEY, ANTHROPIC_API_KEY,
                      GEMINI_API_KEY; SCHEMALAB_API_KEY with SCHEMALAB_BASE_URL for openai-compatible;
                      VERTEX_ACCESS_TOKEN with GOOGLE_CLOUD_PROJECT/GOOGLE_CLOUD_LOCATION for vertex)
  --suite DIR         the JSON-Schema-Test-Suite (default: $JSON_SCHEMA_TEST_SUITE, ../shared/json-schema-test-suite)
  --baseline FILE     compare with a baseline results file and report drift (exit 1 on regressions)
  --update-baseline   write this run's results as --baseline (the first nightly, or accepting changes)
  --fail-on LEVELS    regression (default): only new findings the lab rules the candidate's fault, and
                      changes for the worse, fail; undecided: new undecided findings and known divergences too
  --out DIR           where to write the reports (default reports/latest)
  --config FILE       the team's job (default: schemalab.config.json|.mjs|.ts from here up; --no-config: the demo)

With a config, run checks, fuzzes (and probes, compares, runs conformance, as configured) the config's
catalogs; without one it runs the lab's own demo over suites/catalogs.
${SOURCE_HELP}

The terminal gets the step lines, the per-target answer of the check and the report's path; the full
Markdown goes to summary.md and, when GITHUB_STEP_SUMMARY is set, to that file too.

exit: 0 nothing found, 1 lite disagrees with the spec (fuzz findings not explained as Ajv's errors,
conformance failures) or regressions against --baseline, 2 bad usage or bad catalog files (the
good files' results are in the report)
`;

const OPTIONS = {
  catalog: { type: "string", multiple: true },
  runs: { type: "string", default: "20000" },
  "fuzz-seconds": { type: "string", default: "20" },
  seed: { type: "string" },
  providers: { type: "string", default: "openai,anthropic,google,openai-compatible" },
  live: { type: "boolean", default: false },
  suite: { type: "string" },
  baseline: { type: "string" },
  out: { type: "string" },
  "fail-on": { type: "string", default: "regression" },
  "update-baseline": { type: "boolean", default: false },
  ...SOURCE_OPTIONS,
  help: { type: "boolean", short: "h", default: false },
} as const;

function positiveInteger(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) throw new UsageError(`--${name} takes a whole number, not '${text}'`);
  return value;
}

/** The recorded seed unless the user asks for a random one. */
function seedOf(text: string | undefined): number {
  if (text === undefined) return DEFAULT_SEED;
  if (text === "random") return Math.floor(Math.random() * 2 ** 31);
  return positiveInteger("seed", text);
}

const DEFAULT_SEED = 1;

function failOnUndecided(text: string): boolean {
  const levels = text.split(",").map((level) => level.trim()).filter(Boolean);
  for (const level of levels) if (level !== "regression" && level !== "undecided") throw new UsageError(`--fail-on: expected regression or undecided, got '${level}'`);
  return levels.includes("undecided");
}

function parseSettings(argv: string[]): RunSettings & { help: boolean; baseline?: string; updateBaseline: boolean; sources: SourceValues } {
  const { values } = parseVerbArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false });
  const known = ["openai", "anthropic", "google", "openai-compatible", "vertex"];
  const providers = values.providers.split(",").map((name) => name.trim()).filter(Boolean);
  for (const provider of providers) {
    if (!known.includes(provider)) throw new UsageError(`--providers: unknown provider '${provider}' (known: ${known.join(", ")})`);
  }
  return {
    help: values.help,
    runs: positiveInteger("runs", values.runs),
    fuzzMs: positiveInteger("fuzz-seconds", values["fuzz-seconds"]) * 1000,
    seed: seedOf(values.seed),
    failOnUndecided: failOnUndecided(values["fail-on"]),
    updateBaseline: values["update-baseline"],
    ...jobOf(activeConfig()),
    providers,
    live: values.live,
    outDir: resolve(values.out ?? fromRoot("reports", "latest")),
    ...(values.suite === undefined ? {} : { suiteDir: values.suite }),
    ...(values.catalog === undefined ? {} : { catalogs: values.catalog }),
    ...(values.baseline === undefined ? {} : { baseline: values.baseline }),
    sources: values,
  };
}

function withDrift(document: ResultsDocument, baselineFile: string | undefined, failOnUndecided = false): ResultsDocument {
  if (baselineFile === undefined) return document;
  const baseline = readResultsFile(baselineFile).document;
  return { ...document, drift: { baseline: baselineFile, items: computeDrift(document, baseline, { failOnUndecided }) } };
}

export async function runVerb(argv: string[], io: Io): Promise<number> {
  const settings = parseSettings(argv);
  if (settings.help) {
    io.out(HELP);
    return 0;
  }
  checkOutputFolder("--out", settings.outDir);
  for (const catalog of settings.catalogs ?? []) checkInputPath("--catalog", catalog);
  // Read the baseline before spending a minute on the run: a bad one is bad input.
  if (settings.baseline !== undefined && !settings.updateBaseline) {
    if (!existsSync(settings.baseline)) throw new UsageError(`--baseline ${settings.baseline}: no such file (write one with run --update-baseline)`);
    checkInputFile("--baseline", settings.baseline);
  }
  if (settings.baseline !== undefined && !settings.updateBaseline) withDrift({ header: createRunHeader({ argv }), sections: [], footer: { kind: "footer", finishedAt: "", complete: true } }, settings.baseline);
  const specs = sourceSpecsOf(settings.sources);
  const live = await sourceFiles(await openSources(specs, settings.sources, io));
  const release = lockOutputFolder(settings.outDir);
  try {
    const catalogs = specs.length > 0 ? [...(settings.catalogs ?? []), ...live.paths] : settings.catalogs;
    return await runLocked({ ...settings, ...(catalogs ? { catalogs } : {}) }, argv, io);
  } finally {
    release();
    await live.cleanup();
  }
}

async function runLocked(settings: ReturnType<typeof parseSettings>, argv: string[], io: Io): Promise<number> {
  const started = Date.now();
  const writer = ResultsWriter.open(resolve(settings.outDir, "results.jsonl"), createRunHeader({ argv: ["run", ...argv], seed: settings.seed }));
  let closed = false;
  const finish = (complete: boolean): ResultsDocument => {
    closed = true;
    const closedDocument = writer.close(complete);
    if (settings.updateBaseline) {
      if (settings.baseline === undefined) throw new UsageError("--update-baseline needs --baseline FILE (or baseline in the config)");
      writeFileSync(settings.baseline, renderJson(closedDocument));
      io.err(`schemalab run: wrote the baseline ${settings.baseline}\n`);
    }
    const document = settings.updateBaseline ? closedDocument : withDrift(closedDocument, settings.baseline, settings.failOnUndecided);
    writeReports(document, settings.outDir);
    return document;
  };
  // Ctrl-C midway still leaves a readable report, marked incomplete.
  const onSignal = (signal: NodeJS.Signals) => {
    if (!closed) finish(false);
    io.err(`\nschemalab run: interrupted (${signal}); partial report in ${settings.outDir}\n`);
    rmSync(resolve(settings.outDir, LOCK_FILE), { force: true });
    process.exit(signal === "SIGTERM" ? 143 : 130);
  };
  process.once("SIGINT", onSignal).once("SIGTERM", onSignal);
  try {
    const job = settings.job ? `job of ${settings.job.file}` : "demo job (no schemalab.config.json found)";
    io.err(`schemalab run: ${job}; seed ${settings.seed}; writing ${settings.outDir}\n`);
    const { complete } = await runSteps(settings, (section) => writer.writeSection(section), io);
    const document = finish(complete);
    // The full Markdown is summary.md's (and the job summary's); the terminal gets the answer and the path.
    const summaryFile = process.env.GITHUB_STEP_SUMMARY;
    if (summaryFile) appendFileSync(summaryFile, renderMarkdown(document));
    const answer = runCheckAnswer(document);
    if (answer !== "") io.out(`\ncan the catalog go there?\n${answer}`);
    io.out(`\nreport: ${resolve(settings.outDir, "index.html")} (summary: ${resolve(settings.outDir, "summary.md")})\n`);
    io.err(`schemalab run: ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    if (!complete) io.err("schemalab run: some steps failed (above); the report is marked incomplete\n");
    const badFiles = document.sections.some((section) => section.kind === "check" && section.badFiles.length > 0);
    if (badFiles) return 2;
    return complete ? runExitCode(document, settings) : 1;
  } finally {
    process.off("SIGINT", onSignal).off("SIGTERM", onSignal);
    if (!closed) finish(false);
  }
}
