import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator } from "../emulator/emulator-start.js";
import type { EmulatorHandle } from "../emulator/emulator-types.js";
import { answerValue, roundTrip } from "../test-support/emulator-round-trip.js";
import { buildOpenAIChatRequest } from "./build-openai-chat-request.js";
import { OPENAI_MISSING_KEY } from "./emulator-errors.js";

const STRICT_MODES = ["chat.response_format.strict", "chat.tools.strict", "responses.text.format.strict", "responses.tools.strict"] as const;
const TOOL_MODES = new Set(["chat.tools.strict", "chat.tools", "responses.tools.strict", "responses.tools"]);

const schema = {
  type: "object",
  properties: { name: { type: "string" }, count: { type: "integer", minimum: 1, maximum: 5 } },
  required: ["name", "count"],
  additionalProperties: false,
};

let emulator: EmulatorHandle;
beforeAll(async () => {
  emulator = await startEmulator({ provider: "openai" });
});
afterAll(async () => {
  await emulator.close();
});

const trip = (mode: string, value: unknown, stream: boolean, overrides: { schema?: unknown } = {}) =>
  roundTrip({ provider: "openai", baseUrl: emulator.baseUrl, mode, schema: overrides.schema ?? schema, value, stream });

describe.each([false, true])("openai emulator (stream: %s)", (stream) => {
  test.each(STRICT_MODES)("%s: a valid value comes back unchanged, in the mode's answer shape", async (mode) => {
    const exchange = await trip(mode, { name: "a", count: 3 }, stream);
    expect(exchange.parsed?.answer.kind).toBe(TOOL_MODES.has(mode) ? "tool-calls" : "structured");
    expect(answerValue(exchange.parsed?.answer)).toEqual({ name: "a", count: 3 });
    expect(exchange.parsed?.usage?.outputTokens).toBeGreaterThan(0);
  });

  test.each(STRICT_MODES)("%s: an enforced bound is held by constrained decoding", async (mode) => {
    const exchange = await trip(mode, { name: "a", count: 9 }, stream);
    expect(answerValue(exchange.parsed?.answer)).toEqual({ name: "a", count: 5 });
    expect(emulator.requests.at(-1)?.decoding).toBe("repaired");
  });

  test.each(["chat.tools", "chat.response_format", "responses.tools"])("%s: an ignored bound lets the violating value through", async (mode) => {
    const exchange = await trip(mode, { name: "a", count: 9 }, stream);
    expect(answerValue(exchange.parsed?.answer)).toEqual({ name: "a", count: 9 });
  });

  test.each([
    ["chat.response_format.strict", "Invalid schema for response_format 'record_answer'", "response_format"],
    ["chat.tools.strict", "Invalid schema for function 'record_answer'", "tools[0].function.parameters"],
    ["responses.text.format.strict", "Invalid schema for response_format 'record_answer'", "text.format.schema"],
    ["responses.tools.strict", "Invalid schema for function 'record_answer'", "tools[0].parameters"],
  ])("%s: a rejected feature is a 400 with the profile's verbatim text", async (mode, prefix, param) => {
    const withAllOf = { ...schema, properties: { ...schema.properties, name: { allOf: [{ type: "string" }] } } };
    const exchange = await trip(mode, { name: "a", count: 3 }, stream, { schema: withAllOf });
    expect(exchange.outcome.kind === "response" && exchange.outcome.response.status).toBe(400);
    expect(exchange.parsed?.answer).toEqual({
      kind: "error",
      status: 400,
      errorType: "invalid_request_error",
      message: `${prefix}: In context=('properties', 'name'), 'allOf' is not permitted.`,
    });
    const body = JSON.parse(exchange.outcome.kind === "response" ? exchange.outcome.response.bodyText : "{}");
    expect(body.error.param).toBe(param);
  });
});

