// The one results model. Every verb's `--format json` document is one section; `report` merges
// sections from any verbs and shards; renderers only render what is here, never recompute.

export const RESULTS_VERSION = 1;

export interface RunHeader {
  readonly kind: "header";
  readonly schemalab: string;
  readonly resultsVersion: number;
  readonly startedAt: string;
  readonly argv: readonly string[];
  readonly node: string;
  readonly platform: string;
  readonly seed?: number;
}

export interface RunFooter {
  readonly kind: "footer";
  readonly finishedAt: string;
  readonly complete: boolean;
}

/** Who decided a disagreement, where it could be decided. */
export type Adjudication = "candidate-wrong" | "reference-wrong" | "undecided";

export type FindingDirection = "too-lax" | "too-strict" | "crash" | "timeout" | "error-location";

/**
 * A distinct class of disagreement, with one minimal example. `id` is stable across runs (drift is a
 * set difference on it). When shards meet the same finding, the merge keeps the example that sorts
 * first by `compareFindingExamples` (merge-fuzz.ts): engines that keep the same one make a merged
 * shard set equal an unsharded run.
 */
export interface FuzzFinding {
  readonly id: string;
  readonly schemaId: string;
  readonly feature: string;
  readonly path: string;
  readonly direction: FindingDirection;
  readonly family: string;
  readonly count: number;
  readonly adjudication: Adjudication;
  readonly explanation?: string;
  readonly example: { readonly schema: unknown; readonly instance: unknown };
  readonly reference: { readonly valid: boolean | null };
  readonly candidate: { readonly valid: boolean | null; readonly error?: string };
  readonly replay: string;
  /** Known divergence that explains it (reference-wrong findings). */
  readonly knownDivergence?: string;
}

export interface FuzzDisagreement {
  readonly schemaId: string;
  readonly schema: unknown;
  readonly instance: unknown;
  readonly family: string;
  readonly path: string;
  readonly reference: { readonly valid: boolean | null };
  readonly candidate: { readonly valid: boolean | null; readonly error?: string };
  readonly replay: string;
}

export interface FuzzSection {
  readonly kind: "fuzz";
  /** Set when the module under test broke (circuit breaker, a contract broken at compile, everything refused): the run fails. */
  readonly broken?: string;
  readonly validator: string;
  readonly reference: string;
  readonly seed: number;
  /** This section is shard `index` of `count` (`--shard i/n`); absent when unsharded or all shards merged. */
  readonly shard?: { readonly index: number; readonly count: number };
  /** Set only when a merge found some shards of a set but not all: which indexes it merged. */
  readonly shards?: { readonly count: number; readonly merged: readonly number[] };
  readonly cases: number;
  /** Schemas the candidate refused at compile time (unsupported, never a disagreement). */
  readonly unsupported: readonly { readonly schemaId: string; readonly reason: string }[];
  /** Per schema: cases run and distinct findings (the merge recounts them from `findings`). */
  readonly targets: readonly { readonly schemaId: string; readonly cases: number; readonly findings: number }[];
  readonly stats: {
    readonly casesPerSecond: number;
    readonly validShare: number;
    readonly durationMs: number;
    readonly byFamily: Readonly<Record<string, { readonly cases: number; readonly validShare: number }>>;
  };
  readonly findings: readonly FuzzFinding[];
  readonly disagreements: readonly FuzzDisagreement[];
}

export type TestOutcome = "passed" | "failed" | "skipped" | "errored";

export interface ConformanceTotals {
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
  readonly errored: number;
}

export interface ConformanceSection {
  readonly kind: "conformance";
  /** Set when the module under test broke (circuit breaker, a contract broken at compile, everything refused): the run fails. */
  readonly broken?: string;
  readonly validator: string;
  readonly suite: { readonly path: string; readonly commit: string | null };
  readonly totals: ConformanceTotals;
  /** Bowtie's figure: 1 - (failed + errored + skipped) / total. */
  readonly compliance: number;
  readonly byKeyword: Readonly<Record<string, ConformanceTotals>>;
  readonly files: readonly ({ readonly file: string; readonly keyword: string } & ConformanceTotals)[];
  readonly skips: readonly { readonly file: string; readonly group: string; readonly reason: string; readonly tests: number }[];
  readonly failures: readonly {
    readonly file: string;
    readonly group: string;
    readonly test: string;
    readonly schema: unknown;
    readonly data: unknown;
    readonly expected: boolean;
    readonly got: boolean | string;
  }[];
}

export type CheckVerdict = "native" | "translated" | "needs-local-validation" | "rejected";

export type FallbackRung = "strict-native" | "compatible-fallback-model" | "validate-and-retry" | "human-review" | "no-action";

export interface SchemaChange {
  readonly path: string;
  readonly keyword: string;
  readonly kind: "added" | "removed" | "rewritten";
  readonly reason: string;
  /** True when the provider no longer holds answers to something the declared schema says (validate locally). */
  readonly lossy: boolean;
  /** The taxonomy feature the change is about (check results set it). */
  readonly feature?: string;
}

