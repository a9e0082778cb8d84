// `compat()`: breaking changes between two versions of the same schemas: a structural diff and a
// seeded differential search, each break with a counterexample. The same CompatSection
// `schemalab compat --format json` prints.
import { runCompat, type DirectionChoice } from "../compat/run-compat.js";
import type { CompatSection } from "../report/model.js";

export interface CompatApiOptions {
  /** Default: backward for tool inputs (old calls still accepted), forward for structured outputs. */
  readonly direction?: DirectionChoice;
  /** Values drawn per search round (default 200). */
  readonly runs?: number;
  /** Default 1: a release gate must not flip between two runs of the same pair. */
  readonly seed?: number;
}

/**
 * `oldPaths` and `newPaths`: catalog files or folders of the two versions. Rejects with CatalogError on a
 * bad catalog or a schema Ajv cannot compile.
 *
 * @example
 * const section = await compat("suites/evolution/fitness-1.2.0.json", "suites/evolution/fitness-1.3.0.json");
 * section.results.filter((result) => result.verdict === "breaking" && !result.versionBumped); // unannounced breaks
 */
export async function compat(oldPaths: string | readonly string[], newPaths: string | readonly string[], options: CompatApiOptions = {}): Promise<CompatSection> {
  return runCompat({
    oldPaths: typeof oldPaths === "string" ? [oldPaths] : oldPaths,
    newPaths: typeof newPaths === "string" ? [newPaths] : newPaths,
    ...options,
  });
}
