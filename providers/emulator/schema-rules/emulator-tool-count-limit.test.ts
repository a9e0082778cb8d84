// Guards: tools per request are counted (providers.md 1.1 OpenAI Chat "A max of 128 functions";
// 2.3 Anthropic "Strict tools per request: 20 (non-strict tools don't count)"), whichever tool is chosen.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator } from "../emulator-start.js";
import type { EmulatorHandle } from "../emulator-types.js";
import { probePrompt } from "../../test-support/emulator-round-trip.js";
import { callProvider } from "../../wire/wire-adapters.js";
import type { ProviderId } from "../../wire/wire-types.js";

const tool = { type: "object", properties: { q: { type: "string" } }, required: ["q"], additionalProperties: false };

let openai: EmulatorHandle;
let anthropic: EmulatorHandle;
beforeAll(async () => {
  [openai, anthropic] = await Promise.all([startEmulator({ provider: "openai" }), startEmulator({ provider: "anthropic" })]);
});
afterAll(async () => {
  await Promise.all([openai.close(), anthropic.close()]);
});

/** One request carrying `count` tools (the chosen one first), as a tool-count limit probe sends it. */
async function sendTools(provider: ProviderId, baseUrl: string, mode: string, count: number) {
  const extraTools = Array.from({ length: count - 1 }, (_, index) => ({ name: `extra_${index + 1}`, schema: tool }));
  const exchange = await callProvider(provider, { model: "m", prompt: probePrompt({ q: "a" }), schema: tool, mode, toolName: "chosen", extraTools, baseUrl, apiKey: "k", maxTokens: 64 }, { timeoutMs: 5000 });
  const response = exchange.outcome.kind === "response" ? exchange.outcome.response : null;
  return { status: response?.status, body: response === null ? null : (JSON.parse(response.bodyText) as unknown) };
}

describe("OpenAI Chat Completions", () => {
  test.each(["chat.tools", "chat.tools.strict"])("%s: 128 tools are taken, 129 refused as an over-long tools array", async (mode) => {
    expect((await sendTools("openai", openai.baseUrl, mode, 128)).status).toBe(200);
    const refused = await sendTools("openai", openai.baseUrl, mode, 129);
    expect(refused).toEqual({
      status: 400,
      body: { error: { message: "Invalid 'tools': array too long. Expected an array with maximum length 128, but got an array with length 129 instead.", type: "invalid_request_error", param: "tools", code: "array_above_max_length" } },
    });
    expect(openai.requests.at(-1)!.outcome).toBe("rejected:limit:tool-count");
  });
});

describe("Anthropic Messages", () => {
  test("messages.tools.strict: 20 strict tools are taken, 21 refused with the limit's text", async () => {
    expect((await sendTools("anthropic", anthropic.baseUrl, "messages.tools.strict", 20)).status).toBe(200);
    const refused = await sendTools("anthropic", anthropic.baseUrl, "messages.tools.strict", 21);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ type: "error", error: { type: "invalid_request_error", message: "Too many strict tools (21). The maximum number of strict tools supported is 20." } });
  });

  test("non-strict tools beside 20 strict ones do not count", async () => {
    const strict = Array.from({ length: 20 }, (_, index) => ({ name: `s${index}`, strict: true, input_schema: tool }));
    const loose = Array.from({ length: 5 }, (_, index) => ({ name: `n${index}`, input_schema: tool }));
    const response = await fetch(`${anthropic.baseUrl}/v1/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": "k", "anthropic-version": "2023-06-01" },
      body: JSON.stringify({ model: "m", max_tokens: 64, messages: [{ role: "user", content: probePrompt({ q: "a" }) }], tools: [...strict, ...loose], tool_choice: { type: "tool", name: "s0" } }),
    });
    expect(response.status).toBe(200);
  });

  test("messages.tools (not strict) has no tool limit", async () => {
    expect((await sendTools("anthropic", anthropic.baseUrl, "messages.tools", 30)).status).toBe(200);
  });
});
