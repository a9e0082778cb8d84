// The one results model. Every verb's `--format json` document is one section; `report` merges
// sections from any verbs and shards; renderers only render what is here, never recompute.
import type { Dialect } from "../lite/dialect.js";
import type { CheckSection } from "../check/types.js";

export const RESULTS_VERSION = 1;

/** A draft the JSON-Schema-Test-Suite has tests for. */
export type SuiteDialect = Exclude<Dialect, "openapi-3.0">;

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
  /** The smallest case index (of its schema) where this class was met: the time to detect it. */
  readonly firstCase?: number;
}

/** Per schema: cases run, distinct findings, and the cases of each source (valid, near miss, faker). */
export interface FuzzTargetTotals {
  readonly schemaId: string;
  readonly cases: number;
  readonly findings: number;
  readonly sources?: { readonly valid: number; readonly nearMiss: number; readonly faker: number };
  /** The dialect the schema was read in (absent in results written before dialects). */
  readonly dialect?: string;
  /** Keywords its dialect does not define, accepted as annotations (`--unknown-keywords annotate`), with their paths. */
  readonly unknownKeywords?: readonly { readonly keyword: string; readonly path: string }[];
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
  /** Declared schemas (not generated ones) in `unsupported`: never fuzzed at all. Absent when none. */
  readonly notFuzzed?: number;
  /** Per schema: cases run and distinct findings (the merge recounts them from `findings`). */
  readonly targets: readonly FuzzTargetTotals[];
  readonly stats: {
    readonly casesPerSecond: number;
    readonly validShare: number;
    readonly durationMs: number;
    readonly byFamily: Readonly<Record<string, { readonly cases: number; readonly validShare: number }>>;
    /** Worker time per phase of a case, in ms summed over workers (compare includes adjudication and shrinking). */
    readonly phaseMs?: { readonly generate: number; readonly reference: number; readonly candidate: number; readonly compare: number };
    /** CPU time of the whole process (every thread) during the run, in ms: on a busy machine, cases per CPU second is the fairer figure. */
    readonly cpuMs?: number;
    /** Share of the workers' time (count × wall time, warm-up included) spent in the reference and the candidate: the gap to the ceiling. */
    readonly judgingShare?: number;
    /**
     * The start-up part of durationMs (whose clock starts when the first worker is spawned): `read`, the
     * catalogs, regressions and plan read (workers load meanwhile); `workersReady`, the last worker spawned
     * ahead of the run ready for tasks. Cases fill the rest. Absent from merged shards.
     */
    readonly startupMs?: { readonly read: number; readonly workersReady: number };
  };
  /** Schemas whose mix of cases is too thin to trust (fewer than 5 near misses). */
  readonly warnings?: readonly { readonly schemaId: string; readonly kind: "few-near-misses"; readonly message: string }[];
  /** Feature id → the near-miss families that target it; a feature no family can target says why. */
  readonly coverage?: readonly { readonly feature: string; readonly families: readonly string[]; readonly reason?: string }[];
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
  /** The suite's draft (tests/<dialect>); absent in results written before dialects, which ran draft 2020-12. */
  readonly dialect?: SuiteDialect;
  /** With `--unknown-keywords annotate`: each keyword accepted as an annotation, with how many times it was met. */
  readonly annotatedKeywords?: Readonly<Record<string, number>>;
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

// The check section's types live with the check (its public types file); the model re-exports them.
export type {
  CheckBadFile,
  CheckChange,
  CheckFallback,
  CheckIgnored,
  CheckObligation,
  CheckRejected,
  CheckResult,
  CheckSection,
  CheckTargetAnswer,
  CheckToolResult,
  CheckVerdict,
  FallbackRung,
  NoteId,
  ObligationKind,
  VerdictCounts,
} from "../check/types.js";
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
  readonly modes: readonly { readonly mode: string; readonly features: Readonly<Record<string, ProbeCell>>; readonly pairs?: Readonly<Record<string, ProbeCell>> }[];
  /** `probe --catalog`: per tool and target, check's prediction beside what was measured. */
  readonly catalog?: readonly ProbeCatalogResult[];
  readonly records: readonly unknown[];
  /** Measured verdicts that contradict a documented or observed cell of the profile: the profile (or the provider) is wrong. */
  readonly diffFromProfile: readonly ProfileCellDiff[];
  /** Measured verdicts where the profile says `unknown` or has no cell: new facts, not differences. */
  readonly measuredWhereUnknown: readonly ProfileCellDiff[];
}

/** One measured cell beside the profile's; `error` cells measured nothing and are in neither list. */
export interface ProfileCellDiff {
  readonly mode: string;
  readonly feature: string;
  /** The profile's status for the cell, `unknown`, or `undocumented` where the profile has no cell. */
  readonly documented: string;
  readonly measured: ProbeStatus;
}

/** A profile cell that states no verdict: a measurement there fills a gap, it contradicts nothing. */
export function isProfileGap(documented: string): boolean {
  return documented === "unknown" || documented === "undocumented";
}

/** One tool of a catalog probed in one mode: per constraint site, what check predicts and what came back. */
export interface ProbeCatalogResult {
  readonly schemaId: string;
  readonly target: string;
  /** check's verdict for the tool in this target. */
  readonly predicted: string;
  /** The same verdict vocabulary, read from the answers; `not probed: budget` when none was sent; `undetermined` when the answers could not say. */
  readonly measured: string;
  readonly sites: readonly ProbeSiteResult[];
  /** Every place prediction and measurement differ, one sentence each. */
  readonly differences: readonly string[];
  readonly requests: number;
}

export interface ProbeSiteResult {
  readonly feature: string;
  /** JSON Pointer into the asked value where the site was broken. */
  readonly path: string;
  readonly predicted: ProbeStatus;
  /** The ground of the prediction: check-refuses, best-effort, unconfirmed (a profile cell unknown), documented, translation-keeps, held. */
  readonly predictedFrom?: string;
  readonly status: ProbeStatus | "not-probed";
  readonly evidence: unknown;
  /** Where status and prediction differ: why, in one sentence. */
  readonly reason?: string;
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
  /** How the counterexample was found: built from what the diff knows, or drawn by the search. */
  readonly witnessedBy?: "construction" | "search";
  readonly counterexample?: { readonly value: unknown; readonly replay: string };
}

export interface CompatResult {
  readonly schemaId: string;
  readonly oldVersion: string | null;
  readonly newVersion: string | null;
  readonly direction: "backward" | "forward";
  /**
   * breaking: witnessed by a value; compatible: searched (`cases` values) and nothing found;
   * undetermined: a search could not run, so a suspected break is neither witnessed nor ruled out.
   */
  readonly verdict: CompatVerdict;
  /** The version moved enough to announce a break: a major bump (a minor one below 1.0.0), or a non-semver change. */
  readonly versionBumped: boolean;
  readonly changes: readonly CompatChange[];
  readonly counterexample?: { readonly value: unknown; readonly replay: string };
  readonly versionChange?: VersionChange;
  /** Tools present on one side only, unchanged schemas, optional parts left out of drawn values. */
  readonly notes?: readonly string[];
  /** Values checked against both versions (built witnesses and search draws; shrink steps aside). */
  readonly cases?: number;
  /** Why the verdict is undetermined: the searches that could not run and what they left open. */
  readonly undetermined?: readonly string[];
}

export type CompatVerdict = "compatible" | "breaking" | "undetermined";

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
