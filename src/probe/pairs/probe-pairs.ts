// The pair cells of one mode: the pair probes batched like single features (planBatches, runProbeBatch:
// the same echo, doubt and group-testing rules), then each pair's two directions read as one cell.
import type { ProbeCell, ProbeStatus } from "../../report/model.js";
import type { MeasuredCell } from "../probe-cell.js";
import { planBatches } from "../probe-mode.js";
import { runProbeBatch, type ModeContext } from "../run-probe-batch.js";
import type { PairProbe } from "./pair-suite.js";

export async function probePairs(context: ModeContext, probes: readonly PairProbe[], batchSize: number, singles: Readonly<Record<string, ProbeCell>> = {}): Promise<Record<string, ProbeCell>> {
  const refusedAlone = (probe: PairProbe): string | undefined => [probe.broken, probe.kept].find((feature) => singles[feature]?.status === "rejected");
  const sent = probes.filter((probe) => refusedAlone(probe) === undefined);
  const runs = await Promise.all(planBatches(sent, context.documented, batchSize).map((batch) => runProbeBatch(context, batch)));
  const cells = new Map<string, MeasuredCell>();
  for (const probe of probes) {
    const refused = refusedAlone(probe);
    if (refused !== undefined) cells.set(probe.feature, { status: "rejected", evidence: { summary: `not sent: ${refused} is refused alone in this mode (${String((singles[refused]!.evidence as { summary?: string }).summary ?? "").slice(0, 160)})`, refusedAlone: refused } });
  }
  for (const run of runs) for (const [feature, cell] of run) cells.set(feature, cell);
  const byPair = new Map<string, PairProbe[]>();
  for (const probe of probes) byPair.set(probe.pair, [...(byPair.get(probe.pair) ?? []), probe]);
  const out: Record<string, ProbeCell> = {};
  for (const [pair, directions] of [...byPair].sort(([a], [b]) => a.localeCompare(b))) {
    out[pair] = pairCell(directions.map((probe) => ({ probe, cell: cells.get(probe.feature)! })));
  }
  return out;
}

/** Worst reading first: a refusal, a keyword lost beside the other, a changed value, then enforcement. */
const ORDER: readonly ProbeStatus[] = ["rejected", "ignored", "altered", "error", "enforced"];

export function pairCell(directions: readonly { probe: PairProbe; cell: MeasuredCell }[]): ProbeCell {
  const status = ORDER.find((candidate) => directions.some(({ cell }) => cell.status === candidate)) ?? "error";
  const lost = directions.filter(({ cell }) => cell.status === "ignored").map(({ probe }) => `${probe.broken} is lost beside ${probe.kept}`);
  const summary = directions.map(({ probe, cell }) => `breaking ${probe.broken} (keeping ${probe.kept}): ${cell.status}: ${cell.evidence.summary}`).join("; ");
  return {
    status,
    evidence: {
      summary: lost.length > 0 ? `${lost.join("; ")} — ${summary}` : summary,
      directions: directions.map(({ probe, cell }) => ({ broken: probe.broken, kept: probe.kept, asked: probe.tempting, status: cell.status, evidence: cell.evidence })),
    },
  };
}

/**
 * A pair interacts where a keyword the mode enforces alone is lost (or bent) beside the other: the
 * direction breaking it reads ignored or altered while its own single-feature cell reads enforced.
 * Pairs whose keyword is already ignored alone show nothing new, and are not marked.
 */
export function markInteractions(pairs: Readonly<Record<string, ProbeCell>>, singles: Readonly<Record<string, ProbeCell>>): Record<string, ProbeCell> {
  const out: Record<string, ProbeCell> = {};
  for (const [pair, cell] of Object.entries(pairs)) {
    const evidence = cell.evidence as { directions: { broken: string; kept: string; status: ProbeStatus }[] };
    const interacts = evidence.directions
      .filter((direction) => (direction.status === "ignored" || direction.status === "altered") && singles[direction.broken]?.status === "enforced")
      .map((direction) => `${direction.broken} is enforced alone but ${direction.status} beside ${direction.kept}`);
    out[pair] = interacts.length === 0 ? cell : { ...cell, evidence: { ...(cell.evidence as object), interacts } };
  }
  return out;
}

/** The pairs of a mode that interact (markInteractions), for reports. */
export function interactingPairs(pairs: Readonly<Record<string, ProbeCell>> | undefined): string[] {
  return Object.entries(pairs ?? {}).filter(([, cell]) => Array.isArray((cell.evidence as { interacts?: unknown }).interacts)).map(([pair]) => pair);
}
