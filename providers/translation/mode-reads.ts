// What a translation read of its mode's profile, recorded as it reads. Translators are deterministic
// functions of the schema, the options and these reads, so two modes that answer every read alike get
// the same translation of a schema: `check` translates it once for both (SharedTranslations).
import type { FeatureCell, ModeProfile } from "../profiles/profile-types.js";
import type { TranslateOptions } from "./translation-types.js";

/** How translation treats a feature: only refused and unknown ones can lead to an edit or a rejection. */
export type CellTreatment = "rejected" | "unknown" | "accepted" | "absent";

export function cellTreatment(cell: FeatureCell | undefined): CellTreatment {
  if (cell === undefined) return "absent";
  return cell.status === "rejected" || cell.status === "unknown" ? cell.status : "accepted";
}

const cellTexts = new WeakMap<FeatureCell, string>();

/** The parts of a cell a translation can use: status, and the error and note that go into its texts. */
function cellText(cell: FeatureCell | undefined): string {
  if (cell === undefined) return "absent";
  let text = cellTexts.get(cell);
  if (text === undefined) cellTexts.set(cell, (text = JSON.stringify([cell.status, cell.error ?? null, cell.note ?? null])));
  return text;
}

/** What one kind of read sees of a cell. */
const PROJECTIONS = {
  cell: cellText,
  status: (cell: FeatureCell | undefined): string => cell?.status ?? "absent",
  treatment: cellTreatment,
} as const;

export type ReadKind = keyof typeof PROJECTIONS;
const READ_KINDS: readonly ReadKind[] = ["cell", "status", "treatment"];

export class ModeReads {
  // One map per kind of read, by feature: recording is a lookup per read (translation reads per use).
  private readonly reads: Record<ReadKind, Map<string, string>> = { cell: new Map(), status: new Map(), treatment: new Map() };
  private modeName: string | undefined;

  /** Records what a read of one kind saw of a feature's cell (the first read of it: later ones see the same). */
  read(kind: ReadKind, feature: string, cell: FeatureCell | undefined): void {
    const seen = this.reads[kind];
    if (!seen.has(feature)) seen.set(feature, PROJECTIONS[kind](cell));
  }

  /** The mode's own name went into a text (a refusal without the provider's error on record). */
  name(mode: string): void {
    this.modeName = mode;
  }

  /** Whether `mode` answers every recorded read as the mode that was read did. */
  matches(mode: ModeProfile): boolean {
    if (this.modeName !== undefined && mode.mode !== this.modeName) return false;
    for (const kind of READ_KINDS) {
      const project = PROJECTIONS[kind];
      for (const [feature, seen] of this.reads[kind]) if (project(mode.features[feature]) !== seen) return false;
    }
    return true;
  }
}

const wholeReads = new WeakMap<ModeProfile, string>();

/**
 * What every translation reads of a mode, whatever the schema: translator, role, shape rules and their
 * errors, the unknown-keyword policy; with the options. Modes whose keys differ never share.
 */
export function modeTranslationKey(mode: ModeProfile, options: TranslateOptions): string {
  let key = wholeReads.get(mode);
  if (key === undefined) {
    key = JSON.stringify([mode.translator, mode.role, mode.rules, mode.ruleErrors ?? null, mode.unsupportedKeywordPolicy]);
    wholeReads.set(mode, key);
  }
  return `${options.unsupported}\u0000${key}`;
}
