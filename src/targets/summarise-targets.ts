// Every target (`<provider>:<mode>`) with what its cells rest on: how many are documented, observed
// (a third-party report of a real answer, or a probe's measurement) or unknown. Counts are over the
// taxonomy's cells; a cell is `unknown` by its status, whatever its evidence.
import type { FeatureCell, MeasuredMatrix, ModeProfile, ProviderProfile } from "../../providers/profiles/profile-types.js";

export interface CellCounts {
  readonly documented: number;
  readonly observed: number;
  readonly unknown: number;
}

export interface TargetSummary {
  readonly target: string;
  readonly provider: string;
  readonly mode: string;
  readonly role: ModeProfile["role"];
  readonly enforcement: ModeProfile["enforcement"];
  /** The profile's date, or for a measured matrix the day it was measured. */
  readonly profileDate: string;
  readonly version: string;
  /** `documented`: a profile of providers/; `measured`: a matrix written by `schemalab probe`. */
  readonly basis: "documented" | "measured";
  readonly counts: CellCounts;
}

export type CellClass = keyof CellCounts;

export function classifyCell(cell: FeatureCell): CellClass {
  if (cell.status === "unknown") return "unknown";
  return cell.evidence === "observed" ? "observed" : "documented";
}

export function countCells(mode: ModeProfile): CellCounts {
  const counts = { documented: 0, observed: 0, unknown: 0 };
  for (const cell of Object.values(mode.features)) counts[classifyCell(cell)] += 1;
  return counts;
}

function isMeasured(profile: ProviderProfile): profile is MeasuredMatrix {
  return typeof (profile as Partial<MeasuredMatrix>).measuredAt === "string";
}

export function summariseTargets(profiles: readonly ProviderProfile[]): TargetSummary[] {
  return profiles.flatMap((profile) =>
    profile.modes.map((mode) => ({
      target: `${profile.provider}:${mode.mode}`,
      provider: profile.provider,
      mode: mode.mode,
      role: mode.role,
      enforcement: mode.enforcement,
      profileDate: profile.date,
      version: profile.version,
      basis: isMeasured(profile) ? ("measured" as const) : ("documented" as const),
      counts: countCells(mode),
    })),
  );
}

/** Per provider (sub-profiles apart), the counts over all its modes. */
export function countsByProvider(summaries: readonly TargetSummary[]): Map<string, CellCounts> {
  const totals = new Map<string, { documented: number; observed: number; unknown: number }>();
  for (const summary of summaries) {
    const key = summary.basis === "measured" ? `${summary.provider} (measured)` : summary.provider;
    const total = totals.get(key) ?? { documented: 0, observed: 0, unknown: 0 };
    total.documented += summary.counts.documented;
    total.observed += summary.counts.observed;
    total.unknown += summary.counts.unknown;
    totals.set(key, total);
  }
  return totals;
}

export function formatTargetsText(summaries: readonly TargetSummary[]): string {
  const header = ["target", "role", "enforcement", "date", "documented", "observed", "unknown"];
  const rows = summaries.map((summary) => [
    summary.basis === "measured" ? `${summary.target} (measured)` : summary.target,
    summary.role,
    summary.enforcement,
    summary.profileDate,
    String(summary.counts.documented),
    String(summary.counts.observed),
    String(summary.counts.unknown),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: readonly string[]): string => cells.map((cell, column) => (column >= 4 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join("  ").trimEnd();
  const totals = [...countsByProvider(summaries)].map(([provider, counts]) => `  ${provider}: ${counts.documented} documented, ${counts.observed} observed, ${counts.unknown} unknown`);
  return [line(header), ...rows.map(line), "", `${summaries.length} target(s); cells per provider:`, ...totals, ""].join("\n");
}
