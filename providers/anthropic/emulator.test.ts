import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator } from "../emulator/emulator-start.js";
import type { EmulatorHandle } from "../emulator/emulator-types.js";
import { answerValue, roundTrip } from "../test-support/emulator-round-trip.js";
import { buildAnthropicMessagesRequest } from "./build-anthropic-messages-request.js";

const schema = {
  type: "object",
  properties: { colour: { type: "string", enum: ["red", "green"] }, count: { type: "integer" } },
  required: ["colour", "count"],
  additionalProperties: false,
};

let emulator: EmulatorHandle;
beforeAll(async () => {
  emulator = await startEmulator({ provider: "anthropic" });
});
afterAll(async () => {
  await emulator.close();
});

const trip = (mode: string, value: unknown, stream: boolean, tripSchema: unknown = schema) =>
  roundTrip({ provider: "anthropic", baseUrl: emulator.baseUrl, mode, schema: tripSchema, value, stream });

const CONSTRAINED = ["messages.tools.strict", "messages.output_config.format"] as const;

describe.each([false, true])("anthropic emulator (stream: %s)", (stream) => {
  test.each(CONSTRAINED)("%s: a valid value comes back unchanged", async (mode) => {
    const exchange = await trip(mode, { colour: "red", count: 2 }, stream);
    expect(exchange.parsed?.answer.kind).toBe(mode === "messages.tools.strict" ? "tool-calls" : "structured");
    expect(answerValue(exchange.parsed?.answer)).toEqual({ colour: "red", count: 2 });
    expect(exchange.parsed?.finishReason).toBe(mode === "messages.tools.strict" ? "tool_use" : "end_turn");
  });

  test.each(CONSTRAINED)("%s: enforced additionalProperties:false drops the extra property", async (mode) => {
    const exchange = await trip(mode, { colour: "green", count: 2, extra: true }, stream);
    expect(answerValue(exchange.parsed?.answer)).toEqual({ colour: "green", count: 2 });
  });

  test.each(CONSTRAINED)("%s: enum is altered: a value differing only in case comes through", async (mode) => {
    const exchange = await trip(mode, { colour: "RED", count: 2 }, stream);
    expect(answerValue(exchange.parsed?.answer)).toEqual({ colour: "RED", count: 2 });
  });

  test("messages.tools (not strict): ignored constraints let the violating value through", async () => {
    const exchange = await trip("messages.tools", { colour: "blue", count: "two", extra: 1 }, stream);
    expect(answerValue(exchange.parsed?.answer)).toEqual({ colour: "blue", count: "two", extra: 1 });
  });

  test.each([
    ["messages.tools.strict", "tools.0.custom: For 'integer' type, property 'minimum' is not supported"],
    ["messages.output_config.format", "output_config.format.schema: For 'integer' type, property 'minimum' is not supported"],
  ])("%s: a rejected feature is Anthropic's 400 with the verbatim text", async (mode, message) => {
    const withMinimum = { ...schema, properties: { ...schema.properties, count: { type: "integer", minimum: 1 } } };
    const exchange = await trip(mode, { colour: "red", count: 2 }, stream, withMinimum);
    expect(exchange.parsed?.answer).toEqual({ kind: "error", status: 400, errorType: "invalid_request_error", message });
  });
});

describe("anthropic emulator: request handling", () => {
  test("a recursive schema is refused in strict mode", async () => {
    const recursive = {
      type: "object",
      properties: { node: { $ref: "#/$defs/node" } },
      required: ["node"],
      additionalProperties: false,
      $defs: { node: { type: "object", properties: { next: { anyOf: [{ $ref: "#/$defs/node" }, { type: "null" }] } }, required: ["next"], additionalProperties: false } },
    };
    const exchange = await trip("messages.tools.strict", { node: { next: null } }, false, recursive);
    expect(exchange.parsed?.answer).toMatchObject({
      kind: "error",
      message: "tools.0.custom: Circular reference detected in schema definitions: <cycle>. Self-referencing or mutually-referencing definitions are not supported.",
    });
  });

  test("a missing key is the 401 authentication_error with a request id", async () => {
    const exchange = await roundTrip({ provider: "anthropic", baseUrl: emulator.baseUrl, mode: "messages.tools", schema, value: {}, apiKey: null });
    expect(exchange.parsed?.answer).toEqual({ kind: "error", status: 401, errorType: "authentication_error", message: "x-api-key header is required" });
    const body = JSON.parse(exchange.outcome.kind === "response" ? exchange.outcome.response.bodyText : "{}");
    expect(body.request_id).toMatch(/^req_011C[A-Za-z0-9]{20}$/);
  });

  test("the deprecated top-level output_format is refused", async () => {
    const request = buildAnthropicMessagesRequest({ model: "claude-sonnet-4-5", prompt: "hi", schema, mode: "messages.output_config.format", apiKey: "k", baseUrl: emulator.baseUrl });
    const { output_config: _moved, ...rest } = request.body as Record<string, unknown>;
    const response = await fetch(request.url, { method: "POST", headers: request.headers, body: JSON.stringify({ ...rest, output_format: { type: "json_schema", schema } }) });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toMatch(/^output_format: This field is deprecated\. Use 'output_config\.format' instead\./);
  });

  test("ids look like Anthropic's", async () => {
    const exchange = await trip("messages.tools.strict", { colour: "red", count: 1 }, false);
    const body = JSON.parse(exchange.outcome.kind === "response" ? exchange.outcome.response.bodyText : "{}");
    expect(body.id).toMatch(/^msg_01[A-Za-z0-9]{22}$/);
    expect(body.content[0].id).toMatch(/^toolu_01[A-Za-z0-9]{22}$/);
  });
});
