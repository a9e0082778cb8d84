// What the main thread and fuzz workers say to each other. Everything here survives structured clone.
import type { Dialect } from "../lite/dialect.js";
import type { Ruling } from "./adjudicate.js";
import type { Difference } from "./compare-outcomes.js";
import type { KnownDivergence } from "./known-divergences.js";
import type { RegressionCase } from "./regression-cases.js";

export interface FuzzTarget {
  readonly id: string;
  /** As declared, in its own dialect. */
  readonly schema: object | boolean;
  /** The dialect it is read in (draft 2020-12 when absent: generated schemas, regressions). */
  readonly dialect?: Dialect;
}

/** The run a worker is handed once the main thread has read it (catalogs, regressions, divergences). */
export interface FuzzRunData {
  readonly seed: number;
  readonly targets: readonly FuzzTarget[];
  readonly regressions: readonly RegressionCase[];
  readonly divergences: readonly KnownDivergence[];
  /** "annotate" lets the candidate accept keywords its dialect does not define as annotations (`--unknown-keywords`). */
  readonly unknownKeywords?: "refuse" | "annotate";
}

/** What a worker is spawned with: enough to load its code and both validators before the run is read. */
export interface FuzzWorkerBoot {
  /** "lite", "ajv", or an absolute path to a validator module. */
  readonly validator: string;
  readonly reference: string;
  /** Where relative validator module paths are resolved from. */
  readonly cwd: string;
  readonly heartbeat: SharedArrayBuffer;
}

export interface WorkerInit extends FuzzRunData {
  readonly validator: string;
  readonly reference: string;
  readonly heartbeat: SharedArrayBuffer;
}

/** Everything a worker runs with: its boot data, then its run. */
export interface FuzzWorkerData extends WorkerInit, FuzzWorkerBoot {}

/** The main thread's first message to a worker: the run (its code may still be loading; the port queues it). */
export interface RunInit {
  readonly kind: "init";
  readonly run: FuzzRunData;
}

/** What a candidate that calls process.exit throws instead (named so the main thread can tell it apart). */
export const PROCESS_EXIT_CALLED = "ProcessExitCalled";

/** Cases `from <= k < to` of one target (one block, or one case to replay), minus `skip` (cases a dead worker lost). */
export interface CaseTask {
  readonly kind: "cases";
  readonly targetIndex: number;
  readonly from: number;
  readonly to: number;
  readonly skip: readonly number[];
  /** Replay one case: follow this shrink path from case `from` and report it without shrinking. */
  readonly replayPath?: readonly number[];
  /** How often this task was handed out again after its worker was lost before it began. */
  readonly retries?: number;
}

export interface RegressionTask {
  readonly kind: "regressions";
  readonly indexes: readonly number[];
  readonly skip: readonly number[];
  readonly retries?: number;
}

export type FuzzTask = CaseTask | RegressionTask;

/** The first differing case of its class in a block, shrunk, as a worker reports it. */
export interface CaseReport {
  /** Index into the targets, or -1 - index into the regressions. */
  readonly targetIndex: number;
  readonly caseIndex: number;
  readonly shrinkPath: readonly number[];
  readonly family: string;
  readonly feature: string;
  readonly path: string;
  readonly pathPattern: string;
  readonly difference: Difference | "timeout" | "reference-timeout";
  readonly ruling: Ruling;
  readonly instance: unknown;
  readonly reference: { readonly valid: boolean | null; readonly error?: string };
  readonly candidate: { readonly valid: boolean | null; readonly error?: string };
  /** Cases of the block in this class, this one included (later ones are counted, not shrunk); 1 when absent. */
  readonly count?: number;
}

export interface FamilyTally {
  cases: number;
  valid: number;
}

/** Cases by the source that made them (valid values, near misses, json-schema-faker values). */
export interface SourceTally {
  valid: number;
  nearMiss: number;
  faker: number;
}

/** Where a task's time went, in milliseconds (shrinking and adjudication count as compare). */
export interface PhaseTimes {
  generate: number;
  reference: number;
  candidate: number;
  compare: number;
}

export interface TaskResult {
  readonly cases: number;
  readonly valid: number;
  readonly families: Readonly<Record<string, FamilyTally>>;
  readonly reports: readonly CaseReport[];
  /** Set when the candidate (or the generator) refused the target: none of its cases ran. */
  readonly unsupported?: string;
  /** Set when the candidate broke the contract at compile time (process.exit, a non-function): the module is broken. */
  readonly broken?: string;
  /** Cases per target index, for the per-schema counts. */
  readonly casesByTarget: Readonly<Record<number, number>>;
  /** Per target index, the cases of each source (case tasks only). */
  readonly sourcesByTarget?: Readonly<Record<number, SourceTally>>;
  readonly times?: PhaseTimes;
}

/** Rebuild the case a lost worker was on (a case, then a shrink path), off the main thread: it may run user patterns. */
export interface RebuildRequest {
  readonly kind: "rebuild";
  readonly targetIndex: number;
  readonly caseIndex: number;
  readonly shrinkPath: readonly number[];
}

/** The rebuilt case, as plain data. */
export interface RebuiltCase {
  readonly value: unknown;
  readonly family: string;
  readonly path: string;
}

export type WorkerMessage =
  | { readonly kind: "ready" }
  | { readonly kind: "rebuilt"; readonly fuzzCase: RebuiltCase | null }
  | { readonly kind: "pong" }
  | { readonly kind: "load-error"; readonly message: string }
  | { readonly kind: "result"; readonly result: TaskResult };
