// What a probe section says about its provider's profile, in counts every renderer and the terminal
// print the same way: cells that fill a gap in the profile are new facts, not differences.
import type { ProbeSection } from "./model.js";

export interface ProbeProfileCounts {
  readonly cells: number;
  /** Measured where the profile says `unknown` or has no cell. */
  readonly measuredWhereUnknown: number;
  /** Measured against a documented or observed cell, and not what it says. */
  readonly contradictions: number;
  /** `error` cells: nothing measured (budget spent, cut answers, network). */
  readonly notMeasured: number;
}

export function probeProfileCounts(section: Pick<ProbeSection, "modes" | "diffFromProfile" | "measuredWhereUnknown">): ProbeProfileCounts {
  const cells = section.modes.flatMap((mode) => Object.values(mode.features));
  return {
    cells: cells.length,
    measuredWhereUnknown: section.measuredWhereUnknown.length,
    contradictions: section.diffFromProfile.length,
    notMeasured: cells.filter((cell) => cell.status === "error").length,
  };
}

/** "318 measured where the profile says unknown, 2 contradict the profile, 4 not measured (error)". */
export function formatProbeProfileCounts(counts: ProbeProfileCounts): string {
  const parts = [
    `${counts.measuredWhereUnknown} measured where the profile says unknown`,
    `${counts.contradictions} contradict${counts.contradictions === 1 ? "s" : ""} the profile`,
    ...(counts.notMeasured === 0 ? [] : [`${counts.notMeasured} not measured (error)`]),
  ];
  return parts.join(", ");
}
