// `fuzz()`: a validator against the reference (Ajv) over declared and generated schemas, differential
// and shrunk, in worker threads. The same FuzzSection `schemalab fuzz --format json` prints. Unlike
// the CLI it sets no V8 flags (the CLI tunes the JIT for its own process only).
import { runFuzz, type FuzzOptions, type FuzzProgress } from "../diff/run-fuzz.js";
import type { FuzzSection } from "../report/model.js";
import { throwIfAborted } from "./abort.js";

export type { FuzzProgress };

/** Every `schemalab fuzz` option, typed; `schemas` are catalog files or folders (default the bundled suites/catalogs). */
export type FuzzApiOptions = FuzzOptions;

/**
 * Rejects with CatalogError, FuzzInputError, WorkerLoadError (the validator module cannot load),
 * KnownDivergencesError or RegressionCaseError on bad input. An aborted signal stops handing out
 * cases: the promise still resolves, with the section of the cases that ran (check `signal.aborted`).
 *
 * @example
 * const section = await fuzz({ validator: "./my-validator.js", schemas: ["catalogs/tools.json"], runs: 2000, seed: 1 });
 * expect(section.findings.filter(failsRun)).toEqual([]);
 */
export async function fuzz(options: FuzzApiOptions = {}): Promise<FuzzSection> {
  throwIfAborted(options.signal);
  return runFuzz(options);
}
