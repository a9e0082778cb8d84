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
      compact = entries.map((entry) => ({ feature: entry.feature, note: this.notes.id(entry.note), paths: [entry.path, ...(entry.alsoAt ?? [])] }));
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

/** Changes of one feature, keyword, kind, lossiness and reason become one entry with their paths, in first-seen order. */
function groupChanges(changes: readonly TranslationChange[], notes: NoteBook): CheckChange[] {
  const groups = new Map<string, { feature: string; keyword: string; kind: CheckChange["kind"]; lossy: boolean; reason: string; paths: string[] }>();
  for (const change of changes) {
    const reason = notes.id(change.reason);
    const key = `${change.feature}\u0000${change.keyword}\u0000${change.kind}\u0000${change.lossy}\u0000${reason}`;
    const group = groups.get(key);
    if (group) group.paths.push(change.path);
    else groups.set(key, { feature: change.feature, keyword: change.keyword, kind: change.kind, lossy: change.lossy, reason, paths: [change.path] });
  }
  return [...groups.values()];
}