describe("openai emulator: strict-mode rules", () => {
  test("an optional property names the object and the missing key", async () => {
    const optional = { ...schema, required: ["name"] };
    const exchange = await trip("chat.tools.strict", { name: "a" }, false, { schema: optional });
    expect(exchange.parsed?.answer).toMatchObject({
      kind: "error",
      message: "Invalid schema for function 'record_answer': In context=(), 'required' is required to be supplied and to be an array including every key in properties. Missing 'count'.",
    });
  });

  test("an object without additionalProperties is refused with the rule's text", async () => {
    const open = { type: "object", properties: { inner: { type: "object", properties: { x: { type: "string" } }, required: ["x"] } }, required: ["inner"], additionalProperties: false };
    const exchange = await trip("chat.response_format.strict", { inner: { x: "y" } }, false, { schema: open });
    expect(exchange.parsed?.answer).toMatchObject({
      kind: "error",
      message: "Invalid schema for response_format 'record_answer': In context=('properties', 'inner'), 'additionalProperties' is required to be supplied and to be false.",
    });
  });

  test("a non-object root is refused, also in the best-effort mode", async () => {
    const exchange = await trip("chat.tools", ["a"], false, { schema: { type: "array", items: { type: "string" } } });
    expect(exchange.parsed?.answer).toMatchObject({
      kind: "error",
      message: `Invalid schema for function 'record_answer': schema must be a JSON Schema of 'type: "object"', got 'type: "array"'.`,
    });
  });
});

describe("openai emulator: request handling", () => {
  test("a missing key is OpenAI's 401 envelope", async () => {
    const exchange = await roundTrip({ provider: "openai", baseUrl: emulator.baseUrl, mode: "chat.tools.strict", schema, value: {}, apiKey: null });
    expect(exchange.parsed?.answer).toEqual({ kind: "error", status: 401, errorType: "invalid_request_error", message: OPENAI_MISSING_KEY });
  });

  test("a key outside the configured ones is invalid_api_key, masked", async () => {
    const guarded = await startEmulator({ provider: "openai", apiKeys: ["sk-right"] });
    try {
      const exchange = await roundTrip({ provider: "openai", baseUrl: guarded.baseUrl, mode: "chat.tools.strict", schema, value: {}, apiKey: "sk-wrong-key-1234" });
      expect(exchange.parsed?.answer).toMatchObject({ kind: "error", status: 401, errorType: "invalid_request_error" });
      const message = exchange.parsed?.answer.kind === "error" ? exchange.parsed.answer.message : "";
      expect(message).toMatch(/^Incorrect API key provided: sk-\*+1234\./);
      expect(guarded.requests[0]?.headers.authorization).toBe("Bearer <redacted>");
    } finally {
      await guarded.close();
    }
  });

  test("JSON mode without the word json is refused with the verbatim text", async () => {
    const request = buildOpenAIChatRequest({ model: "gpt-4o", prompt: "hello", schema: {}, mode: "chat.response_format", apiKey: "k", baseUrl: emulator.baseUrl });
    const body = { ...request.body, response_format: { type: "json_object" } };
    const response = await fetch(request.url, { method: "POST", headers: request.headers, body: JSON.stringify(body) });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe("'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.");
  });

  test("an unknown path is OpenAI's Invalid URL 404", async () => {
    const response = await fetch(`${emulator.baseUrl}/embeddings`, { method: "POST", headers: { authorization: "Bearer k" }, body: "{}" });
    expect(response.status).toBe(404);
    expect((await response.json()).error.message).toBe("Invalid URL (POST /v1/embeddings)");
    expect(response.headers.get("x-schemalab-emulated")).toBe("1");
  });

  test("answers carry realistic ids and are marked as emulated", async () => {
    const exchange = await trip("chat.tools.strict", { name: "a", count: 3 }, false);
    const raw = exchange.outcome.kind === "response" ? exchange.outcome.response : undefined;
    expect(raw?.headers["x-schemalab-emulated"]).toBe("1");
    expect(JSON.parse(raw?.bodyText ?? "{}").id).toMatch(/^chatcmpl-[A-Za-z0-9]{29}$/);
    const call = exchange.parsed?.answer.kind === "tool-calls" ? exchange.parsed.answer.calls[0] : undefined;
    expect(call?.id).toMatch(/^call_[A-Za-z0-9]{24}$/);
    expect(exchange.parsed?.finishReason).toBe("tool_calls");
  });

  test("a max-token budget smaller than the answer truncates it", async () => {
    const exchange = await roundTrip({ provider: "openai", baseUrl: emulator.baseUrl, mode: "chat.response_format.strict", schema, value: { name: "a long enough name", count: 3 }, maxTokens: 2 });
    expect(exchange.parsed?.answer).toMatchObject({ kind: "truncated", reason: "finish_reason: length" });
  });
});