export interface CheckResult {
  readonly schemaId: string;
  readonly target: string;
  readonly verdict: CheckVerdict;
  readonly changes: readonly SchemaChange[];
  /** Features the target does not hold answers to; `alsoAt` lists further places of the same feature and note. */
  readonly ignored: readonly { readonly feature: string; readonly path: string; readonly note?: string; readonly alsoAt?: readonly string[] }[];
  readonly rejected: readonly { readonly feature: string; readonly path: string; readonly error: string }[];
  readonly fallback: { readonly rung: FallbackRung; readonly reason: string };
}

export interface CheckSection {
  readonly kind: "check";
  readonly source: "documented" | "measured";
  readonly results: readonly CheckResult[];
}

export type ProbeStatus = "enforced" | "ignored" | "rejected" | "altered" | "error";

export interface ProbeCell {
  readonly status: ProbeStatus;
  readonly evidence: unknown;
}

export interface ProbeSection {
  readonly kind: "probe";
  readonly provider: string;
  readonly model: string;
  readonly baseUrl?: string;
  readonly emulated: boolean;
  readonly measuredAt: string;
  readonly modes: readonly { readonly mode: string; readonly features: Readonly<Record<string, ProbeCell>> }[];
  readonly records: readonly unknown[];
  readonly diffFromProfile: readonly {
    readonly mode: string;
    readonly feature: string;
    readonly documented: string;
    readonly measured: ProbeStatus;
  }[];
}

export interface DispatchSection {
  readonly kind: "dispatch";
  /** Set when the module under test broke (circuit breaker, a contract broken at compile, everything refused): the run fails. */
  readonly broken?: string;
  readonly dispatcher: string;
  readonly totals: { readonly passed: number; readonly failed: number };
  readonly cases: readonly {
    readonly provider: string;
    readonly fixture: string;
    readonly property: string;
    readonly passed: boolean;
    readonly detail: string;
  }[];
}

/** How a schema's version moved between OLD and NEW; `changed` when either is not semver. */
export type VersionChange = "major" | "minor" | "patch" | "none" | "downgrade" | "changed";

export interface CompatChange {
  readonly path: string;
  readonly kind: string;
  readonly rule: string;
  readonly migration: string;
  readonly method: "structural" | "search";
  /**
   * confirmed: a counterexample witnesses it (or it needs none, like a removed tool); unconfirmed: the
   * structural diff suspects it and the search found no value it rejects. Only confirmed changes break.
   */
  readonly status?: "confirmed" | "unconfirmed";
  readonly counterexample?: { readonly value: unknown; readonly replay: string };
}

export interface CompatResult {
  readonly schemaId: string;
  readonly oldVersion: string | null;
  readonly newVersion: string | null;
  readonly direction: "backward" | "forward";
  readonly verdict: "compatible" | "breaking";
  /** The version moved enough to announce a break: a major bump (a minor one below 1.0.0), or a non-semver change. */
  readonly versionBumped: boolean;
  readonly changes: readonly CompatChange[];
  readonly counterexample?: { readonly value: unknown; readonly replay: string };
  readonly versionChange?: VersionChange;
  /** Tools present on one side only, unchanged schemas, searches that could not draw values. */
  readonly notes?: readonly string[];
}

export interface CompatSection {
  readonly kind: "compat";
  readonly results: readonly CompatResult[];
  /** Schema ids only NEW declares, and only OLD declares. */
  readonly added?: readonly string[];
  readonly removed?: readonly string[];
  readonly seed?: number;
  readonly runs?: number;
}

/** A one-line catalog summary, for runs where nothing deeper is available. */
export interface CatalogSection {
  readonly kind: "catalog";
  readonly schemas: readonly { readonly schemaId: string; readonly file: string; readonly format: string; readonly features: readonly string[] }[];
}

export type Section =
  | FuzzSection
  | ConformanceSection
  | CheckSection
  | ProbeSection
  | DispatchSection
  | CompatSection
  | CatalogSection;

export type DriftKind =
  | "finding-new"
  | "finding-fixed"
  | "matrix-changed"
  | "verdict-changed"
  | "conformance-changed"
  | "dispatch-changed"
  | "compat-changed";

export interface DriftItem {
  readonly kind: DriftKind;
  readonly regression: boolean;
  readonly key: string;
  readonly before?: string;
  readonly after?: string;
  readonly detail: string;
}

export type SectionKind = Section["kind"];

/** One line of a JSON Lines results file: the header, any number of sections, then the footer. */
export type ResultsRecord = RunHeader | Section | RunFooter;

export interface ResultsDocument {
  readonly header: RunHeader;
  readonly sections: readonly Section[];
  readonly drift?: { readonly baseline: string; readonly items: readonly DriftItem[] };
  readonly footer: RunFooter;
}

/** The order sections appear in merged documents and reports. */
export const SECTION_KINDS: readonly SectionKind[] = ["catalog", "fuzz", "conformance", "probe", "check", "dispatch", "compat"];

/** The sections of one kind, typed as that kind. */
export function sectionsOfKind<K extends SectionKind>(document: Pick<ResultsDocument, "sections">, kind: K): Extract<Section, { kind: K }>[] {
  return document.sections.filter((s): s is Extract<Section, { kind: K }> => s.kind === kind);
}
