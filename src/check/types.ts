// Public types of `check`: the check section of the results model. The per-target answer comes first
// (`targets`), then one result per schema × target; every sentence a profile or translation repeats (a
// profile note, a change's reason, a provider error, a fallback's reason, an obligation's action) is
// stated once in `notes` and referenced by its id, so a large catalog's JSON stays small and diffable.

/** A note's id: "n" and 12 hex digits of the SHA-256 of its text, so ids are stable across runs and mergeable. */
export type NoteId = string;

export type CheckVerdict = "native" | "translated" | "needs-local-validation" | "rejected";

export type FallbackRung = "strict-native" | "compatible-fallback-model" | "validate-and-retry" | "human-review" | "no-action";

/**
 * What the application must do for the provider's answers to meet the declared schema.
 * - `drop-nulls-for-optional-fields`: strict mode made optional fields required and nullable; an absent
 *   field arrives as null. Drop those nulls before the handler runs (`dropNullsForOptionalFields`).
 * - `validate-locally`: the provider does not hold answers to these parts of the schema; validate each
 *   answer against the declared schema (and retry, or review) before acting on it.
 * - `map-tool-name`: the tool's name is not a valid provider name and goes out renamed; map calls to the
 *   sent name back to the declared tool.
 */
export type ObligationKind = "drop-nulls-for-optional-fields" | "validate-locally" | "map-tool-name";

/** One thing the app takes on for one schema on one target. */
export interface CheckObligation {
  readonly kind: ObligationKind;
  /**
   * JSON Pointers into the schema sent: the optional fields whose nulls to drop; `[""]` for validate-locally
   * (the whole answer against the declared schema: the places not enforced are the result's `ignored`) and
   * for map-tool-name.
   */
  readonly paths: readonly string[];
  /** The action in words, generic to the kind ("drop null from ... before calling the handler"). */
  readonly note: NoteId;
  /** `map-tool-name`: the name the provider calls the tool by. */
  readonly sentName?: string;
}

/** One edit translation made, grouped: every place where the same edit was made for the same reason. */
export interface CheckChange {
  readonly feature: string;
  readonly keyword: string;
  readonly kind: "added" | "removed" | "rewritten";
  /**
   * True when the sent schema admits answers the declared one refuses (then a `validate-locally`
   * obligation covers these paths). False changes may still carry another obligation (see obligations).
   */
  readonly lossy: boolean;
  /** The obligation this change brings, when it is not lossy but not free either. */
  readonly obligation?: ObligationKind;
  readonly reason: NoteId;
  /** How many places this change was made at. */
  readonly count: number;
  /**
   * JSON Pointers into the translated schema: every place of a lossy change; the first 3 of one that is
   * not lossy (its obligation lists every place; `check --emit` writes the schema itself).
   */
  readonly paths: readonly string[];
}

/** A feature the target accepts but does not enforce (or has not confirmed), at these places. */
export interface CheckIgnored {
  /** A taxonomy feature id, or `*` with paths `[""]`: no part of the schema is enforced, for one reason (a best-effort mode). */
  readonly feature: string;
  readonly note: NoteId;
  /** How many places of the sent schema use it unenforced. */
  readonly count: number;
  /**
   * JSON Pointers into the sent schema, the first 3: when the mode's profile does not enforce the feature
   * it is every use of it; when a lossy change left it unenforced, the change lists every place.
   */
  readonly paths: readonly string[];
}

/** A feature the target refuses, at one place, with the provider's error (or the lab's reason). */
export interface CheckRejected {
  readonly feature: string;
  readonly path: string;
  readonly error: NoteId;
}

export interface CheckFallback {
  readonly rung: FallbackRung;
  readonly reason: NoteId;
}

export interface CheckResult {
  readonly schemaId: string;
  readonly target: string;
  readonly verdict: CheckVerdict;
  readonly changes: readonly CheckChange[];
  readonly obligations: readonly CheckObligation[];
  readonly ignored: readonly CheckIgnored[];
  readonly rejected: readonly CheckRejected[];
  readonly fallback: CheckFallback;
}

export type VerdictCounts = Readonly<Record<CheckVerdict, number>>;

/** The answer for one target: can the catalog go there, what blocks it, what the app takes on. */
export interface CheckTargetAnswer {
  readonly target: string;
  /** Schemas (tools and structured outputs, never MCP output schemas) per verdict. */
  readonly counts: VerdictCounts;
  /** Each rejected schema, with why in one phrase. */
  readonly blockers: readonly { readonly schemaId: string; readonly reason: NoteId }[];
  /** Each obligation kind the target brings, and the schemas it applies to. */
  readonly obligations: readonly { readonly kind: ObligationKind; readonly note: NoteId; readonly schemaIds: readonly string[] }[];
}

/**
 * An MCP tool's `outputSchema`: the shape of the tool's result, which the server produces and never goes
 * to a provider. Checked for validity (it compiles; MCP requires an object schema) and portability (what
 * clients' validators read differently); never a structured-output target, never in the counts.
 */
export interface CheckToolResult {
  readonly schemaId: string;
  readonly valid: boolean;
  readonly notes: readonly { readonly feature: string; readonly note: NoteId; readonly paths: readonly string[] }[];
}

/**
 * A rule of the tool list as a whole (docs/catalog-sources.md): a duplicate name, a name a provider
 * refuses, a root that is no object. One such tool fails the whole request on `failsWholeRequestOn`.
 * Checked for live sources and modules (--mcp, --mcp-url, --module).
 */
export interface CheckToolListFinding {
  readonly schemaId: string;
  readonly tool: string;
  readonly rule: string;
  readonly severity: "error" | "warning";
  readonly message: string;
  readonly failsWholeRequestOn: readonly string[];
}

/** A catalog file that could not be read: the rest were checked; its place is a JSON Pointer (or line:column). */
export interface CheckBadFile {
  readonly file: string;
  readonly place: string;
  readonly error: string;
}

export interface CheckSection {
  readonly kind: "check";
  readonly source: "documented" | "measured";
  /** The per-target answer, in target order. */
  readonly targets: readonly CheckTargetAnswer[];
  /** In catalog order: file, schema, target. */
  readonly results: readonly CheckResult[];
  readonly toolResults: readonly CheckToolResult[];
  /** Tool-list rule findings of the live sources, when any: stated here as on stderr, and in the exit code. */
  readonly toolListFindings?: readonly CheckToolListFinding[];
  readonly badFiles: readonly CheckBadFile[];
  /** Every note referenced above, by id. */
  readonly notes: Readonly<Record<NoteId, string>>;
}
