// Messages between `check` and its worker threads: the setup once (as workerData), then one catalog
// file per request and its results per reply. Everything is plain data (structured clone).
import type { CheckResult } from "../report/model.js";
import type { CheckOptions } from "./check-schemas.js";

export interface CheckWorkerSetup {
  /** Target names, resolved in the worker against the same profiles (documented, plus matrices). */
  readonly targets: readonly string[];
  /** Measured matrix files laid over the documented profiles, as `check --matrix` does. */
  readonly matrices: readonly string[];
  readonly options: Pick<CheckOptions, "unsupported" | "source" | "matchRoles" | "read">;
  /** `json`: results come back already serialised (the JSON writer only copies them out), plus what totals need. */
  readonly reply: "objects" | "json";
}

/** What the main thread counts, for a result that came back as JSON text. */
export interface ResultSummary {
  readonly schemaId: string;
  readonly target: string;
  readonly verdict: CheckResult["verdict"];
}

export interface CheckFileRequest {
  readonly index: number;
  readonly file: string;
}

export type CheckFileReply =
  | { readonly index: number; readonly schemas: number; readonly results: readonly CheckResult[] }
  | { readonly index: number; readonly schemas: number; readonly summaries: readonly ResultSummary[]; readonly json: readonly string[] }
  | { readonly index: number; readonly error: string };
