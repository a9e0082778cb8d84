// `schemalab check [--catalog PATH...] [--target PROVIDER:MODE...] [--matrix FILE...] [--unsupported strip|reject] [--format text|json]
//   [--details] [--tool NAME...] [--emit DIR]`
// Can these catalogs go to that provider and mode, and what must the app do. Exit 1 when any pair is
// rejected; needs-local-validation and obligations alone exit 0 (findings to act on, not breakage);
// exit 2 for bad input, after writing every good file's results.
import { NoteBook } from "../check/note-book.js";
import { listTargets, loadMatrix, loadProfiles, overlayMatrices, ProfileError, resolveTarget, UnknownTargetError, type ResolvedTarget } from "../../providers/profiles/load-profiles.js";
import type { ProviderProfile } from "../../providers/profiles/profile-types.js";
import { availableParallelism } from "node:os";
import { checkCatalogFiles, scanCatalogFiles, type CheckRunSummary } from "../check/check-catalog-files.js";
import { JudgedEmitter } from "../check/emit-judged.js";
import type { CheckResult } from "../check/types.js";
import { checkFilesInWorkers, defaultCheckWorkers } from "../check/check-files-in-workers.js";
import { fromRoot } from "../package-root.js";
import { jsonCheckWriter, textCheckWriter } from "./check-output.js";
import { schemaName } from "./check-text.js";
import type { Io } from "./io.js";
import { UsageError } from "./usage-error.js";
import { failOnLevels } from "./fail-on.js";
import type { CatalogReadOptions } from "../schema/types.js";
import { dialectOption, parseVerbArgs, textOrJson } from "./verb-options.js";
import { checkInputFile, checkInputPath, checkOutputFolder } from "./check-paths.js";
import { liveSourceFiles, SOURCE_HELP, SOURCE_OPTIONS } from "./catalog-source-options.js";

const HELP = `usage: schemalab check [options]

  --catalog PATH...        catalog files or folders (default suites/catalogs)
  --dialect NAME           read every schema as this dialect (default: its $schema, Gemini's OpenAPI
                           fields as openapi-3.0, else draft2020-12); each schema is translated from its own
  --target PROVIDER:MODE...  targets to check (default: every documented target, each schema against
                           the targets of its role); explicit targets check every schema
  --matrix FILE...         measured matrices (written by the probe) replacing the documented profile
                           for the modes they measured
  --unsupported strip|reject  strip (default): what the adapter sends after translation;
                           reject: the schema as declared, with the provider's errors
${SOURCE_HELP}
  --format text|json       text (default): the answer per target, a schema × target matrix, output
                           schemas and bad files; json: one CheckSection document on stdout
  --details                the changes, obligations and fallback of every pair that is not native
  --tool NAME...           those lines for these tools only (name or id); --target T also shows them
  --emit DIR               write, per schema and target, the schema judged and its request fragment:
                           DIR/<target>/<schema>.schema.json, .request.json, and DIR/index.json
  --workers N              worker threads checking files in parallel (default: one per core, at
                           most 4, for 64 files or more; 0 checks in this thread)

  --fail-on LEVELS         rejected (default), needs-local-validation, translated, any: which verdicts exit 1

exit: 0 nothing rejected, 1 some schema is rejected on some target (see --fail-on), 2 bad input (bad catalog files
      are listed; the other files' results are written first)
`;

const OPTIONS = {
  catalog: { type: "string", multiple: true },
  dialect: { type: "string" },
  target: { type: "string", multiple: true },
  matrix: { type: "string", multiple: true },
  unsupported: { type: "string", default: "strip" },
  format: { type: "string", default: "text" },
  workers: { type: "string" },
  "fail-on": { type: "string" },
  ...SOURCE_OPTIONS,
  details: { type: "boolean", default: false },
  tool: { type: "string", multiple: true },
  emit: { type: "string" },
  help: { type: "boolean", short: "h", default: false },
} as const;

function parseOptions(argv: string[]) {
  return parseVerbArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }).values;
}

function profilesWith(matrixFiles: readonly string[]): ProviderProfile[] {
  try {
    return overlayMatrices(loadProfiles(), matrixFiles.map(loadMatrix));
  } catch (error) {
    if (error instanceof ProfileError) throw new UsageError(`--matrix ${error.message}`);
    throw error;
  }
}

function targetsOf(names: readonly string[] | undefined, profiles: readonly ProviderProfile[]): ResolvedTarget[] {
  const wanted = names ?? listTargets(profiles);
  try {
    return wanted.map((name) => resolveTarget(name, profiles));
  } catch (error) {
    if (error instanceof UnknownTargetError) throw new UsageError(`--target: ${error.message}`);
    throw error;
  }
}

function workerCount(text: string): number {
  const count = Number(text);
  if (!Number.isSafeInteger(count) || count < 0 || count > 64) throw new UsageError(`--workers: expected an integer from 0 to 64, got '${text}'`);
  return count;
}

