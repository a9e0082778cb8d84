// Findings in the results model's compact form: changes and ignored features grouped (one entry, many
// paths), every sentence replaced by its note id. Targets that share a translation or its findings share
// the very same lists, so each list is converted once per run (by identity), not once per target.
import type { TranslationChange } from "../../providers/translation/translation-types.js";
import type { IgnoredEntry, RejectedEntry } from "./classify-native-features.js";
import type { NoteBook } from "./note-book.js";
import type { CheckChange, CheckIgnored, CheckRejected } from "./types.js";

export class FindingCompactor {
  private readonly changeLists = new WeakMap<object, CheckChange[]>();
  private readonly ignoredLists = new WeakMap<object, CheckIgnored[]>();
  private readonly rejectedLists = new WeakMap<object, CheckRejected[]>();

  constructor(readonly notes: NoteBook) {}

  changes(changes: readonly TranslationChange[]): readonly CheckChange[] {
    if (changes.length === 0) return [];
    let compact = this.changeLists.get(changes);
    if (compact === undefined) this.changeLists.set(changes, (compact = groupChanges(changes, this.notes)));
    return compact;
  }

  ignored(entries: readonly IgnoredEntry[]): readonly CheckIgnored[] {
    if (entries.length === 0) return [];
    let compact = this.ignoredLists.get(entries);
    if (compact === undefined) {
      compact = entries.map((entry) => {
        const paths = [entry.path, ...(entry.alsoAt ?? [])];
        // A cell covers every use of its feature, and a lossy change lists its own places in full in
        // `changes`: the first places name it here, the count says how many.
        const shown = paths.slice(0, CELL_PLACES);
        return { feature: entry.feature, note: this.notes.id(entry.note), count: paths.length, paths: shown };
      });
      this.ignoredLists.set(entries, compact);
    }
    return compact;
  }

  rejected(entries: readonly RejectedEntry[]): readonly CheckRejected[] {
    if (entries.length === 0) return [];
    let compact = this.rejectedLists.get(entries);
    if (compact === undefined) {
      compact = entries.map((entry) => ({ feature: entry.feature, path: entry.path, error: this.notes.id(entry.error) }));
      this.rejectedLists.set(entries, compact);
    }
    return compact;
  }
}

/** Places listed for an ignored feature: a mode's cell covers every use of it; a lossy change lists them all in `changes`. */
export const CELL_PLACES = 3;

/**
 * Places listed for a change that is not lossy (the rest are counted): one that asks nothing is seen in
 * full in the schema `--emit` writes; one with an obligation has every place in the obligation.
 */
export const LOSSLESS_PLACES = 3;

/**
 * Changes of one feature, keyword, kind, lossiness, obligation and reason become one entry, in
 * first-seen order. Every place of a lossy change is listed; a change that is not lossy lists its first
 * places and counts all (its obligation, if any, lists every place).
 */
function groupChanges(changes: readonly TranslationChange[], notes: NoteBook): CheckChange[] {
  const groups = new Map<string, { feature: string; keyword: string; kind: CheckChange["kind"]; lossy: boolean; obligation?: CheckChange["obligation"]; reason: string; count: number; paths: string[]; free: boolean }>();
  for (const change of changes) {
    const reason = notes.id(change.reason);
    const key = `${change.feature}\u0000${change.keyword}\u0000${change.kind}\u0000${change.lossy}\u0000${change.obligation ?? ""}\u0000${reason}`;
    const free = !change.lossy;
    const group = groups.get(key);
    if (group) {
      group.count++;
      if (!free || group.paths.length < LOSSLESS_PLACES) group.paths.push(change.path);
    } else groups.set(key, { feature: change.feature, keyword: change.keyword, kind: change.kind, lossy: change.lossy, ...(change.obligation ? { obligation: change.obligation } : {}), reason, count: 1, paths: [change.path], free });
  }
  return [...groups.values()].map(({ free: _free, ...change }) => change);
}
