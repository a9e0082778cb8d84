// A check section for reading in code: every note id replaced by its text, grouped changes and ignored
// features spread out one entry per path. For tests, scripts and the library's callers who want the
// sentences in place; the results model itself keeps ids (each sentence once).
import type { CheckChange, CheckResult, CheckSection } from "./types.js";

export interface ReadableChange {
  readonly feature: string;
  readonly keyword: string;
  readonly kind: "added" | "removed" | "rewritten";
  readonly lossy: boolean;
  readonly obligation?: CheckChange["obligation"];
  readonly reason: string;
  readonly path: string;
}

/** Changes spread one per listed path (a lossless change that asks nothing lists its first places only). */
export interface ReadableResult extends Omit<CheckResult, "changes" | "ignored"> {
  readonly changes: readonly ReadableChange[];
  readonly ignored: readonly { readonly feature: string; readonly note: string; readonly path: string; readonly alsoAt?: readonly string[] }[];
}

export function readableResult(result: CheckResult, notes: Readonly<Record<string, string>>): ReadableResult {
  const text = (id: string): string => notes[id] ?? id;
  return {
    schemaId: result.schemaId,
    target: result.target,
    verdict: result.verdict,
    changes: result.changes.flatMap((change) => change.paths.map((path) => ({ feature: change.feature, keyword: change.keyword, kind: change.kind, lossy: change.lossy, ...(change.obligation ? { obligation: change.obligation } : {}), reason: text(change.reason), path }))),
    obligations: result.obligations.map((obligation) => ({ ...obligation, note: text(obligation.note) })),
    ignored: result.ignored.map((entry) => ({ feature: entry.feature, note: text(entry.note), path: entry.paths[0]!, ...(entry.paths.length > 1 ? { alsoAt: entry.paths.slice(1) } : {}) })),
    rejected: result.rejected.map((entry) => ({ ...entry, error: text(entry.error) })),
    fallback: { rung: result.fallback.rung, reason: text(result.fallback.reason) },
  };
}

export function readableResults(section: Pick<CheckSection, "results" | "notes">): ReadableResult[] {
  const notes = section.notes;
  return section.results.map((result) => readableResult(result, notes));
}
