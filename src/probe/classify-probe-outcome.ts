// What one finished exchange says, before any feature is judged: the schema was refused (a 4xx that
// names it), an answer came back, or nothing conclusive happened. Faults (network, 429, 5xx, malformed
// bodies, cut streams, truncation, refusal) are failures, never rejections.
import type { ProviderExchange } from "../../providers/wire/wire-adapters.js";
import { MALFORMED_RESPONSE, type ProviderResponse } from "../../providers/wire/wire-types.js";

export type FailureReason =
  | "network"
  | "rate-limited"
  | "server-error"
  | "auth"
  | "malformed"
  | "stream-cut"
  | "truncated"
  | "refusal"
  | "unparsable"
  | "http-error"
  | "replay-miss"
  | "budget"
  /** A bound of the read passed (response too large, a value too deep for the judge): a retry would meet it again. */
  | "too-large"
  /** A redirect the lab does not follow (another origin, too many). */
  | "redirect"
  /** The probe's deadline or a signal stopped it before this request finished: no verdict. */
  | "not-finished";

export type ProbeOutcome =
  | { readonly kind: "answered"; readonly value: unknown; readonly rawText: string; readonly response: ProviderResponse; readonly answerKind: "tool-calls" | "structured" }
  | { readonly kind: "rejected"; readonly status: number; readonly errorText: string; readonly errorType: string }
  | { readonly kind: "failed"; readonly reason: FailureReason; readonly detail: string; readonly status?: number; readonly retryAfterS?: number };

/** Where a schema error would point: the probe keys and the keywords its schema uses. */
export interface OutcomeContext {
  readonly hints: readonly string[];
}

/** Network-error codes of the read's bounds (providers/wire/read-limits.ts): none is worth a retry. */
const BOUND_REASONS: Readonly<Record<string, FailureReason>> = {
  response_too_large: "too-large",
  redirect_refused: "redirect",
  deadline: "not-finished",
  interrupted: "not-finished",
};

const STREAM_BOUND = /stream (?:line of \d+ characters|of \d+ events) \(more than \d+\): not read/;

/** Failures worth another try: the same request may well succeed. */
const TRANSIENT = new Set<FailureReason>(["network", "rate-limited", "server-error", "malformed", "stream-cut"]);

export function isTransient(outcome: ProbeOutcome): boolean {
  return outcome.kind === "failed" && TRANSIENT.has(outcome.reason);
}

/** The schema reached the model: a truncated or refused answer still means the request was accepted. */
export function wasAccepted(outcome: ProbeOutcome): boolean {
  return outcome.kind === "answered" || (outcome.kind === "failed" && ["truncated", "refusal", "unparsable"].includes(outcome.reason));
}

export function classifyProbeOutcome(exchange: ProviderExchange, context: OutcomeContext): ProbeOutcome {
  if (exchange.outcome.kind === "network-error") {
    // A replay has nothing more to give for a request it never recorded: retrying cannot help.
    if (exchange.outcome.code === "cassette_miss") return { kind: "failed", reason: "replay-miss", detail: `${exchange.outcome.code}: ${exchange.outcome.message}` };
    const bounded = BOUND_REASONS[exchange.outcome.code];
    if (bounded !== undefined) return { kind: "failed", reason: bounded, detail: `${exchange.outcome.code}: ${exchange.outcome.message}` };
    return { kind: "failed", reason: "network", detail: `${exchange.outcome.code}: ${exchange.outcome.message}` };
  }
  const raw = exchange.outcome.response;
  if (raw.streamError !== undefined) return { kind: "failed", reason: "stream-cut", detail: `the stream was cut: ${raw.streamError}`, status: raw.status };
  const answer = exchange.parsed!.answer;
  switch (answer.kind) {
    case "error":
      return classifyErrorAnswer(answer, context);
    case "refusal":
      return { kind: "failed", reason: "refusal", detail: `the model refused: ${answer.text}`, status: raw.status };
    case "truncated":
      return { kind: "failed", reason: "truncated", detail: `the answer was cut short (${answer.reason})`, status: raw.status };
    case "tool-calls": {
      const call = answer.calls[0];
      if (call === undefined) return { kind: "failed", reason: "unparsable", detail: "no tool call came back", status: raw.status };
      if (call.parseError !== undefined) return { kind: "failed", reason: "unparsable", detail: `tool arguments are not JSON: ${call.parseError}`, status: raw.status };
      return { kind: "answered", value: call.arguments, rawText: call.rawArguments, response: exchange.parsed!, answerKind: "tool-calls" };
    }
    case "structured":
      if (answer.parseError !== undefined) return { kind: "failed", reason: "unparsable", detail: `the answer is not JSON: ${answer.parseError}`, status: raw.status };
      return { kind: "answered", value: answer.value, rawText: answer.rawText, response: exchange.parsed!, answerKind: "structured" };
  }
}

function classifyErrorAnswer(answer: { status: number; errorType: string; message: string; retryAfterS?: number }, context: OutcomeContext): ProbeOutcome {
  const { status, errorType, message } = answer;
  const retry = answer.retryAfterS === undefined ? {} : { retryAfterS: answer.retryAfterS };
  // A stream past its bounds (providers/wire/read-limits.ts) would be as long again: not worth a retry.
  if (errorType === MALFORMED_RESPONSE && STREAM_BOUND.test(message)) return { kind: "failed", reason: "too-large", detail: `stream too large: ${message}`, status };
  if (errorType === MALFORMED_RESPONSE) return { kind: "failed", reason: "malformed", detail: `malformed response: ${message}`, status };
  // A 2xx that carries no usable answer (Gemini's MALFORMED_FUNCTION_CALL): the schema was accepted, the answer is unreadable.
  if (status < 400) return { kind: "failed", reason: "unparsable", detail: `accepted, but no usable answer came back: ${errorType}: ${message}`, status };
  if (status === 429) return { kind: "failed", reason: "rate-limited", detail: `HTTP 429: ${message}`, status, ...retry };
  if (status >= 500) return { kind: "failed", reason: "server-error", detail: `HTTP ${status}: ${message}`, status, ...retry };
  if (status === 401 || status === 403) return { kind: "failed", reason: "auth", detail: `HTTP ${status}: ${message}`, status };
  if (status >= 400 && status < 500 && ![404, 408, 409].includes(status) && namesTheSchema(message, context.hints)) {
    return { kind: "rejected", status, errorText: message, errorType };
  }
  return { kind: "failed", reason: "http-error", detail: `HTTP ${status} not about the schema: ${message}`, status };
}

const SCHEMA_WORDS = /schema|grammar|keyword|not supported|not permitted|unknown name|cannot find field|enum values|input_schema|response_format|parameters|properties/i;

/** A 4xx counts as refusing the schema only when its text points at the schema or at something in it. */
export function namesTheSchema(message: string, hints: readonly string[]): boolean {
  return SCHEMA_WORDS.test(message) || hints.some((hint) => hint.length > 2 && message.includes(hint));
}