export async function checkVerb(argv: string[], io: Io): Promise<number> {
  const values = parseOptions(argv);
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  textOrJson(values.format);
  if (values.unsupported !== "strip" && values.unsupported !== "reject") throw new UsageError(`--unsupported: expected strip or reject, got '${values.unsupported}'`);
  const matrices = values.matrix ?? [];
  for (const matrix of matrices) checkInputFile("--matrix", matrix);
  for (const catalog of values.catalog ?? []) checkInputPath("--catalog", catalog);
  const profiles = profilesWith(matrices);
  const targets = targetsOf(values.target, profiles);
  // Live sources (--mcp, --module) as catalog files; a tool that fails a whole request on a checked target exits 1.
  const live = await liveSourceFiles(values, io);
  const paths = live.paths.length > 0 ? [...(values.catalog ?? []), ...live.paths] : (values.catalog ?? [fromRoot("suites", "catalogs")]);
  const dialect = dialectOption(values.dialect);
  const read: CatalogReadOptions = dialect === undefined ? {} : { dialect };
  if (values.emit !== undefined) checkOutputFolder("--emit", values.emit);
  // Bad files are listed, not thrown: the good files' results are written, then exit 2.
  const scan = await scanCatalogFiles(paths, read);
  if (scan.schemas === 0 && scan.badFiles.length === 0) throw new UsageError(`--catalog ${paths.join(" ")}: no schemas found there`);
  // Nothing good to check: plain bad input, nothing written.
  if (scan.schemas === 0) throw new UsageError(scan.badFiles.length === 1 ? scan.badFiles[0]!.error.split("\n")[0]! : [`${scan.badFiles.length} bad catalog file(s):`, ...scan.badFiles.map((bad) => `  ${bad.error.split("\n")[0]}`)].join("\n"));
  const source = matrices.length > 0 ? "measured" : "documented";
  const details = detailFilter(values.details, values.tool, values.target);
  // Results stream out one catalog file at a time: memory follows the largest file, not the catalog.
  const notes = new NoteBook();
  const writer =
    values.format === "json"
      ? jsonCheckWriter(io, source, targets.map((target) => target.target), notes, live.rules)
      : textCheckWriter(io, source, { targets: targets.map((target) => target.target), ...(details ? { details } : {}) });
  const emitter = values.emit === undefined ? undefined : new JudgedEmitter(values.emit);
  const options = { unsupported: values.unsupported, source, matchRoles: values.target === undefined, read } as const;
  // --emit needs the translations themselves: they are judged in this thread.
  const workers = emitter ? 0 : values.workers === undefined ? defaultCheckWorkers(scan.files, availableParallelism()) : workerCount(values.workers);
  // Output to a slow reader (a pipe) paces the check, so results never pile up in memory.
  const pace = (): Promise<void> | undefined => io.whenDrained?.();
  const run: CheckRunSummary =
    workers > 0
      ? await checkFilesInWorkers(
          paths,
          { targets: targets.map((target) => target.target), matrices, options, reply: values.format === "json" ? "compact" : "objects" },
          workers,
          (each) => ("result" in each ? writer.write(each.result) : writer.writeEntries(each.worker, each.entries)),
          undefined,
          pace,
          scan.badFiles,
          (worker, findings) => writer.received(worker, findings),
        )
      : await checkCatalogFiles(paths, targets, { ...options, profiles, notes, ...(emitter ? { judged: emitter.emit.bind(emitter) } : {}) }, (result) => writer.write(result), undefined, pace);
  writer.finish(run);
  if (emitter) io.err(`check --emit: ${emitter.finish().length} schema(s) and request fragment(s) written to ${values.emit}\n`);
  if (run.badFiles.length > 0) {
    const lines = run.badFiles.map((bad) => bad.error.split("\n")[0]!);
    // One bad file: one line naming it and the place, as for any bad input.
    if (lines.length === 1) io.err(`${lines[0]} (not checked; the other files' results were written)\n`);
    else io.err(`check: ${lines.length} bad catalog file(s), not checked; the other files' results were written:\n${lines.map((line) => `  ${line}`).join("\n")}\n`);
    return 2;
  }
  const failOn = failOnLevels("check", values["fail-on"], ["rejected"]);
  const failing = (["rejected", "needs-local-validation", "translated"] as const).some((verdict) => (failOn.has(verdict) || failOn.has("any")) && run.totals.verdicts[verdict] > 0);
  return failing || live.failsOn(targets.map((target) => target.target)) ? 1 : 0;
}

/** Which pairs get their lines: every one with --details, else those of the tools or targets named. */
function detailFilter(all: boolean, tools: readonly string[] | undefined, targets: readonly string[] | undefined): ((result: CheckResult) => boolean) | undefined {
  if (all) return () => true;
  if (tools !== undefined) {
    const wanted = new Set(tools);
    return (result) => wanted.has(result.schemaId) || wanted.has(schemaName(result.schemaId));
  }
  if (targets !== undefined) return () => true;
  return undefined;
}
