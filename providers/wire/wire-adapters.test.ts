import { describe, expect, test } from "vitest";
import { rawResponse, sseText } from "../test-support/raw-response.js";
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

  test.each([
    ["openai", "chat.tools.strict", (body: any) => body.tools.map((tool: any) => `${tool.function.name}:${tool.function.strict}`), (body: any) => body.tool_choice.function.name],
    ["openai", "responses.tools.strict", (body: any) => body.tools.map((tool: any) => `${tool.name}:${tool.strict}`), (body: any) => body.tool_choice.name],
    ["anthropic", "messages.tools.strict", (body: any) => body.tools.map((tool: any) => `${tool.name}:${tool.strict}`), (body: any) => body.tool_choice.name],
    ["google", "generate.functionDeclarations.parameters", (body: any) => body.tools[0].functionDeclarations.map((fn: any) => `${fn.name}:${fn.parameters === schema}`), (body: any) => body.toolConfig.functionCallingConfig.allowedFunctionNames[0]],
    ["openai-compatible", "chat.tools", (body: any) => body.tools.map((tool: any) => `${tool.function.name}:${tool.function.strict}`), (body: any) => body.tool_choice.function.name],
  ] as const)("%s %s sends extra tools after its own, placed alike and never chosen", (provider, mode, tools, chosen) => {
    const extraTools = [{ name: "extra_1", schema }, { name: "extra_2", schema }];
    const body = buildProviderRequest(provider, { model: "m", prompt: "p", schema, mode, extraTools }).body;
    const strict = mode.endsWith(".strict") ? "true" : provider === "google" ? "true" : "undefined";
    expect(tools(body)).toEqual(["answer", "extra_1", "extra_2"].map((name) => `${name}:${strict}`));
    expect(chosen(body)).toBe("answer");
  });

  test("refuses extra tools in a structured-output mode", () => {
    expect(() => buildProviderRequest("anthropic", { model: "m", prompt: "p", schema, mode: "messages.output_config.format", extraTools: [{ name: "x", schema }] })).toThrow(/only with a tool mode/);
  });

  test("every provider names the environment variable its key comes from", () => {
    expect(PROVIDER_IDS.map((id: ProviderId) => API_KEY_ENV[id])).toEqual(["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY", "SCHEMALAB_API_KEY", "AZURE_OPENAI_API_KEY", "AWS_BEARER_TOKEN_BEDROCK"]);
  });
});

describe("parseProviderResponse", () => {
  test("picks the streamed parser for streamed requests", () => {
    const text = sseText([{ choices: [{ index: 0, delta: { content: "{}" }, finish_reason: "stop" }] }, "[DONE]"]);
    expect(parseProviderResponse({ api: "openai-chat", stream: true }, rawResponse(text)).answer).toEqual({ kind: "structured", value: {}, rawText: "{}" });
    expect(parseProviderResponse({ api: "openai-chat", stream: false }, rawResponse(text)).answer.kind).toBe("error");
  });
});
