import { describe, expect, test } from "vitest";
import { rawResponse, sseText } from "./test-support/raw-response.js";
import { buildProviderRequest, parseProviderResponse, PROVIDER_IDS, API_KEY_ENV } from "./wire-adapters.js";
import type { ProviderId } from "./wire-types.js";

const schema = { type: "object", properties: {}, additionalProperties: false };

describe("buildProviderRequest", () => {
  test.each([
    ["openai", "chat.tools.strict", "openai-chat"],
    ["openai", "responses.tools.strict", "openai-responses"],
    ["anthropic", "messages.tools", "anthropic-messages"],
    ["google", "generate.responseSchema", "gemini-generate"],
    ["openai-compatible", "chat.tools", "openai-chat"],
  ] as const)("%s %s speaks %s", (provider, mode, api) => {
    expect(buildProviderRequest(provider, { model: "m", prompt: "p", schema, mode }).api).toBe(api);
  });

  test("every provider names the environment variable its key comes from", () => {
    expect(PROVIDER_IDS.map((id: ProviderId) => API_KEY_ENV[id])).toEqual(["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY", "SCHEMALAB_API_KEY"]);
  });
});

describe("parseProviderResponse", () => {
  test("picks the streamed parser for streamed requests", () => {
    const text = sseText([{ choices: [{ index: 0, delta: { content: "{}" }, finish_reason: "stop" }] }, "[DONE]"]);
    expect(parseProviderResponse({ api: "openai-chat", stream: true }, rawResponse(text)).answer).toEqual({ kind: "structured", value: {}, rawText: "{}" });
    expect(parseProviderResponse({ api: "openai-chat", stream: false }, rawResponse(text)).answer.kind).toBe("error");
  });
});
