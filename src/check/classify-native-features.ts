// Holds the native schema (what the provider receives after translation) against the mode's profile:
// what the mode ignores, alters or has not confirmed must be validated locally; what it rejects and
// translation left in place is a rejection. Lossy translation changes are listed as ignored too.
import { detectDocumentFeatures, otherKeywordsOf } from "../schema/detect-features.js";
import { featureInfo, isFeatureId } from "../schema/features.js";
import { resolvePointer } from "../schema/json-pointer.js";
import type { FeatureUse, JsonSchema } from "../schema/types.js";
import type { FeatureCell, ModeProfile } from "../../providers/profiles/profile-types.js";
import type { ModeReads } from "../../providers/translation/mode-reads.js";
import { placeVars, reasonWithoutProviderText, renderProviderError } from "../../providers/translation/render-provider-error.js";
import type { Translation } from "../../providers/translation/translation-types.js";

/** A feature the target does not hold answers to, with its note in words; `alsoAt`: further places of the same feature and note. */
export interface IgnoredEntry {
  readonly feature: string;
  readonly path: string;
  readonly note: string;
  readonly alsoAt?: readonly string[];
  /** From a lossy translation change (its places are the change's own), not from the mode's cell (every use). */
  readonly fromChange?: true;
}

/** A feature the target refuses at one place, with the provider's error text (or the lab's reason). */
export interface RejectedEntry {
  readonly feature: string;
  readonly path: string;
  readonly error: string;
}

export interface FeatureFindings {
  readonly ignored: IgnoredEntry[];
  readonly rejected: RejectedEntry[];
}

const STATUS_NOTES = {
  ignored: "accepted but not enforced",
  unknown: "not confirmed: enforcement unknown",
  altered: "accepted, but the contract changes",
} as const;

/** The feature of an ignored entry that stands for every feature of the schema, at every place. */
export const EVERY_FEATURE = "*";

const useKey = (use: { feature: string; path: string }): string => `${use.feature}\u0000${use.path}`;

/**
 * `declared`: the schema as declared, whose uses stand for the native schema's when translation changed
 * nothing. `reads` records every cell (and the mode's name) the findings depend on.
 */
export function classifyNativeFeatures(translation: Translation, mode: ModeProfile, schemaName: string, declared?: JsonSchema, reads?: ModeReads): FeatureFindings {
  const cellOf = (feature: string): FeatureCell | undefined => {
    const cell = mode.features[feature];
    reads?.read("cell", feature, cell);
    return cell;
  };
  const rejected: RejectedEntry[] = [...translation.rejected];
  const ignored = new IgnoredGroups();
  const seenRejected = new Set(rejected.map(useKey));
  const seenErrors = new Set(rejected.map((entry) => `${entry.path}\u0000${entry.error}`));
  const exempt = new Set(translation.dialectUses.map(useKey));
  // Whether any use is held or refused: when none is, and one note covers them all, the findings say
  // "nothing here is enforced" in one entry instead of listing every use (a best-effort mode).
  let heldOrRefused = rejected.length > 0;
  for (const use of nativeUses(translation, declared)) {
    if (use.feature.startsWith("limit:") || (exempt.size > 0 && exempt.has(useKey(use)))) continue;
    const cell = cellOf(use.feature);
    if (!cell || cell.status === "enforced") {
      if (!isAnnotation(use.feature)) heldOrRefused = true;
      continue;
    }
    if (cell.status === "rejected") heldOrRefused = true;
    if (cell.status === "rejected") {
      if (seenRejected.has(useKey(use))) continue;
      seenRejected.add(useKey(use));
      const node = resolvePointer(translation.native, use.path);
      const kw = use.feature === "keyword:other" ? otherKeywordsOf(node)[0] : featureInfo(use.feature).keywords[0];
      const vars = placeVars(schemaName, use.path, node, { kw });
      const what = use.feature === "keyword:other" ? `'${kw}' (keyword:other)` : `'${use.feature}'`;
      if (!cell.error) reads?.name(mode.mode);
      const error = cell.error ? renderProviderError(cell.error, vars) : reasonWithoutProviderText(`${mode.mode} refuses ${what}`);
      // One provider error at one place is one problem ($ref:local and $ref:recursive on Gemini).
      const placeError = `${use.path}\u0000${error}`;
      if (seenErrors.has(placeError)) continue;
      seenErrors.add(placeError);
      rejected.push({ feature: use.feature, path: use.path, error });
    } else if (!isAnnotation(use.feature)) {
      ignored.add(use.feature, use.path, statusNote(cell, cell.status));
    }
  }
  const lossy = translation.changes.filter((change) => change.lossy);
  for (const change of lossy) ignored.add(change.feature, change.path, `translation ${change.kind} ${change.keyword}: ${change.reason}`, true);
  if (!heldOrRefused && lossy.length === 0) return { ignored: ignored.allAlike() ?? ignored.entries(), rejected };
  return { ignored: ignored.entries(), rejected };
}

const statusNotes = new WeakMap<FeatureCell, string>();

/** One note text per cell (not one per use): grouping then compares the same string. */
function statusNote(cell: FeatureCell, status: keyof typeof STATUS_NOTES): string {
  let note = statusNotes.get(cell);
  if (note === undefined) statusNotes.set(cell, (note = `${STATUS_NOTES[status]}${cell.note ? `: ${cell.note}` : ""}`));
  return note;
}

function nativeUses(translation: Translation, declared: JsonSchema | undefined): readonly FeatureUse[] {
  if (translation.native === null) return [];
  // Translations record every edit: without changes the native schema reads as the declared one.
  // The native schema is not edited once translated, and targets sharing a translation share it: its
  // uses are detected once.
  return detectDocumentFeatures(declared !== undefined && translation.changes.length === 0 ? declared : translation.native);
}

function isAnnotation(feature: string): boolean {
  return isFeatureId(feature) && featureInfo(feature).category === "annotation";
}

// One entry per feature and note, with the other places in `alsoAt`: a best-effort mode ignores
// every use of `type:string`, and forty identical lines would hide the one that matters.
class IgnoredGroups {
  // Keyed by feature, then by note: no joined key string per entry (notes are long, entries many).
  private readonly groups = new Map<string, Map<string, { readonly feature: string; readonly path: string; readonly note: string; readonly alsoAt: string[]; readonly fromChange: boolean }>>();
  private readonly ordered: { readonly feature: string; readonly path: string; readonly note: string; readonly alsoAt: string[]; readonly fromChange: boolean }[] = [];

  add(feature: string, path: string, note: string, fromChange = false): void {
    let byNote = this.groups.get(feature);
    if (byNote === undefined) this.groups.set(feature, (byNote = new Map()));
    const group = byNote.get(note);
    if (group) group.alsoAt.push(path);
    else {
      const created = { feature, path, note, alsoAt: [], fromChange };
      byNote.set(note, created);
      this.ordered.push(created);
    }
  }

  /** One entry, feature `*` at the root, when every use shares one note: the whole schema is not enforced. */
  allAlike(): IgnoredEntry[] | undefined {
    if (this.ordered.length === 0) return undefined;
    const note = this.ordered[0]!.note;
    if (this.ordered.some((entry) => entry.note !== note)) return undefined;
    return [{ feature: EVERY_FEATURE, path: "", note }];
  }

  entries(): IgnoredEntry[] {
    return this.ordered.map(({ feature, path, note, alsoAt, fromChange }) => ({ feature, path, note, ...(alsoAt.length === 0 ? {} : { alsoAt }), ...(fromChange ? { fromChange: true as const } : {}) }));
  }
}
