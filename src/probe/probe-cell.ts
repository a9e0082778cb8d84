// One measured cell while a mode is being probed: the status, its evidence, and (for acceptance probes
// read through a companion feature) which cell settles enforced vs ignored once the mode is done.
import type { ProbeCell, ProbeStatus } from "../report/model.js";

export interface CellEvidence {
  /** One sentence a reader can act on. */
  readonly summary: string;
  readonly [detail: string]: unknown;
}

export interface MeasuredCell {
  readonly status: ProbeStatus;
  readonly evidence: CellEvidence;
  /** Settle enforced/ignored from this feature's cell in the same mode. */
  readonly companion?: string;
}

export function errorCell(summary: string, details: Record<string, unknown> = {}): MeasuredCell {
  return { status: "error", evidence: { summary, ...details } };
}

/**
 * Acceptance probes that came back as asked read their companion: optional is only told apart from
 * required where required holds, additionalProperties: true only where false holds. A companion in
 * error leaves the cell in error: reading it as enforced would announce what nothing measured.
 */
export function settleCompanions(cells: ReadonlyMap<string, MeasuredCell>): Map<string, ProbeCell> {
  const settled = new Map<string, ProbeCell>();
  for (const [feature, cell] of cells) {
    if (cell.companion === undefined) {
      settled.set(feature, { status: cell.status, evidence: cell.evidence });
      continue;
    }
    const companion = cells.get(cell.companion);
    if (companion?.status === "error") {
      // The companion measured nothing (budget, a cut answer): enforced and ignored cannot be told apart.
      settled.set(feature, { status: "error", evidence: { ...cell.evidence, summary: `${cell.evidence.summary}; ${cell.companion} was not measured in this mode (error), so this cannot read enforced or ignored`, companionError: companion.evidence.summary } });
      continue;
    }
    const reading = companion?.status === "ignored" ? "ignored" : "enforced";
    const why =
      companion === undefined
        ? `${cell.companion} was not probed in this mode, so this reads as enforced`
        : `${cell.companion} is ${companion.status} in this mode, so this reads as ${reading}`;
    settled.set(feature, { status: reading, evidence: { ...cell.evidence, summary: `${cell.evidence.summary}; ${why}` } });
  }
  return settled;
}
