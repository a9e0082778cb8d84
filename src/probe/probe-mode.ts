// One mode of one provider: the plan (features the docs say are refused go alone, so each refusal costs
// one request; the rest share batches), the batches and limit probes run through the shared gate, then
// acceptance probes settle through their companions.
import type { ModeProfile, LimitName } from "../../providers/profiles/profile-types.js";
import type { ProbeCell } from "../report/model.js";
import { FEATURE_IDS } from "../schema/features.js";
import { adapterChangesFor } from "./adapter-evidence.js";
import type { MeasuredMode } from "./measured-matrix.js";
import { settleCompanions, type MeasuredCell } from "./probe-cell.js";
import { scaffoldFor } from "./probe-document.js";
import { probeLimit } from "./probe-limit.js";
import type { FeatureProbe, LimitProbe } from "./probe-suite.js";
import { runProbeBatch, type ModeContext } from "./run-probe-batch.js";
import type { ProbeTransport } from "./send-probe-request.js";
import type { PairProbe } from "./pairs/pair-suite.js";
import { markInteractions, probePairs } from "./pairs/probe-pairs.js";

export interface ModeRun {
  readonly transport: ProbeTransport;
  readonly mode: string;
  readonly documented: ModeProfile | undefined;
  readonly probes: readonly FeatureProbe[];
  readonly limits: readonly LimitProbe[];
  readonly samples: number;
  readonly batchSize: number;
  readonly maxTokens: number;
  /** Features refused in modes probed before this one: planned alone, as the docs' refusals are. */
  readonly refusedElsewhere?: ReadonlySet<string>;
  /** Keyword-pair probes (pair-suite.ts): their cells land in `pairs`. */
  readonly pairs?: readonly PairProbe[];
}

/** Probes sent alone: refusals cannot share a request, and a root probe is the whole document. */
export function planBatches(probes: readonly FeatureProbe[], documented: ModeProfile | undefined, batchSize: number, refusedElsewhere: ReadonlySet<string> = new Set()): FeatureProbe[][] {
  const alone = (probe: FeatureProbe): boolean => probe.placement === "root" || documented?.features[probe.feature]?.status === "rejected" || refusedElsewhere.has(probe.feature);
  const shared = probes.filter((probe) => !alone(probe));
  const batches = probes.filter(alone).map((probe) => [probe]);
  for (let start = 0; start < shared.length; start += batchSize) batches.push(shared.slice(start, start + batchSize));
  return batches;
}

export async function probeMode(run: ModeRun): Promise<MeasuredMode> {
  const role = run.documented?.role ?? roleFromModeName(run.mode);
  const context: ModeContext = { transport: run.transport, mode: run.mode, role, scaffold: scaffoldFor(run.documented), samples: run.samples, maxTokens: run.maxTokens, freeGeneration: {}, ...(run.documented === undefined ? {} : { documented: run.documented }) };
  const batchRuns = planBatches(run.probes, run.documented, run.batchSize, run.refusedElsewhere).map(async (batch) => ({ batch, cells: await runProbeBatch(context, batch) }));
  const limitRuns = run.limits.map(async (probe) => {
    const name = limitNameFor(probe, run.documented);
    return { probe, name, result: await probeLimit(context, probe, run.documented?.limits[name]) };
  });
  const [batchCells, limitResults] = await Promise.all([Promise.all(batchRuns.map(async (batch) => (await batch).cells)), Promise.all(limitRuns)]);
  const cells = new Map<string, MeasuredCell>();
  for (const batch of batchCells) for (const [feature, cell] of batch) cells.set(feature, cell);
  const limits: Partial<Record<LimitName, number | null>> = {};
  for (const { probe, name, result } of limitResults) {
    cells.set(probe.feature, result.cell);
    if (result.notApplicable === true) continue;
    if (result.limit !== undefined) limits[name] = result.limit;
    else if (result.cell.status === "enforced") limits[name] = null;
  }
  const features = inTaxonomyOrder(withAdapterEvidence(settleCompanions(cells), run));
  // Pairs after the single features: a keyword refused alone is refused in any pair, so such pairs are not sent.
  const pairs = run.pairs === undefined || run.pairs.length === 0 ? undefined : await probePairs(context, run.pairs, run.batchSize, { ...documentedCells(run.documented), ...features });
  return { mode: run.mode, role, features, limits, ...(pairs === undefined ? {} : { pairs: markInteractions(pairs, { ...documentedCells(run.documented), ...features }) }) };
}

/** The documented cells, read as measured ones: what pairs are compared with when singles were not probed. */
function documentedCells(documented: ModeProfile | undefined): Record<string, ProbeCell> {
  return Object.fromEntries(Object.entries(documented?.features ?? {}).map(([feature, cell]) => [feature, { status: cell.status === "unknown" ? "error" : cell.status, evidence: { summary: "documented" } }]));
}

/** Beside each verdict that is not plain enforcement: what the mode's adapter does with the feature. */
function withAdapterEvidence(cells: Map<string, ProbeCell>, run: ModeRun): Map<string, ProbeCell> {
  if (run.documented === undefined) return cells;
  for (const probe of run.probes) {
    const cell = cells.get(probe.feature);
    if (cell === undefined || cell.status === "enforced") continue;
    const adapter = adapterChangesFor(probe, run.documented);
    if (adapter.length > 0) cells.set(probe.feature, { ...cell, evidence: { ...(cell.evidence as object), adapter } });
  }
  return cells;
}

/** The limit a probe starts from and measures: the first of its names the mode documents, else the first. */
function limitNameFor(probe: LimitProbe, documented: ModeProfile | undefined): LimitName {
  return probe.documentedLimits.find((name) => documented?.limits[name] !== undefined) ?? probe.documentedLimits[0]!;
}

/** Modes outside the documented profile: tools carry tool input, the rest structured output. */
function roleFromModeName(mode: string): "tool-input" | "structured-output" {
  return /tools|functionDeclarations/.test(mode) ? "tool-input" : "structured-output";
}

function inTaxonomyOrder(cells: ReadonlyMap<string, ProbeCell>): Record<string, ProbeCell> {
  return Object.fromEntries(FEATURE_IDS.filter((feature) => cells.has(feature)).map((feature) => [feature, cells.get(feature)!]));
}
