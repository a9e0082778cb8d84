import { afterEach, describe, expect, test } from "vitest";
import { startEmulator } from "./emulator-start.js";
import type { EmulatorHandle, FaultSpec } from "./emulator-types.js";
import { answerValue, roundTrip } from "../test-support/emulator-round-trip.js";
import { MALFORMED_RESPONSE, type ProviderId } from "../wire/wire-types.js";

const schema = { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false };
const value = { city: "Paris, the capital of France" };

interface Case {
  readonly provider: ProviderId;
  readonly mode: string;
  readonly rateLimitType: string;
  readonly truncatedFinish: string;
}

const CASES: readonly Case[] = [
  { provider: "openai", mode: "chat.tools.strict", rateLimitType: "requests", truncatedFinish: "length" },
  { provider: "openai", mode: "responses.tools.strict", rateLimitType: "requests", truncatedFinish: "max_output_tokens" },
  { provider: "anthropic", mode: "messages.tools.strict", rateLimitType: "rate_limit_error", truncatedFinish: "max_tokens" },
  { provider: "google", mode: "generate.functionDeclarations.parametersJsonSchema", rateLimitType: "RESOURCE_EXHAUSTED", truncatedFinish: "MAX_TOKENS" },
  { provider: "openai-compatible", mode: "chat.tools", rateLimitType: "RateLimitError", truncatedFinish: "length" },
];

const open: EmulatorHandle[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((handle) => handle.close()));
});

async function withFaults(provider: ProviderId, faults: FaultSpec[]): Promise<EmulatorHandle> {
  const handle = await startEmulator({ provider, faults });
  open.push(handle);
  return handle;
}

describe.each(CASES)("faults: $provider $mode", ({ provider, mode, rateLimitType, truncatedFinish }) => {
  const trip = (server: EmulatorHandle, stream = false, timeoutMs = 5000) => roundTrip({ provider, baseUrl: server.baseUrl, mode, schema, value, stream, timeoutMs });

  test("rate-limit: a 429 with Retry-After parsed, then the retry succeeds", async () => {
    const server = await withFaults(provider, [{ kind: "rate-limit", retryAfterS: 7, times: 1 }]);
    const first = await trip(server);
    expect(first.parsed?.answer).toMatchObject({ kind: "error", status: 429, errorType: rateLimitType, retryAfterS: 7 });
    const second = await trip(server);
    expect(answerValue(second.parsed?.answer)).toEqual(value);
    expect(server.requests.map((request) => request.outcome)).toEqual(["fault:rate-limit", "answered"]);
  });

  test.each([500, 503] as const)("server-error %i: the status comes back as an error", async (status) => {
    const server = await withFaults(provider, [{ kind: "server-error", status }]);
    const exchange = await trip(server);
    expect(exchange.parsed?.answer).toMatchObject({ kind: "error", status });
  });

  test("reset: the client sees a network error, not a response", async () => {
    const server = await withFaults(provider, [{ kind: "reset" }]);
    const exchange = await trip(server);
    expect(exchange.outcome.kind).toBe("network-error");
    expect(exchange.parsed).toBeUndefined();
  });

  test("slow: a client timeout shorter than the delay is a timeout", async () => {
    const server = await withFaults(provider, [{ kind: "slow", delayMs: 400 }]);
    const exchange = await trip(server, false, 100);
    expect(exchange.outcome).toMatchObject({ kind: "network-error", code: "timeout" });
  });

  test.each([false, true])("malformed-body (stream: %s): a parse error, never a value", async (stream) => {
    const server = await withFaults(provider, [{ kind: "malformed-body" }]);
    const exchange = await trip(server, stream);
    expect(exchange.parsed?.answer).toMatchObject({ kind: "error", status: 200, errorType: MALFORMED_RESPONSE });
  });

  test("truncated-stream: a stream cut mid-answer is truncated, with what arrived as partial", async () => {
    const server = await withFaults(provider, [{ kind: "truncated-stream" }]);
    const exchange = await trip(server, true);
    expect(exchange.parsed?.answer.kind).toBe("truncated");
    const partial = exchange.parsed?.answer.kind === "truncated" ? (exchange.parsed.answer.partial ?? "") : "";
    expect(JSON.stringify(value).startsWith(partial)).toBe(true);
  });

  test.each([false, true])("truncated (stream: %s): the provider's max-tokens signal", async (stream) => {
    const server = await withFaults(provider, [{ kind: "truncated" }]);
    const exchange = await trip(server, stream);
    expect(exchange.parsed?.answer.kind).toBe("truncated");
    expect(exchange.parsed?.finishReason).toBe(truncatedFinish);
  });

  test.each([false, true])("refusal (stream: %s): the provider's refusal signal", async (stream) => {
    const server = await withFaults(provider, [{ kind: "refusal" }]);
    const exchange = await trip(server, stream);
    expect(exchange.parsed?.answer.kind).toBe("refusal");
  });
});

