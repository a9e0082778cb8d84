// Measured keyword pairs (`probe --pairs`, a matrix's `pairs`): a schema node holding both keywords of a
// pair is judged by the pair cell, not by the two single cells. A pair the mode refuses is a rejection;
// a pair where a keyword is lost (ignored) or bent (altered) beside the other leaves that keyword to
// local validation, even where its own cell reads enforced.
import { splitPairId } from "../probe/pairs/pair-suite.js";
import type { FeatureUse } from "../schema/types.js";
import type { ModeProfile } from "../../providers/profiles/profile-types.js";
import type { IgnoredEntry, RejectedEntry } from "./classify-native-features.js";

/** The keywords a pair cell says are lost, written by the probe at the head of its note (`lost: a, b;`). */
export const LOST_PREFIX = "lost: ";

export interface PairFindings {
  readonly ignored: IgnoredEntry[];
  readonly rejected: RejectedEntry[];
}

/** `uses`: the native schema's feature uses (detectFeatures), with their schema paths. */
export function pairCellFindings(uses: readonly FeatureUse[], mode: ModeProfile): PairFindings {
  const out: PairFindings = { ignored: [], rejected: [] };
  if (mode.pairs === undefined) return out;
  const byPath = new Map<string, Set<string>>();
  for (const use of uses) byPath.set(use.path, (byPath.get(use.path) ?? new Set()).add(use.feature));
  for (const [pair, cell] of Object.entries(mode.pairs)) {
    const features = splitPairId(pair);
    if (features === null || cell.status === "enforced" || cell.status === "unknown") continue;
    for (const [path, present] of byPath) {
      if (!present.has(features[0]) || !present.has(features[1])) continue;
      if (cell.status === "rejected") {
        out.rejected.push({ feature: features[0], path, error: cell.error ?? `the pair ${pair} on one value is refused (measured pair cell)` });
        continue;
      }
      for (const feature of lostKeywords(cell.note, features)) {
        const other = feature === features[0] ? features[1] : features[0];
        out.ignored.push({ feature, path, note: `${cell.status === "altered" ? "bent" : "lost"} beside ${other} (measured pair cell ${pair})` });
      }
    }
  }
  return out;
}

function lostKeywords(note: string | undefined, features: readonly [string, string]): string[] {
  if (note === undefined || !note.startsWith(LOST_PREFIX)) return [...features];
  const named = note.slice(LOST_PREFIX.length).split(";")[0]!.split(",").map((part) => part.trim());
  const lost = features.filter((feature) => named.includes(feature));
  return lost.length > 0 ? lost : [...features];
}
