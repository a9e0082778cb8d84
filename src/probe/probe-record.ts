// The observability record every probe request leaves: what was asked (schema id and version, mode,
// model), what came back (actual mode, parse and schema status, usage), what it cost and how it ended.
import type { ProviderExchange } from "../../providers/wire/wire-adapters.js";
import type { ProviderId, RedirectHop, TokenUsage } from "../../providers/wire/wire-types.js";
import type { FailureReason, ProbeOutcome } from "./classify-probe-outcome.js";
import { estimateCostUsd } from "./price-table.js";
import type { ProbeRequest } from "./send-probe-request.js";

export interface ProbeRecord {
  readonly schemaId: string;
  readonly schemaVersion: string;
  readonly provider: ProviderId;
  readonly model: string;
  readonly requestedMode: string;
  /** The mode the answer came back in: the requested one, `text` (a tool mode answered in text), `tool-call`, or `none`. */
  readonly actualMode: string;
  readonly features: readonly string[];
  readonly sample: number;
  readonly stream: boolean;
  readonly httpStatus: number | null;
  readonly parseStatus: "parsed" | "unparsable" | "none";
  readonly schemaStatus: "accepted" | "rejected" | "unknown";
  readonly retries: number;
  readonly latencyMs: number;
  readonly usage: TokenUsage | null;
  readonly costUsd: number | null;
  readonly finalState: "answered" | "rejected" | FailureReason;
  readonly detail?: string;
  /** Redirects met (followed only within the origin): never silent. */
  readonly redirects?: readonly RedirectHop[];
}

export interface RecordInput {
  readonly transport: { readonly provider: ProviderId; readonly model: string; readonly stream: boolean };
  readonly request: ProbeRequest;
  readonly exchange: ProviderExchange | null;
  readonly outcome: ProbeOutcome;
  readonly attempts: number;
  readonly latencyMs: number;
  readonly schemaVersion: string;
}

export function buildProbeRecord(input: RecordInput): ProbeRecord {
  const { transport, request, exchange, outcome } = input;
  const usage = exchange?.parsed?.usage ?? null;
  return {
    schemaId: request.schemaId,
    schemaVersion: input.schemaVersion,
    provider: transport.provider,
    model: transport.model,
    requestedMode: request.mode,
    actualMode: actualModeOf(request, outcome),
    features: request.features,
    sample: request.sample,
    stream: transport.stream,
    httpStatus: exchange?.outcome.kind === "response" ? exchange.outcome.response.status : null,
    parseStatus: parseStatusOf(outcome),
    schemaStatus: outcome.kind === "rejected" ? "rejected" : outcome.kind === "answered" || (outcome.kind === "failed" && isAfterAcceptance(outcome.reason)) ? "accepted" : "unknown",
    retries: Math.max(0, input.attempts - 1),
    latencyMs: input.latencyMs,
    usage,
    costUsd: estimateCostUsd(transport.model, usage),
    finalState: outcome.kind === "failed" ? outcome.reason : outcome.kind,
    ...(outcome.kind === "failed" ? { detail: outcome.detail } : outcome.kind === "rejected" ? { detail: outcome.errorText } : {}),
    ...redirectsOf(exchange),
  };
}

function redirectsOf(exchange: ProviderExchange | null): { redirects?: readonly RedirectHop[] } {
  const hops = exchange === null ? undefined : exchange.outcome.kind === "response" ? exchange.outcome.response.redirects : exchange.outcome.redirects;
  return hops === undefined || hops.length === 0 ? {} : { redirects: hops };
}

function isAfterAcceptance(reason: string): boolean {
  return reason === "truncated" || reason === "refusal" || reason === "unparsable";
}

function parseStatusOf(outcome: ProbeOutcome): ProbeRecord["parseStatus"] {
  if (outcome.kind === "answered") return "parsed";
  if (outcome.kind === "failed" && (outcome.reason === "unparsable" || outcome.reason === "malformed")) return "unparsable";
  return "none";
}

function actualModeOf(request: ProbeRequest, outcome: ProbeOutcome): string {
  if (outcome.kind !== "answered") return "none";
  const expected = request.role === "tool-input" ? "tool-calls" : "structured";
  if (outcome.answerKind === expected) return request.mode;
  return outcome.answerKind === "tool-calls" ? "tool-call" : "text";
}
