// `check()`: will these schemas work on that provider and mode, and what must change. The same
// CheckSection `schemalab check --format json` prints, as objects.
import type { ResolvedTarget } from "../../providers/profiles/load-profiles.js";
import { checkCatalogFiles } from "../check/check-catalog-files.js";
import { checkSchemas, type CheckOptions } from "../check/check-schemas.js";
import type { CheckResult, CheckSection } from "../report/model.js";
import type { Dialect } from "../lite/dialect.js";
import type { CatalogReadOptions } from "../schema/types.js";
import { throwIfAborted } from "./abort.js";
import { catalogPaths, declaredOf, type CatalogInput } from "./catalog-input.js";
import { allTargets, profilesWith, resolveTargets, type MatrixInput } from "./targets.js";

export interface CheckProgress {
  /** The catalog file just checked. */
  readonly file: string;
  readonly filesDone: number;
  /** Schemas checked so far (each against every target of its role). */
  readonly schemasDone: number;
}

export interface CheckApiOptions {
  /** Measured matrices (files `probe --out` wrote, or their content) replacing the documented profile for the modes they measured. */
  readonly matrices?: readonly MatrixInput[];
  /** `strip` (default): what an adapter sends after translation; `reject`: the schema as declared, with the provider's errors. */
  readonly unsupported?: "strip" | "reject";
  /** Read every schema as this dialect, whatever its `$schema` says. */
  readonly dialect?: Dialect;
  readonly signal?: AbortSignal;
  /** After each catalog file (paths only: in-memory input is one step). */
  readonly onProgress?: (progress: CheckProgress) => void;
}

/**
 * Checks each schema against each target. Without targets every documented target is used, each schema
 * against the targets of its role (tool input / structured output); named targets check every schema.
 * Bad catalog files (in a folder or list) are listed in `badFiles` with file and place, and the good
 * files' results kept; an in-memory catalog that cannot be read rejects with CatalogError. Rejects with
 * UnknownTargetError or ProfileError (bad matrix).
 *
 * @example
 * const section = await check("suites/catalogs/fitness.json", "anthropic:messages.tools.strict");
 * section.results.filter((result) => result.verdict === "rejected"); // what would fail, and why
 */
export async function check(catalog: CatalogInput, targets?: string | readonly string[], options: CheckApiOptions = {}): Promise<CheckSection> {
  throwIfAborted(options.signal);
  const profiles = profilesWith(options.matrices);
  const resolved = resolveTargets(targets ?? allTargets(profiles), profiles);
  const read: CatalogReadOptions = options.dialect === undefined ? {} : { dialect: options.dialect };
  const engine: CheckOptions = {
    unsupported: options.unsupported ?? "strip",
    source: (options.matrices?.length ?? 0) > 0 ? "measured" : "documented",
    matchRoles: targets === undefined,
    profiles,
    read,
  };
  const paths = catalogPaths(catalog);
  if (paths === null) return checkSchemas(declaredOf(catalog, read), resolved, engine);
  return checkFiles(paths, resolved, engine, options);
}

async function checkFiles(paths: readonly string[], targets: readonly ResolvedTarget[], engine: CheckOptions, options: CheckApiOptions): Promise<CheckSection> {
  const results: CheckResult[] = [];
  let filesDone = 0;
  let schemasDone = 0;
  const fileDone = (file: string, schemas: number): void => {
    filesDone++;
    schemasDone += schemas;
    options.onProgress?.({ file, filesDone, schemasDone });
  };
  // Asked after each file: the place to stop when the caller aborts.
  const pace = (): undefined => {
    throwIfAborted(options.signal);
    return undefined;
  };
  const run = await checkCatalogFiles(paths, targets, engine, (result) => results.push(result), fileDone, pace);
  // Bad files cost only themselves: listed in badFiles, the good files' results kept (issue 22).
  return { kind: "check", source: engine.source ?? "documented", targets: run.targets, results, toolResults: run.toolResults, badFiles: run.badFiles, notes: run.notes.all() };
}
