// The Bedrock emulator through the real wire adapter: every mode answers in its API's shape, Claude's
// refusals come back as Bedrock's ValidationException (x-amzn-ErrorType + message, Claude's text after
// "The model returned the following errors: "), auth by Bedrock API key or SigV4, and no credential
// byte in what the emulator records.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator } from "../emulator/emulator-start.js";
import type { EmulatorHandle } from "../emulator/emulator-types.js";
import { answerValue, probePrompt, roundTrip } from "../test-support/emulator-round-trip.js";
import { callProvider } from "../wire/wire-adapters.js";
import { BEDROCK_MODES } from "./build-bedrock-request.js";

const schema = {
  type: "object",
  properties: { colour: { type: "string", enum: ["red", "green"] }, count: { type: "integer" } },
  required: ["colour", "count"],
  additionalProperties: false,
};
const MODEL = "anthropic.claude-sonnet-4-5-20250929-v1:0";

let emulator: EmulatorHandle;
beforeAll(async () => {
  emulator = await startEmulator({ provider: "bedrock" });
});
afterAll(async () => {
  await emulator.close();
});

const trip = (mode: string, value: unknown, tripSchema: unknown = schema) => roundTrip({ provider: "bedrock", baseUrl: emulator.origin, mode, schema: tripSchema, value });
const TOOL_MODES = new Set(["converse.tools", "converse.tools.strict", "invoke.claude.tools", "invoke.claude.tools.strict"]);
const CONSTRAINED = ["converse.tools.strict", "converse.outputConfig.textFormat", "invoke.claude.tools.strict", "invoke.claude.output_config.format"];

