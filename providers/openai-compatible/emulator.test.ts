import { afterEach, describe, expect, test } from "vitest";
import { startEmulator } from "../emulator/emulator-start.js";
import type { EmulatorHandle } from "../emulator/emulator-types.js";
import { answerValue, roundTrip } from "../test-support/emulator-round-trip.js";

const schema = {
  type: "object",
  properties: { step: { type: "number", maximum: 10 }, label: { type: "string" } },
  required: ["step", "label"],
};

const open: EmulatorHandle[] = [];
async function emulator(options: Omit<Parameters<typeof startEmulator>[0], "provider"> = {}): Promise<EmulatorHandle> {
  const handle = await startEmulator({ provider: "openai-compatible", ...options });
  open.push(handle);
  return handle;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((handle) => handle.close()));
});

describe.each([false, true])("openai-compatible emulator (stream: %s)", (stream) => {
  test.each([
    ["chat.response_format", "structured"],
    ["chat.tools", "tool-calls"],
  ])("%s: the base URL is SDK-shaped and a valid value comes back unchanged", async (mode, kind) => {
    const server = await emulator();
    expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const exchange = await roundTrip({ provider: "openai-compatible", baseUrl: server.baseUrl, mode, schema, value: { step: 2, label: "x" }, stream, apiKey: null });
    expect(exchange.parsed?.answer.kind).toBe(kind);
    expect(answerValue(exchange.parsed?.answer)).toEqual({ step: 2, label: "x" });
  });

  test("the generic profile (all unknown) decodes best-effort: a violating value comes through", async () => {
    const server = await emulator();
    const exchange = await roundTrip({ provider: "openai-compatible", baseUrl: server.baseUrl, mode: "chat.response_format", schema, value: { step: 99, label: 7 }, stream, apiKey: null });
    expect(answerValue(exchange.parsed?.answer)).toEqual({ step: 99, label: 7 });
  });

  test("the vLLM sub-profile enforces maximum under xgrammar", async () => {
    const server = await emulator({ profile: "vllm" });
    const exchange = await roundTrip({ provider: "openai-compatible", baseUrl: server.baseUrl, mode: "chat.response_format", schema, value: { step: 99, label: "x" }, stream, apiKey: null });
    expect(answerValue(exchange.parsed?.answer)).toEqual({ step: 10, label: "x" });
  });

  test("the vLLM sub-profile refuses multipleOf with xgrammar's text", async () => {
    const server = await emulator({ profile: "vllm" });
    const withMultiple = { ...schema, properties: { ...schema.properties, step: { type: "number", multipleOf: 0.5 } } };
    const exchange = await roundTrip({ provider: "openai-compatible", baseUrl: server.baseUrl, mode: "chat.response_format", schema: withMultiple, value: { step: 1, label: "x" }, stream, apiKey: null });
    expect(exchange.parsed?.answer).toEqual({
      kind: "error",
      status: 400,
      errorType: "BadRequestError",
      message: "The provided JSON schema contains features not supported by xgrammar.",
    });
  });
});

describe("openai-compatible emulator: auth", () => {
  test("runs without a key by default, as vLLM without --api-key", async () => {
    const server = await emulator();
    const exchange = await roundTrip({ provider: "openai-compatible", baseUrl: server.baseUrl, mode: "chat.tools", schema, value: { step: 1, label: "a" }, apiKey: null });
    expect(exchange.parsed?.answer.kind).toBe("tool-calls");
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  test("with keys configured, a missing key is vLLM's bare Unauthorized", async () => {
    const server = await emulator({ apiKeys: ["local-secret"] });
    const exchange = await roundTrip({ provider: "openai-compatible", baseUrl: server.baseUrl, mode: "chat.tools", schema, value: {}, apiKey: null });
    expect(exchange.parsed?.answer).toEqual({ kind: "error", status: 401, errorType: "http_401", message: "Unauthorized" });
    const ok = await roundTrip({ provider: "openai-compatible", baseUrl: server.baseUrl, mode: "chat.tools", schema, value: { step: 1, label: "a" }, apiKey: "local-secret" });
    expect(ok.parsed?.answer.kind).toBe("tool-calls");
  });
});
