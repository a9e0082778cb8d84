// A fuzz run's inputs, resolved once: options with their defaults, the schemas (declared, generated),
// saved regressions, the known divergences that apply to the reference, and the task plan.
import type { Dialect } from "../lite/dialect.js";
import { fromRoot } from "../package-root.js";
import { caseTasks, regressionTasks, runsPerTarget, WHOLE_RUN, type Shard } from "./case-plan.js";
import type { FeatureCoverage } from "../../generators/near-miss-coverage.js";
import type { FuzzRunData, FuzzTask } from "./fuzz-protocol.js";
import { referenceSpecOf, validatorSpecOf } from "./fuzz-worker-boot.js";
import { generateTargets, loadCatalogTargets, type PlacedTarget } from "./fuzz-targets.js";
import { loadNearMissCoverage, loadSchemaGenerator } from "./generator-modules.js";
import { DEFAULT_KNOWN_DIVERGENCES_FILE, divergencesFor, loadKnownDivergences, type KnownDivergence } from "./known-divergences.js";
import { loadRegressionCases, type RegressionCase } from "./regression-cases.js";
import type { CaseAddress } from "./replay-line.js";
import type { PrestartedWorkers } from "./prestarted-workers.js";

export interface FuzzProgress {
  readonly cases: number;
  readonly findings: number;
  readonly elapsedMs: number;
  readonly casesPerSecond: number;
}

export interface FuzzOptions {
  /** "lite" (default), "ajv", or a validator module path (relative to `cwd`). */
  readonly validator?: string;
  readonly reference?: string;
  /** Catalog files or folders (default suites/catalogs). */
  readonly schemas?: readonly string[];
  /** Read every schema as this dialect, whatever its `$schema` says (`--dialect`). */
  readonly dialect?: Dialect;
  /** "annotate": the candidate may accept keywords its dialect does not define as annotations; the section lists them. */
  readonly unknownKeywords?: "refuse" | "annotate";
  readonly generateSchemas?: number;
  /** Cases in all, split evenly over the schemas (default 10 000). */
  readonly runs?: number;
  /** Random when absent; the section says which. */
  readonly seed?: number;
  readonly shard?: Shard;
  readonly workers?: number;
  /** Per case (and per compile): a candidate silent for longer is a `timeout` finding (default 2000). */
  readonly timeoutMs?: number;
  /** Heap cap of each worker, in MB (default 512): a candidate that allocates past it kills its worker. */
  readonly heapMb?: number;
  /** Workers lost (hangs, deaths) before the candidate is declared broken and the run ends (default 8). */
  readonly maxLostWorkers?: number;
  /** Stop handing out work after this long; the section counts the cases that ran. */
  readonly maxDurationMs?: number;
  /** Saved regression cases to replay first (default suites/regressions; [] for none). */
  readonly regressions?: readonly string[];
  /** Run exactly this case (a replay line's `--schema-id` and `--replay-path`), nothing else. */
  readonly replay?: { readonly schemaId: string } & CaseAddress;
  readonly knownDivergencesFile?: string;
  readonly cwd?: string;
  readonly onProgress?: (progress: FuzzProgress) => void;
  /** Aborted: no more cases are handed out, and the section counts the cases that ran (as maxDurationMs). */
  readonly signal?: AbortSignal;
  /**
   * Workers the caller spawned even earlier (the CLI, before it loads the rest of itself); used when
   * spawned with these options' validators, cwd and heap cap, else ended. The run's clock starts at their spawn.
   */
  readonly prestarted?: PrestartedWorkers;
}

export class FuzzInputError extends Error {
  override readonly name = "FuzzInputError";
}

export interface ResolvedRun {
  readonly options: FuzzOptions;
  readonly validatorSpec: string;
  readonly referenceSpec: string;
  readonly seed: number;
  readonly shard: Shard;
  readonly timeoutMs: number;
  readonly cwd: string;
  readonly targets: readonly PlacedTarget[];
  readonly regressions: readonly RegressionCase[];
  readonly divergences: readonly KnownDivergence[];
  /** The coverage table of the section (feature id → near-miss families). */
  readonly coverage: readonly FeatureCoverage[];
}

export function randomSeed(): number {
  return Math.floor(Math.random() * 0x7fffffff);
}

export { defaultWorkerCount } from "./fuzz-worker-boot.js";

export async function resolveRun(options: FuzzOptions): Promise<ResolvedRun> {
  const cwd = options.cwd ?? process.cwd();
  const seed = options.seed ?? randomSeed();
  const coverage = await loadNearMissCoverage();
  const catalogs = await loadCatalogTargets(options.schemas ?? [fromRoot("suites", "catalogs")], options.dialect === undefined ? {} : { dialect: options.dialect });
  const generated = options.generateSchemas ? generateTargets(options.generateSchemas, seed, await loadSchemaGenerator()) : [];
  let targets = [...catalogs, ...generated];
  if (targets.length === 0) throw new FuzzInputError(`${(options.schemas ?? []).join(", ") || "suites/catalogs"}: no schemas found there`);
  if (options.replay) {
    const wanted = options.replay.schemaId;
    targets = targets.filter((target) => target.id === wanted);
    if (targets.length === 0) throw new FuzzInputError(`--schema-id ${wanted}: no such schema among those loaded`);
  }
  const referenceSpec = referenceSpecOf(options);
  return {
    options,
    validatorSpec: validatorSpecOf(options),
    referenceSpec,
    seed,
    shard: options.shard ?? WHOLE_RUN,
    timeoutMs: options.timeoutMs ?? 2000,
    cwd,
    targets,
    regressions: options.replay ? [] : await loadRegressionCases(options.regressions ?? [fromRoot("suites", "regressions")]),
    divergences: divergencesFor(referenceSpec, await loadKnownDivergences(options.knownDivergencesFile ?? DEFAULT_KNOWN_DIVERGENCES_FILE)),
    coverage,
  };
}

/** The run every worker is handed once it is read (one structured clone per worker, not per task). */
export function runDataOf(run: ResolvedRun): FuzzRunData {
  return {
    seed: run.seed,
    targets: run.targets.map(({ id, schema, dialect }) => ({ id, schema, ...(dialect === undefined ? {} : { dialect }) })),
    ...(run.options.unknownKeywords ? { unknownKeywords: run.options.unknownKeywords } : {}),
    regressions: run.regressions,
    divergences: run.divergences,
  };
}

export function planTasks(run: ResolvedRun): FuzzTask[] {
  const { replay } = run.options;
  if (replay) {
    return [{ kind: "cases", targetIndex: 0, from: replay.caseIndex, to: replay.caseIndex + 1, skip: [], replayPath: replay.shrinkPath }];
  }
  const runs = runsPerTarget(run.options.runs ?? 10_000, run.targets.length);
  return [...regressionTasks(run.regressions.length, run.shard), ...caseTasks(runs, run.shard)];
}