describe("bedrock emulator", () => {
  test.each([...BEDROCK_MODES])("%s: a valid value comes back in the API's shape", async (mode) => {
    const exchange = await trip(mode, { colour: "red", count: 2 });
    expect(exchange.outcome.kind === "response" && exchange.outcome.response.status).toBe(200);
    expect(exchange.parsed?.answer.kind).toBe(TOOL_MODES.has(mode) ? "tool-calls" : "structured");
    expect(answerValue(exchange.parsed?.answer)).toEqual({ colour: "red", count: 2 });
    expect(exchange.parsed?.finishReason).toBe(TOOL_MODES.has(mode) ? "tool_use" : "end_turn");
    expect(exchange.request.url).toBe(`${emulator.origin}/model/${encodeURIComponent(MODEL)}/${mode.startsWith("invoke.") ? "invoke" : "converse"}`);
  });

  test.each(CONSTRAINED)("%s: enforced additionalProperties:false drops the extra property", async (mode) => {
    const exchange = await trip(mode, { colour: "green", count: 2, extra: true });
    expect(answerValue(exchange.parsed?.answer)).toEqual({ colour: "green", count: 2 });
  });

  test("converse.tools (not strict): the violating value comes through", async () => {
    const exchange = await trip("converse.tools", { colour: "blue", count: "two" });
    expect(answerValue(exchange.parsed?.answer)).toEqual({ colour: "blue", count: "two" });
  });

  test.each([
    ["converse.tools.strict", "The model returned the following errors: tools.0.custom: For 'object' type, 'additionalProperties' must be explicitly set to false"],
    ["converse.outputConfig.textFormat", "The model returned the following errors: output_config.format.schema: For 'object' type, 'additionalProperties' must be explicitly set to false"],
    ["invoke.claude.tools.strict", "The model returned the following errors: tools.0.custom: For 'object' type, 'additionalProperties' must be explicitly set to false"],
  ])("%s: an object without additionalProperties:false is a 400 ValidationException with the observed text", async (mode, message) => {
    const { additionalProperties: _closed, ...open } = schema;
    const exchange = await trip(mode, { colour: "red", count: 2 }, open);
    expect(exchange.parsed?.answer).toMatchObject({ kind: "error", status: 400, errorType: "ValidationException", message });
  });

  test("converse.tools.strict: maxItems is refused with Claude's text in Bedrock's envelope", async () => {
    const listed = { type: "object", properties: { tags: { type: "array", items: { type: "string" }, maxItems: 3 } }, required: ["tags"], additionalProperties: false };
    const exchange = await trip("converse.tools.strict", { tags: [] }, listed);
    expect(exchange.parsed?.answer).toMatchObject({ kind: "error", status: 400, errorType: "ValidationException", message: "The model returned the following errors: tools.0.custom: For 'array' type, property 'maxItems' is not supported" });
    const raw = exchange.outcome.kind === "response" ? exchange.outcome.response : undefined;
    expect(raw?.headers["x-amzn-errortype"]).toMatch(/^ValidationException:/);
    expect(JSON.parse(raw!.bodyText)).toEqual({ message: expect.any(String) });
  });

  test("converse.tools (not strict): the same maxItems is taken", async () => {
    const listed = { type: "object", properties: { tags: { type: "array", items: { type: "string" }, maxItems: 3 } }, required: ["tags"] };
    const exchange = await trip("converse.tools", { tags: ["a"] }, listed);
    expect(answerValue(exchange.parsed?.answer)).toEqual({ tags: ["a"] });
  });

  test("no key: 403 MissingAuthenticationTokenException; a SigV4-signed request is taken", async () => {
    const keyless = await roundTrip({ provider: "bedrock", baseUrl: emulator.origin, mode: "converse.tools.strict", schema, value: { colour: "red", count: 1 }, apiKey: null });
    expect(keyless.parsed?.answer).toMatchObject({ kind: "error", status: 403, errorType: "MissingAuthenticationTokenException" });
    const credentials = { accessKeyId: "AKIAEMULATORTEST0001", secretAccessKey: "wJalrXUtnFEMIK7MDENGbPxRfiCYEMULATORKEY0", sessionToken: "FwoGZXIvYXdzEMULATORSESSIONTOKEN0001" };
    const signed = await callProvider(
      "bedrock",
      { model: MODEL, prompt: probePrompt({ colour: "red", count: 1 }), schema, mode: "converse.tools.strict", baseUrl: emulator.origin, awsCredentials: credentials } as Parameters<typeof callProvider>[1],
      { timeoutMs: 5000 },
    );
    expect(answerValue(signed.parsed?.answer)).toEqual({ colour: "red", count: 1 });
    const recorded = JSON.stringify(emulator.requests);
    for (const secret of [credentials.accessKeyId, credentials.secretAccessKey, credentials.sessionToken, /Signature=([0-9a-f]{64})/.exec(signed.request.headers.authorization!)![1]!]) {
      expect(recorded).not.toContain(secret);
    }
  });

  test("a Converse tool name outside [a-zA-Z0-9_-]{1,64} is refused by the API's member validation", async () => {
    const response = await fetch(`${emulator.origin}/model/${encodeURIComponent(MODEL)}/converse`, {
      method: "POST",
      headers: { authorization: "Bearer test-key", "content-type": "application/json" },
      body: JSON.stringify({ messages: [{ role: "user", content: [{ text: "hi" }] }], toolConfig: { tools: [{ toolSpec: { name: "get weather", inputSchema: { json: schema } } }] } }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(
      "1 validation error detected: Value 'get weather' at 'toolConfig.tools.1.member.toolSpec.name' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_-]+",
    );
  });

  test("InvokeModel without anthropic_version is refused as Bedrock refuses it", async () => {
    const response = await fetch(`${emulator.origin}/model/${encodeURIComponent(MODEL)}/invoke`, {
      method: "POST",
      headers: { authorization: "Bearer test-key", "content-type": "application/json" },
      body: JSON.stringify({ max_tokens: 10, messages: [{ role: "user", content: "hi" }] }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("x-amzn-errortype")).toMatch(/^ValidationException:/);
    expect(((await response.json()) as { message: string }).message).toContain("anthropic_version");
  });
});
