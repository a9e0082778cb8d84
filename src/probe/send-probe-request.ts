// One logical probe request: build, send through the gate, classify; transient failures are retried
// with exponential backoff that honours Retry-After (capped), then given up as a failure. Every
// logical request leaves one observability record.
import { createHash } from "node:crypto";
import { callProvider, type ProviderExchange } from "../../providers/wire/wire-adapters.js";
import type { FetchLike } from "../../providers/wire/wire-send-request.js";
import type { ExtraTool, ProviderId } from "../../providers/wire/wire-types.js";
import type { JsonSchema } from "../schema/types.js";
import { classifyProbeOutcome, isTransient, type ProbeOutcome } from "./classify-probe-outcome.js";
import { buildProbeRecord, type ProbeRecord } from "./probe-record.js";
import { PROBE_SUITE_VERSION } from "./probe-suite.js";
import type { RequestGate } from "./request-gate.js";
import type { SecretScrubber } from "./redact-secret.js";
import { judgeableProblem } from "./judge-bounds.js";

export interface RetryPolicy {
  readonly maxRetries: number;
  readonly baseDelayMs: number;
  /** Cap on any one wait, Retry-After included. */
  readonly maxDelayMs: number;
  readonly sleep: (ms: number) => Promise<void>;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 3,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface ProbeTransport {
  readonly provider: ProviderId;
  readonly model: string;
  readonly baseUrl?: string;
  readonly apiKey?: string;
  /** Provider-specific builder options (Bedrock SigV4 credentials and region). */
  readonly wireOptions?: Readonly<Record<string, unknown>>;
  readonly stream: boolean;
  readonly timeoutMs: number;
  readonly fetchImpl?: FetchLike;
  readonly retry: RetryPolicy;
  readonly gate: RequestGate;
  /** Every record lands here, in the order requests finish. */
  readonly records: ProbeRecord[];
  /** Set when any response carried the emulator's `x-schemalab-emulated` header. */
  readonly sawEmulator: { value: boolean };
  /** Set by the first 401/403: every later request would be refused too, so none is sent. */
  readonly authFailure: { detail: string | null };
  /** Body bound per response, after decompression (default 16 MB). */
  readonly maxResponseBytes?: number;
  /** The whole probe's stop (deadline or signal): no request starts after it, those in flight are aborted. */
  readonly stop?: AbortSignal;
  /** Scrubs keys from every body and header as it is read, before anything parses, cuts or keeps it. */
  readonly scrub?: SecretScrubber;
}

export interface ProbeRequest {
  readonly mode: string;
  readonly role: "tool-input" | "structured-output";
  readonly schema: JsonSchema;
  /** Tools sent beside the schema's own, for tool-count limit probes. */
  readonly extraTools?: readonly ExtraTool[];
  readonly prompt: string;
  /** `probe/<mode>/<what>`: the record's schema id. */
  readonly schemaId: string;
  readonly features: readonly string[];
  /** Words a schema error would quote: probe keys and the keywords in use. */
  readonly hints: readonly string[];
  readonly maxTokens: number;
  readonly sample: number;
}

export async function sendProbeRequest(transport: ProbeTransport, request: ProbeRequest): Promise<ProbeOutcome> {
  let outcome: ProbeOutcome | null = null;
  let exchange: ProviderExchange | null = null;
  let latencyMs = 0;
  let attempts = 0;
  for (let attempt = 0; attempt <= transport.retry.maxRetries; attempt += 1) {
    // The key check runs inside the slot, so the next queued request already knows a key was refused.
    const sent = await transport.gate.run(async () => noteAuthFailure(transport, await send(transport, request)), () => transport.authFailure.detail === null && transport.stop?.aborted !== true);
    if (sent === "budget" || sent === "unwanted") {
      outcome = notSent(sent, transport, outcome);
      break;
    }
    attempts += 1;
    exchange = sent;
    latencyMs += durationOf(sent);
    noteEmulator(transport, sent);
    outcome = withinJudgeBounds(classifyProbeOutcome(sent, { hints: request.hints }));
    if (!isTransient(outcome) || attempt === transport.retry.maxRetries || transport.stop?.aborted === true) break;
    await transport.retry.sleep(backoffDelayMs(attempt, outcome.kind === "failed" ? outcome.retryAfterS : undefined, transport.retry));
  }
  if (outcome === null) throw new Error("unreachable: a probe request ends with an outcome");
  if (isTransient(outcome) && attempts > 1) outcome = { ...(outcome as ProbeOutcome & { kind: "failed" }), detail: `${describe(outcome)} (after ${attempts} attempts)` };
  // A request the budget never let out is not a request: its cell says why, no record is made.
  if (attempts > 0) transport.records.push(buildProbeRecord({ transport, request, exchange, outcome, attempts, latencyMs, schemaVersion: schemaVersion(request.schema) }));
  return outcome;
}

/** An answer the judge cannot take (nested too deep, too large) is this request's error, not the run's crash. */
function withinJudgeBounds(outcome: ProbeOutcome): ProbeOutcome {
  if (outcome.kind !== "answered") return outcome;
  const problem = judgeableProblem(outcome.value, outcome.rawText);
  return problem === null ? outcome : { kind: "failed", reason: "too-large", detail: problem };
}

function noteAuthFailure(transport: ProbeTransport, exchange: ProviderExchange): ProviderExchange {
  const answer = exchange.parsed?.answer;
  if (answer?.kind === "error" && (answer.status === 401 || answer.status === 403)) transport.authFailure.detail ??= `HTTP ${answer.status}: ${answer.message}`;
  return exchange;
}

/** Why nothing (more) was sent; a retry cut short keeps the failure it was retrying. */
function notSent(why: "budget" | "unwanted", transport: ProbeTransport, previous: ProbeOutcome | null): ProbeOutcome {
  if (why === "unwanted" && transport.stop?.aborted === true) {
    const reason = typeof transport.stop.reason === "string" ? transport.stop.reason : "interrupted";
    return { kind: "failed", reason: "not-finished", detail: `not finished: ${reason}${previous === null ? "" : ` (after ${describe(previous)})`}` };
  }
  if (previous !== null) return { ...(previous as ProbeOutcome & { kind: "failed" }), detail: `${describe(previous)}; ${why === "budget" ? "budget spent" : "stopped"} before another retry` };
  if (why === "budget") return { kind: "failed", reason: "budget", detail: "budget: the request budget was spent before this request" };
  return { kind: "failed", reason: "auth", detail: `not sent: an earlier request was refused for its key (${transport.authFailure.detail})` };
}

function send(transport: ProbeTransport, request: ProbeRequest): Promise<ProviderExchange> {
  return callProvider(
    transport.provider,
    {
      ...transport.wireOptions,
      model: transport.model,
      prompt: request.prompt,
      schema: request.schema,
      ...(request.extraTools === undefined ? {} : { extraTools: request.extraTools }),
      mode: request.mode,
      stream: transport.stream,
      maxTokens: request.maxTokens,
      ...(transport.baseUrl === undefined ? {} : { baseUrl: transport.baseUrl }),
      ...(transport.apiKey === undefined ? {} : { apiKey: transport.apiKey }),
    },
    {
      timeoutMs: transport.timeoutMs,
      ...(transport.fetchImpl === undefined ? {} : { fetchImpl: transport.fetchImpl }),
      ...(transport.maxResponseBytes === undefined ? {} : { maxResponseBytes: transport.maxResponseBytes }),
      ...(transport.stop === undefined ? {} : { stop: transport.stop }),
      ...(transport.scrub === undefined ? {} : { scrub: transport.scrub }),
    },
  );
}

/** Exponential from the base, or the server's Retry-After when it gives one; never beyond the cap. */
export function backoffDelayMs(attempt: number, retryAfterS: number | undefined, policy: Pick<RetryPolicy, "baseDelayMs" | "maxDelayMs">): number {
  const wanted = retryAfterS !== undefined ? retryAfterS * 1000 : policy.baseDelayMs * 2 ** attempt;
  return Math.min(policy.maxDelayMs, Math.max(0, wanted));
}

function durationOf(exchange: ProviderExchange): number {
  return exchange.outcome.kind === "network-error" ? exchange.outcome.durationMs : exchange.outcome.response.durationMs;
}

function noteEmulator(transport: ProbeTransport, exchange: ProviderExchange): void {
  if (exchange.outcome.kind === "response" && exchange.outcome.response.headers["x-schemalab-emulated"] === "1") transport.sawEmulator.value = true;
}

function describe(outcome: ProbeOutcome): string {
  return outcome.kind === "failed" ? outcome.detail : outcome.kind;
}

/** The suite version and a short hash of the schema as sent: the same probe sent twice has the same version. */
function schemaVersion(schema: JsonSchema): string {
  return `${PROBE_SUITE_VERSION}+${createHash("sha256").update(JSON.stringify(schema)).digest("hex").slice(0, 12)}`;
}
