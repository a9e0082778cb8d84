// `schemalab check [--catalog PATH...] [--target PROVIDER:MODE...] [--matrix FILE...] [--unsupported strip|reject] [--format text|json]`
// Will these catalogs work on that provider and mode, and what must change. Exit 1 when any pair is
// rejected; needs-local-validation alone exits 0 (it is a finding to act on, not a breakage).
import { listTargets, loadMatrix, loadProfiles, overlayMatrices, ProfileError, resolveTarget, UnknownTargetError, type ResolvedTarget } from "../../providers/profiles/load-profiles.js";
import type { ProviderProfile } from "../../providers/profiles/profile-types.js";
import { availableParallelism } from "node:os";
import { checkCatalogFiles, scanCatalogFiles, type CatalogScan } from "../check/check-catalog-files.js";
import { checkFilesInWorkers, defaultCheckWorkers } from "../check/check-files-in-workers.js";
import { fromRoot } from "../package-root.js";
import { CatalogError } from "../schema/catalog-error.js";
import { jsonCheckWriter, textCheckWriter } from "./check-output.js";
import { tableWidths } from "./check-text.js";
import type { Io } from "./io.js";
import { UsageError } from "./usage-error.js";
import type { CatalogReadOptions } from "../schema/types.js";
import { dialectOption, parseVerbArgs, textOrJson } from "./verb-options.js";
import { checkInputFile, checkInputPath } from "./check-paths.js";
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
  --format text|json       json: one CheckSection document on stdout
  --workers N              worker threads checking files in parallel (default: one per core, at
                           most 4, for 64 files or more; 0 checks in this thread)

exit: 0 nothing rejected, 1 some schema is rejected on some target, 2 bad input
`;

const OPTIONS = {
  catalog: { type: "string", multiple: true },
  dialect: { type: "string" },
  target: { type: "string", multiple: true },
  matrix: { type: "string", multiple: true },
  unsupported: { type: "string", default: "strip" },
  format: { type: "string", default: "text" },
  workers: { type: "string" },
  ...SOURCE_OPTIONS,
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

/** Bad catalogs (every one, in one list) become a usage error before any result is written. */
async function scanOf(paths: readonly string[], read: CatalogReadOptions): Promise<CatalogScan> {
  try {
    return await scanCatalogFiles(paths, read);
  } catch (error) {
    if (error instanceof CatalogError) throw new UsageError(error.message);
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
    io.err(HELP);
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
  const scan = await scanOf(paths, read);
  if (scan.schemas === 0) throw new UsageError(`--catalog ${paths.join(" ")}: no schemas found there`);
  const source = matrices.length > 0 ? "measured" : "documented";
  // Results stream out one catalog file at a time: memory follows the largest file, not the catalog.
  const writer = values.format === "json" ? jsonCheckWriter(io, source) : textCheckWriter(io, source, tableWidths(scan.longestId, targets.map((target) => target.target)));
  const options = { unsupported: values.unsupported, source, matchRoles: values.target === undefined, read } as const;
  const workers = values.workers === undefined ? defaultCheckWorkers(scan.files, availableParallelism()) : workerCount(values.workers);
  // Output to a slow reader (a pipe) paces the check, so results never pile up in memory.
  const pace = (): Promise<void> | undefined => io.whenDrained?.();
  const totals =
    workers > 0
      ? await checkFilesInWorkers(
          paths,
          { targets: targets.map((target) => target.target), matrices, options, reply: values.format === "json" ? "json" : "objects" },
          workers,
          (each) => ("result" in each ? writer.write(each.result) : writer.writeJsonBatch(each.json, each.count)),
          undefined,
          pace,
        )
      : await checkCatalogFiles(paths, targets, { ...options, profiles }, (result) => writer.write(result), undefined, pace);
  writer.finish(totals);
  return totals.verdicts.rejected > 0 || live.failsOn(targets.map((target) => target.target)) ? 1 : 0;
}
