// The body of `schemalab fuzz` once its options are parsed and its workers spawned (fuzz.ts): the
// live sources, the run, the outputs and the exit code.
import { writeFile } from "node:fs/promises";
import {
  failsRun,
  FuzzInputError,
  KnownDivergencesError,
  RegressionCaseError,
  runFuzz,
  saveRegressionCases,
  WorkerLoadError,
  type FuzzOptions,
  type FuzzProgress,
  type PrestartedWorkers,
} from "../diff/index.js";
import type { FuzzSection } from "../report/model.js";
import { declaredNotFuzzed } from "../diff/not-fuzzed.js";
import type { CatalogSourceSpec } from "../schema/sources/catalog-sources.js";
import type { ToolRuleFinding } from "../schema/sources/tool-rules.js";
import { openSources, sourceFiles } from "./catalog-source-options.js";
import { CatalogError } from "../schema/index.js";
import type { FuzzValues } from "./fuzz.js";
import { formatFuzzProgress, formatFuzzText } from "./fuzz-text.js";
import type { Io } from "./io.js";
import { UsageError } from "./usage-error.js";
import { failOnLevels } from "./fail-on.js";

const BAD_INPUT = [CatalogError, WorkerLoadError, FuzzInputError, KnownDivergencesError, RegressionCaseError];

async function runAsVerb(options: FuzzOptions): Promise<FuzzSection> {
  try {
    return await runFuzz(options);
  } catch (error) {
    if (BAD_INPUT.some((kind) => error instanceof kind)) throw new UsageError((error as Error).message);
    throw error;
  }
}

/** Progress on a terminal only, at most ten times a second, overwritten in place. */
function progressReporter(io: Io, json: boolean): ((progress: FuzzProgress) => void) | undefined {
  if (json || !io.isTTY) return undefined;
  let shownAt = Number.NEGATIVE_INFINITY;
  return (progress) => {
    if (progress.elapsedMs - shownAt < 100) return;
    shownAt = progress.elapsedMs;
    io.err(`\r${formatFuzzProgress(progress)}`);
  };
}

export async function runFuzzVerb(values: FuzzValues, options: FuzzOptions, specs: readonly CatalogSourceSpec[], io: Io, prestarted?: PrestartedWorkers): Promise<number> {
  const json = values.format === "json";
  const onProgress = progressReporter(io, json);
  const opened = await openSources(specs, values, io, options.dialect === undefined ? {} : { dialect: options.dialect });
  const live = await sourceFiles(opened);
  let section: FuzzSection | undefined;
  try {
    const schemas = specs.length > 0 ? [...(options.schemas ?? []), ...live.paths] : options.schemas;
    section = withNotFuzzed(withUnconverted(await runAsVerb({ ...options, ...(schemas ? { schemas } : {}), ...(onProgress ? { onProgress } : {}), ...(prestarted ? { prestarted } : {}) }), opened.rules));
  } finally {
    // Replay lines name the catalog files: with findings, the live catalogs stay (a server may change by the time you replay).
    const kept = section !== undefined && section.findings.length > 0 && specs.length > 0;
    if (kept) io.err(`the catalogs read from ${opened.sources.map((source) => source.label).join(", ")} are kept for the replay lines: ${live.paths.slice(-opened.sources.length).join(" ")}\n`);
    else await live.cleanup();
  }
  if (onProgress) io.err("\r\u001b[K");
  const document = `${JSON.stringify(section)}\n`;
  if (values.out) await writeFile(values.out, document);
  if (values["save-regressions"]) {
    const written = await saveRegressionCases(values["save-regressions"], section.findings);
    io.err(`saved ${written.length} regression case${written.length === 1 ? "" : "s"} under ${values["save-regressions"]}\n`);
  }
  const text = formatFuzzText(section, { seedWasRandom: options.seed === undefined });
  if (json) {
    io.out(document);
    io.err(text);
  } else io.out(text);
  const failOn = failOnLevels("fuzz", values["fail-on"], ["disagreement"]);
  const unfuzzed = section.unsupported.length > 0 || (section.notFuzzed ?? 0) > 0;
  const failing = (failOn.has("disagreement") && section.findings.some(failsRun)) || ((failOn.has("unsupported") || values["fail-on-unsupported"]) && unfuzzed);
  return section.broken || failing ? 1 : 0;
}

/** A module export no converter turned into JSON Schema was not fuzzed either: listed with the unsupported. */
function withUnconverted(section: FuzzSection, rules: readonly ToolRuleFinding[]): FuzzSection {
  const unconverted = rules.filter((rule) => rule.rule === "not-converted").map((rule) => ({ schemaId: rule.schemaId, reason: rule.message }));
  return unconverted.length === 0 ? section : { ...section, unsupported: [...section.unsupported, ...unconverted] };
}

/** The count of declared schemas never fuzzed, in the JSON beside the `unsupported` list. */
function withNotFuzzed(section: FuzzSection): FuzzSection {
  const count = declaredNotFuzzed(section).length;
  return count === 0 ? section : { ...section, notFuzzed: count };
}
