// The capability matrix as renderers show it: one column per probed provider, model and mode, one
// row per feature in taxonomy order (features outside the taxonomy follow, alphabetically).
import { FEATURE_IDS } from "../schema/features.js";
import { compareStrings } from "./canonical-json.js";
import { sectionsOfKind, type ProbeCell, type ProbeSection, type ProfileCellDiff, type ResultsDocument } from "./model.js";

export interface MatrixColumn {
  readonly provider: string;
  readonly model: string;
  readonly mode: string;
  readonly emulated: boolean;
  readonly baseUrl?: string;
  readonly measuredAt: string;
  readonly cells: Readonly<Record<string, ProbeCell>>;
  /** Features whose measured status contradicts the profile's cell: feature → the profile's status. */
  readonly differsFromProfile: Readonly<Record<string, string>>;
  /** Features measured where the profile says unknown (or has no cell): feature → `unknown`/`undocumented`. */
  readonly newToProfile: Readonly<Record<string, string>>;
}

export interface CapabilityMatrix {
  readonly features: readonly string[];
  readonly columns: readonly MatrixColumn[];
}

const TAXONOMY_POSITION = new Map(FEATURE_IDS.map((id, index) => [id, index]));

export function orderFeatureIds(ids: Iterable<string>): string[] {
  const position = (id: string) => TAXONOMY_POSITION.get(id) ?? Number.MAX_SAFE_INTEGER;
  return [...new Set(ids)].sort((a, b) => position(a) - position(b) || compareStrings(a, b));
}

function columnsOf(probe: ProbeSection): MatrixColumn[] {
  return probe.modes.map(({ mode, features }) => ({
    provider: probe.provider,
    model: probe.model,
    mode,
    emulated: probe.emulated,
    ...(probe.baseUrl === undefined ? {} : { baseUrl: probe.baseUrl }),
    measuredAt: probe.measuredAt,
    cells: features,
    differsFromProfile: byFeature(probe.diffFromProfile, mode),
    newToProfile: byFeature(probe.measuredWhereUnknown, mode),
  }));
}

function byFeature(entries: readonly ProfileCellDiff[], mode: string): Record<string, string> {
  return Object.fromEntries(entries.filter((d) => d.mode === mode).map((d) => [d.feature, d.documented]));
}

export function buildCapabilityMatrix(document: ResultsDocument): CapabilityMatrix {
  const columns = sectionsOfKind(document, "probe").flatMap(columnsOf);
  return { features: orderFeatureIds(columns.flatMap((c) => Object.keys(c.cells))), columns };
}

export function columnLabel(column: MatrixColumn): string {
  return `${column.provider} ${column.model} ${column.mode} (${column.emulated ? "emulated" : "live"})`;
}
