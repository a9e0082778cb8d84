// From one exchange to an outcome: only a 4xx that points at the schema is a rejection; faults are
// failures, and only the transient ones are retried.
import { describe, expect, it } from "vitest";
import type { ProviderExchange } from "../../providers/wire/wire-adapters.js";
import type { ProviderAnswer, WireRequest } from "../../providers/wire/wire-types.js";
import { classifyProbeOutcome, isTransient, namesTheSchema, wasAccepted } from "./classify-probe-outcome.js";
import { backoffDelayMs } from "./send-probe-request.js";

const request = { api: "openai-chat", url: "http://127.0.0.1/v1/chat/completions", method: "POST", headers: {}, body: {}, stream: false } as WireRequest;

function answered(answer: ProviderAnswer, status = 200, streamError?: string): ProviderExchange {
  const raw = { status, headers: {}, bodyText: "", chunks: [], durationMs: 1, ...(streamError === undefined ? {} : { streamError }) };
  return { request, outcome: { kind: "response", response: raw }, parsed: { answer, finishReason: null, usage: null, model: null } };
}

const error = (status: number, message: string, extra: Partial<{ errorType: string; retryAfterS: number }> = {}): ProviderExchange =>
  answered({ kind: "error", status, errorType: extra.errorType ?? "invalid_request_error", message, ...(extra.retryAfterS === undefined ? {} : { retryAfterS: extra.retryAfterS }) }, status);

const context = { hints: ["p_minLength", "minLength"] };

describe("classifyProbeOutcome", () => {
  it("reads a 400 naming the schema as a rejection, keeping its text", () => {
    const text = "Invalid schema for response_format 'answer': In context=('properties', 'p_minLength'), 'minLength' is not permitted.";
    expect(classifyProbeOutcome(error(400, text), context)).toEqual({ kind: "rejected", status: 400, errorText: text, errorType: "invalid_request_error" });
  });

  it("reads a 400 that mentions only a probe key as a rejection too", () => {
    expect(classifyProbeOutcome(error(400, "bad p_minLength"), context).kind).toBe("rejected");
  });

  it("does not read a 400 about something else as a rejection", () => {
    const outcome = classifyProbeOutcome(error(400, "Unsupported value: 'temperature' does not support 0.2"), context);
    expect(outcome).toMatchObject({ kind: "failed", reason: "http-error" });
  });

  it.each([
    [error(429, "Rate limit reached", { retryAfterS: 3 }), "rate-limited", true],
    [error(500, "The server had an error while processing your request."), "server-error", true],
    [error(503, "Invalid schema? no: overloaded"), "server-error", true],
    [error(529, "Overloaded"), "server-error", true],
    [error(401, "Incorrect API key provided"), "auth", false],
    [error(200, "response body is not JSON", { errorType: "malformed_response" }), "malformed", true],
    [answered({ kind: "structured", value: 1, rawText: "1" }, 200, "ECONNRESET: other side closed"), "stream-cut", true],
    [answered({ kind: "refusal", text: "I can't help with that." }), "refusal", false],
    [answered({ kind: "truncated", reason: "finish_reason: length" }), "truncated", false],
    [answered({ kind: "tool-calls", calls: [{ id: "c", name: "answer", arguments: undefined, rawArguments: "{", parseError: "Unexpected end" }] }), "unparsable", false],
    [answered({ kind: "error", status: 200, errorType: "MALFORMED_FUNCTION_CALL", message: "Malformed function call" }), "unparsable", false],
  ] as const)("%#: a fault is a failure (%s), never a rejection", (exchange, reason, transient) => {
    const outcome = classifyProbeOutcome(exchange, context);
    expect(outcome).toMatchObject({ kind: "failed", reason });
    expect(isTransient(outcome)).toBe(transient);
  });

  it("keeps Retry-After on a 429", () => {
    expect(classifyProbeOutcome(error(429, "slow down", { retryAfterS: 3 }), context)).toMatchObject({ retryAfterS: 3 });
  });

  it("reads network errors as transient failures, and a missing cassette as final", () => {
    const network = (code: string): ProviderExchange => ({ request, outcome: { kind: "network-error", message: "boom", code, durationMs: 1 } });
    expect(isTransient(classifyProbeOutcome(network("ECONNRESET"), context))).toBe(true);
    expect(classifyProbeOutcome(network("cassette_miss"), context)).toMatchObject({ reason: "replay-miss" });
    expect(isTransient(classifyProbeOutcome(network("cassette_miss"), context))).toBe(false);
  });

  it("counts a truncated or refused answer as an accepted schema (for limit probes)", () => {
    expect(wasAccepted(classifyProbeOutcome(answered({ kind: "truncated", reason: "length" }), context))).toBe(true);
    expect(wasAccepted(classifyProbeOutcome(error(400, "schema too large"), context))).toBe(false);
  });

  it("names the schema by word or by hint", () => {
    expect(namesTheSchema("Invalid JSON payload received. Unknown name \"contains\"", [])).toBe(true);
    expect(namesTheSchema("model not found", ["p_x"])).toBe(false);
  });
});

describe("backoffDelayMs", () => {
  const policy = { baseDelayMs: 100, maxDelayMs: 1000 };
  it("doubles from the base, honours Retry-After, and never passes the cap", () => {
    expect([0, 1, 2, 3, 4].map((attempt) => backoffDelayMs(attempt, undefined, policy))).toEqual([100, 200, 400, 800, 1000]);
    expect(backoffDelayMs(0, 0.5, policy)).toBe(500);
    expect(backoffDelayMs(0, 120, policy)).toBe(1000);
  });
});
