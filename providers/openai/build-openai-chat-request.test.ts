import { describe, expect, test } from "vitest";
import { resolvePointer } from "../../src/schema/json-pointer.js";
import { buildOpenAICompatibleRequest } from "../openai-compatible/build-openai-compatible-request.js";
import { UnknownModeError } from "../wire/wire-types.js";
import { buildOpenAIChatRequest } from "./build-openai-chat-request.js";

const schema = { type: "object", properties: { a: { type: "string" } }, required: ["a"], additionalProperties: false };
const base = { model: "gpt-4o-2024-08-06", prompt: "Weather in Paris?", schema, toolName: "get_weather", apiKey: "sk-test" };

describe("buildOpenAIChatRequest", () => {
  test("response_format strict: schema at /response_format/json_schema/schema with strict and name", () => {
    const request = buildOpenAIChatRequest({ ...base, mode: "chat.response_format.strict" });
    expect(request.url).toBe("https://api.openai.com/v1/chat/completions");
    expect(resolvePointer(request.body, "/response_format/json_schema/schema")).toBe(schema);
    expect(resolvePointer(request.body, "/response_format/type")).toBe("json_schema");
    expect(resolvePointer(request.body, "/response_format/json_schema/strict")).toBe(true);
    expect(resolvePointer(request.body, "/response_format/json_schema/name")).toBe("get_weather");
    expect(request.body.tools).toBeUndefined();
  });

  test("tools strict: schema at /tools/0/function/parameters, forced, no parallel calls", () => {
    const request = buildOpenAIChatRequest({ ...base, mode: "chat.tools.strict" });
    expect(resolvePointer(request.body, "/tools/0/function/parameters")).toBe(schema);
    expect(resolvePointer(request.body, "/tools/0/type")).toBe("function");
    expect(resolvePointer(request.body, "/tools/0/function/strict")).toBe(true);
    expect(request.body.tool_choice).toEqual({ type: "function", function: { name: "get_weather" } });
    expect(request.body.parallel_tool_calls).toBe(false);
  });

  test("tools (not strict) leaves strict out: Chat Completions is non-strict by default", () => {
    const request = buildOpenAIChatRequest({ ...base, mode: "chat.tools" });
    expect(resolvePointer(request.body, "/tools/0/function/parameters")).toBe(schema);
    expect(resolvePointer(request.body, "/tools/0/function")).not.toHaveProperty("strict");
  });

  test("the key goes in a Bearer header; the prompt is the one user message", () => {
    const request = buildOpenAIChatRequest({ ...base, mode: "chat.tools" });
    expect(request.headers.authorization).toBe("Bearer sk-test");
    expect(request.body.messages).toEqual([{ role: "user", content: "Weather in Paris?" }]);
  });

  test("stream asks for a usage chunk; max tokens uses max_completion_tokens", () => {
    const request = buildOpenAIChatRequest({ ...base, mode: "chat.tools", stream: true, maxTokens: 50 });
    expect(request.stream).toBe(true);
    expect(request.body).toMatchObject({ stream: true, stream_options: { include_usage: true }, max_completion_tokens: 50 });
  });

  test("an unknown mode is refused by name", () => {
    expect(() => buildOpenAIChatRequest({ ...base, mode: "chat.nope" })).toThrow(UnknownModeError);
  });
});

describe("buildOpenAICompatibleRequest", () => {
  test("the base URL is taken as SDKs take it, max_tokens for local servers, no key header without a key", () => {
    const request = buildOpenAICompatibleRequest({ model: "qwen", prompt: "p", schema, mode: "chat.response_format", maxTokens: 20, baseUrl: "http://127.0.0.1:8000/v1/" });
    expect(request.url).toBe("http://127.0.0.1:8000/v1/chat/completions");
    expect(request.body.max_tokens).toBe(20);
    expect(request.headers.authorization).toBeUndefined();
    expect(resolvePointer(request.body, "/response_format/json_schema/schema")).toBe(schema);
  });
});
