// The mutation benchmark: each mutant (lite with one keyword's check broken) fuzzed against Ajv over
// the schemas its bug touches, in-process and deterministic. A mutant is found when a finding
// fails the run; its time to detect is the smallest case index (of one schema) where one was met.
import { fromRoot } from "../../package-root.js";
import { ajvValidator } from "../../validators/ajv-validator.js";
import { liteValidator } from "../../validators/lite-validator.js";
import type { ValidatorModule } from "../../validators/types.js";
import { failsRun } from "../adjudicate.js";
import type { CaseReport, FuzzTarget } from "../fuzz-protocol.js";
import { loadCatalogTargets } from "../fuzz-targets.js";
import { FuzzWorkerState } from "../fuzz-worker-state.js";
import { loadGeneratorSet } from "../generator-modules.js";
import { directionOf } from "../group-findings.js";
import { createHeartbeatBuffer } from "../heartbeat.js";
import { DEFAULT_KNOWN_DIVERGENCES_FILE, divergencesFor, loadKnownDivergences } from "../known-divergences.js";
import { MUTANTS, mutantValidator, type Mutant } from "./mutants.js";
import { rewriteSchema } from "./rewrite-schema.js";

export interface MutationBenchOptions {
  /** Catalog files or folders (default suites/catalogs and suites/mutation-bench). */
  readonly schemas?: readonly string[];
  /** Cases per schema a mutant may take before it counts as missed (default 3000). */
  readonly runsPerSchema?: number;
  readonly seed?: number;
  readonly mutants?: readonly Mutant[];
}

export interface MutantResult {
  readonly id: string;
  readonly feature: string;
  readonly description: string;
  /** Schemas the mutant's rewrite changes (the only ones it is fuzzed on). */
  readonly schemas: number;
  readonly found: boolean;
  /** The case index (within one schema) of the first finding that fails the run. */
  readonly firstCase?: number;
  readonly finding?: { readonly schemaId: string; readonly feature: string; readonly direction: string; readonly family: string; readonly adjudication: string };
}

export interface MutationBenchResult {
  readonly kind: "mutation-bench";
  readonly seed: number;
  readonly runsPerSchema: number;
  /** A finding that fails the run for lite itself over the same schemas and cases (absent when the bench is clean). */
  readonly baselineFinding?: MutantResult["finding"];
  readonly found: number;
  readonly total: number;
  readonly medianFirstCase: number | null;
  readonly mutants: readonly MutantResult[];
}

/** Cases per task: small enough to stop soon after the first finding. */
const CHUNK = 250;

export async function runMutationBench(options: MutationBenchOptions = {}): Promise<MutationBenchResult> {
  const runsPerSchema = options.runsPerSchema ?? 3000;
  const seed = options.seed ?? 1;
  const targets = await loadCatalogTargets(options.schemas ?? [fromRoot("suites", "catalogs"), fromRoot("suites", "mutation-bench")]);
  const divergences = divergencesFor("ajv", await loadKnownDivergences(DEFAULT_KNOWN_DIVERGENCES_FILE));
  const generators = await loadGeneratorSet();
  const fuzz = (candidate: ValidatorModule, chosen: readonly FuzzTarget[], limit: number) => {
    const state = new FuzzWorkerState({ reference: "ajv", seed, targets: chosen, regressions: [], divergences, heartbeat: createHeartbeatBuffer() }, candidate, ajvValidator, generators, true);
    return firstFailure(state, chosen.length, limit);
  };
  const baseline = fuzz(liteValidator, targets, runsPerSchema);
  const mutants = (options.mutants ?? MUTANTS).map((mutant): MutantResult => {
    const touched = targets.filter((target) => JSON.stringify(rewriteSchema(target.schema, mutant.rewrite)) !== JSON.stringify(target.schema));
    const first = fuzz(mutantValidator(mutant), touched, runsPerSchema);
    const base = { id: mutant.id, feature: mutant.feature, description: mutant.description, schemas: touched.length };
    if (!first) return { ...base, found: false };
    return { ...base, found: true, firstCase: first.report.caseIndex, finding: describeFinding(first, touched) };
  });
  const firstCases = mutants.flatMap((mutant) => (mutant.firstCase === undefined ? [] : [mutant.firstCase]));
  return {
    kind: "mutation-bench",
    seed,
    runsPerSchema,
    ...(baseline ? { baselineFinding: describeFinding(baseline, targets) } : {}),
    found: firstCases.length,
    total: mutants.length,
    medianFirstCase: median(firstCases),
    mutants,
  };
}

/**
 * The earliest failing report over the targets: each target runs in chunks until its first failure,
 * and never past the best case index found so far (a later one cannot win).
 */
function firstFailure(state: FuzzWorkerState, targetCount: number, runs: number): { report: CaseReport; targetIndex: number } | null {
  let best: { report: CaseReport; targetIndex: number } | null = null;
  for (let targetIndex = 0; targetIndex < targetCount; targetIndex++) {
    const limit = best ? best.report.caseIndex : runs;
    for (let from = 0; from < limit; from += CHUNK) {
      const result = state.run({ kind: "cases", targetIndex, from, to: Math.min(limit, from + CHUNK), skip: [] });
      if (result.unsupported) break;
      const failing = result.reports.filter((report) => failsRun({ adjudication: report.ruling.adjudication, direction: directionOf(report.difference), knownDivergence: report.ruling.knownDivergence }));
      if (failing.length === 0) continue;
      const earliest = failing.reduce((a, b) => (b.caseIndex < a.caseIndex ? b : a));
      if (!best || earliest.caseIndex < best.report.caseIndex) best = { report: earliest, targetIndex };
      break;
    }
  }
  return best;
}

function describeFinding({ report, targetIndex }: { report: CaseReport; targetIndex: number }, targets: readonly FuzzTarget[]): NonNullable<MutantResult["finding"]> {
  return { schemaId: targets[targetIndex]!.id, feature: report.feature, direction: directionOf(report.difference), family: report.family, adjudication: report.ruling.adjudication };
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
