// The main thread's running totals: cases and valid shares (overall, per family, per target), the
// reports placed on their schema with a replay line, unsupported targets, and lost-case counts.
import type { FamilyTally, PhaseTimes, SourceTally, TaskResult } from "./fuzz-protocol.js";
import { addPhaseTimes } from "./phase-clock.js";
import { findingId, type PlacedReport } from "./group-findings.js";

export class FuzzTally {
  cases = 0;
  valid = 0;
  readonly families: Record<string, FamilyTally> = {};
  readonly casesByTarget = new Map<number, number>();
  readonly sourcesByTarget = new Map<number, SourceTally>();
  readonly times: PhaseTimes = { generate: 0, reference: 0, candidate: 0, compare: 0 };
  readonly reports: PlacedReport[] = [];
  readonly unsupported = new Map<string, string>();
  private readonly findingIds = new Set<string>();
  private readonly lostByTarget = new Map<number, number>();

  addResult(result: TaskResult, place: (report: TaskResult["reports"][number]) => PlacedReport): void {
    this.cases += result.cases;
    this.valid += result.valid;
    for (const [family, tally] of Object.entries(result.families)) {
      const total = (this.families[family] ??= { cases: 0, valid: 0 });
      total.cases += tally.cases;
      total.valid += tally.valid;
    }
    for (const [index, cases] of Object.entries(result.casesByTarget)) {
      this.casesByTarget.set(Number(index), (this.casesByTarget.get(Number(index)) ?? 0) + cases);
    }
    for (const [index, sources] of Object.entries(result.sourcesByTarget ?? {})) {
      const total = this.sourcesByTarget.get(Number(index)) ?? { valid: 0, nearMiss: 0, faker: 0 };
      this.sourcesByTarget.set(Number(index), { valid: total.valid + sources.valid, nearMiss: total.nearMiss + sources.nearMiss, faker: total.faker + sources.faker });
    }
    addPhaseTimes(this.times, result.times);
    for (const report of result.reports) this.addReport(place(report));
  }

  addReport(report: PlacedReport): void {
    this.reports.push(report);
    this.findingIds.add(findingId(report));
  }

  get distinctFindings(): number {
    return this.findingIds.size;
  }

  /** Counts a lost case against its target; returns how many that target has lost so far. */
  countLost(targetIndex: number): number {
    const lost = (this.lostByTarget.get(targetIndex) ?? 0) + 1;
    this.lostByTarget.set(targetIndex, lost);
    return lost;
  }

  familyShares(): Record<string, { cases: number; validShare: number }> {
    const shares: Record<string, { cases: number; validShare: number }> = {};
    for (const family of Object.keys(this.families).sort()) {
      const { cases, valid } = this.families[family]!;
      shares[family] = { cases, validShare: cases > 0 ? valid / cases : 0 };
    }
    return shares;
  }
}
