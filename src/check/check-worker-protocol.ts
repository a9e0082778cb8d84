// Messages between `check` and its worker threads: the setup once (as workerData), then one catalog
// file per request and its results per reply. Everything is plain data (structured clone).
import type { CheckBadFile, CheckResult, CheckTargetAnswer, CheckToolResult, NoteId } from "./types.js";
import type { CheckOptions } from "./check-schemas.js";
import type { CompactFinding, CompactSchema } from "./compact-types.js";

export interface CheckWorkerSetup {
  /** Target names, resolved in the worker against the same profiles (documented, plus matrices). */
  readonly targets: readonly string[];
  /** Measured matrix files laid over the documented profiles, as `check --matrix` does. */
  readonly matrices: readonly string[];
  readonly options: Pick<CheckOptions, "unsupported" | "source" | "matchRoles" | "read">;
  /** `compact`: each file's results come back as compact schema entries (what the JSON writer writes), plus what totals need. */
  readonly reply: "objects" | "compact";
}

/** What the main thread counts for a file whose results came back as JSON: the totals' parts. */
export interface ResultTally {
  readonly pairs: number;
  readonly verdicts: Readonly<Record<CheckResult["verdict"], number>>;
  /** Distinct schema ids and target names, in first-seen order. */
  readonly schemaIds: readonly string[];
  readonly targets: readonly string[];
}

export interface CheckFileRequest {
  readonly index: number;
  readonly file: string;
}

/** What every checked file's reply carries besides its results: notes first seen by this worker, the file's per-target answers, its MCP output schemas. */
export interface FileExtras {
  readonly notes: Readonly<Record<NoteId, string>>;
  readonly answers: readonly CheckTargetAnswer[];
  readonly toolResults: readonly CheckToolResult[];
}

/** `ms`: how long the worker took over the file (read, check, serialise), for per-file timing. */
export type CheckFileReply =
  | ({ readonly index: number; readonly schemas: number; readonly ms: number; readonly results: readonly CheckResult[] } & FileExtras)
  // One file's results as compact schema entries, numbered against the worker's own finding table, and
  // the findings it first used in them (the main thread renumbers both into the run's table).
  | ({ readonly index: number; readonly schemas: number; readonly ms: number; readonly tally: ResultTally; readonly entries: readonly CompactSchema[]; readonly findings: readonly CompactFinding[] } & FileExtras)
  // A file that could not be read: the others go on.
  | { readonly index: number; readonly badFiles: readonly CheckBadFile[] }
  | { readonly index: number; readonly error: string };
