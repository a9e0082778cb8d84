// The check section as `check --format json` writes it (and results files hold it): compact and
// stable at any catalog size. Per schema, one entry: its paths stated once (a table, each path its
// parent's index plus one token), its distinct answers (targets sharing an answer share one), and per
// target which answer it got. Every finding (a change, an ignored or rejected feature, an obligation, a
// fallback: what repeats across schemas) is stated once in `findings` and referenced by index, as
// every sentence is stated once in `notes`. expandCheckSection turns it back into CheckSection.
import type { CheckBadFile, CheckToolListFinding, CheckToolResult, CheckVerdict, FallbackRung, NoteId, ObligationKind, VerdictCounts } from "./types.js";

/** A JSON Pointer, or [the index of an earlier path, "/token"]: that path with one more token. */
export type CompactPath = string | readonly [number, string];

/** [finding index, path indexes, count when it is not the number of paths]. */
export type CompactUse = readonly [number, readonly number[]] | readonly [number, readonly number[], number];

/** One target's answer for one schema; empty lists are left out. */
export interface CompactAnswer {
  readonly verdict: CheckVerdict;
  /** A `fallback` finding. */
  readonly fallback: number;
  readonly changes?: readonly CompactUse[];
  readonly obligations?: readonly CompactUse[];
  readonly ignored?: readonly CompactUse[];
  /** Each use stands for one rejection per path, in order. */
  readonly rejected?: readonly CompactUse[];
}

export interface CompactSchema {
  readonly id: string;
  readonly paths: readonly CompactPath[];
  readonly answers: readonly CompactAnswer[];
  /** Per target of `targetNames`: the index of its answer, or null when the schema was not checked there. */
  readonly at: readonly (number | null)[];
}

export type CompactFinding =
  | { readonly of: "change"; readonly feature: string; readonly keyword: string; readonly kind: "added" | "removed" | "rewritten"; readonly lossy: boolean; readonly obligation?: ObligationKind; readonly reason: NoteId }
  | { readonly of: "ignored"; readonly feature: string; readonly note: NoteId }
  | { readonly of: "rejected"; readonly feature: string; readonly error: NoteId }
  /** A provider error that differs per place or tool only by them: filled per path (compact-templates.ts). */
  | { readonly of: "rejected"; readonly feature: string; readonly template: string }
  | { readonly of: "obligation"; readonly kind: ObligationKind; readonly note: NoteId; readonly sentName?: string }
  | { readonly of: "fallback"; readonly rung: FallbackRung; readonly reason: NoteId };

/** A schema: the index of its (first) entry in `schemas`, or its id when no entry has it. */
export type SchemaRef = number | string;

/** A target's roll-up (CheckTargetAnswer) with schemas named by SchemaRef. */
export interface CompactTargetAnswer {
  readonly target: string;
  readonly counts: VerdictCounts;
  readonly blockers: readonly { readonly schema: SchemaRef; readonly reason: NoteId }[];
  readonly obligations: readonly { readonly kind: ObligationKind; readonly note: NoteId; readonly schemas: readonly SchemaRef[] }[];
}

export interface CompactCheckSection {
  readonly kind: "check";
  readonly source: "documented" | "measured";
  /** Marks this shape (a CheckSection with `results` is the expanded one). */
  readonly shape: "by-schema";
  readonly targetNames: readonly string[];
  /** In catalog order; a schema checked twice (two files) has two entries. */
  readonly schemas: readonly CompactSchema[];
  readonly findings: readonly CompactFinding[];
  readonly targets: readonly CompactTargetAnswer[];
  readonly toolResults: readonly CheckToolResult[];
  readonly toolListFindings?: readonly CheckToolListFinding[];
  readonly badFiles: readonly CheckBadFile[];
  readonly notes: Readonly<Record<NoteId, string>>;
}