describe("fault scoping", () => {
  test("a fault scoped to a prompt substring fires only there, for its first N requests", async () => {
    const server = await withFaults("openai", [{ kind: "server-error", status: 500, times: 2, when: { promptIncludes: "Lyon" } }]);
    const trip = (city: string) => roundTrip({ provider: "openai", baseUrl: server.baseUrl, mode: "chat.tools.strict", schema, value: { city } });
    expect((await trip("Paris")).parsed?.answer.kind).toBe("tool-calls");
    expect((await trip("Lyon")).parsed?.answer).toMatchObject({ kind: "error", status: 500 });
    expect((await trip("Lyon")).parsed?.answer).toMatchObject({ kind: "error", status: 500 });
    expect((await trip("Lyon")).parsed?.answer.kind).toBe("tool-calls");
  });

  test("a fault scoped to a feature fires for schemas that use it", async () => {
    const server = await withFaults("anthropic", [{ kind: "refusal", when: { feature: "enum" } }]);
    const withEnum = { ...schema, properties: { city: { type: "string", enum: ["Paris"] } } };
    const plain = await roundTrip({ provider: "anthropic", baseUrl: server.baseUrl, mode: "messages.tools.strict", schema, value });
    const scoped = await roundTrip({ provider: "anthropic", baseUrl: server.baseUrl, mode: "messages.tools.strict", schema: withEnum, value: { city: "Paris" } });
    expect(plain.parsed?.answer.kind).toBe("tool-calls");
    expect(scoped.parsed?.answer.kind).toBe("refusal");
  });

  test("a predicate scope sees the request's mode", async () => {
    const server = await withFaults("openai", [{ kind: "truncated", when: (request) => request.mode === "responses.tools.strict" }]);
    const chat = await roundTrip({ provider: "openai", baseUrl: server.baseUrl, mode: "chat.tools.strict", schema, value });
    const responses = await roundTrip({ provider: "openai", baseUrl: server.baseUrl, mode: "responses.tools.strict", schema, value });
    expect(chat.parsed?.answer.kind).toBe("tool-calls");
    expect(responses.parsed?.answer.kind).toBe("truncated");
  });
});

describe("profile input", () => {
  test("a plain map with optional altered fills the omitted property with null", async () => {
    const server = await startEmulator({ provider: "openai", profile: { "chat.tools.strict": { optional: "altered", "type:string": "enforced" } } });
    open.push(server);
    const optional = { type: "object", properties: { city: { type: "string" }, country: { type: "string" } }, required: ["city"], additionalProperties: false };
    const exchange = await roundTrip({ provider: "openai", baseUrl: server.baseUrl, mode: "chat.tools.strict", schema: optional, value: { city: "Paris" } });
    expect(answerValue(exchange.parsed?.answer)).toEqual({ city: "Paris", country: null });
  });

  test("a plain map with a rejected feature and no text falls back to the provider's error shape", async () => {
    const server = await startEmulator({ provider: "openai", profile: { "chat.tools.strict": { pattern: "rejected" } } });
    open.push(server);
    const patterned = { ...schema, properties: { city: { type: "string", pattern: "^[A-Z]" } } };
    const exchange = await roundTrip({ provider: "openai", baseUrl: server.baseUrl, mode: "chat.tools.strict", schema: patterned, value });
    expect(exchange.parsed?.answer).toMatchObject({
      kind: "error",
      status: 400,
      message: "Invalid schema for function 'record_answer': In context=('properties', 'city'), 'pattern' is not permitted.",
    });
  });

  test("recorded requests carry the mode, the features and what the emulator did", async () => {
    const server = await startEmulator({ provider: "openai" });
    open.push(server);
    await roundTrip({ provider: "openai", baseUrl: server.baseUrl, mode: "chat.tools.strict", schema, value });
    expect(server.requests[0]).toMatchObject({ method: "POST", path: "/v1/chat/completions", api: "openai-chat", mode: "chat.tools.strict", outcome: "answered", decoding: "as-is" });
    expect(server.requests[0]?.features).toEqual(expect.arrayContaining(["type:object", "properties", "required", "additionalProperties:false", "type:string"]));
  });
});
