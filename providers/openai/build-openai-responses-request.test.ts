import { describe, expect, test } from "vitest";
import { resolvePointer } from "../../src/schema/json-pointer.js";
import { buildOpenAIResponsesRequest } from "./build-openai-responses-request.js";

const schema = { type: "object", properties: { a: { type: "string" } }, required: ["a"], additionalProperties: false };
const base = { model: "gpt-4.1", prompt: "What is the weather like in Paris today?", schema, toolName: "get_weather", apiKey: "sk-test" };

describe("buildOpenAIResponsesRequest", () => {
  test("text.format strict: flattened under text.format, not under json_schema", () => {
    const request = buildOpenAIResponsesRequest({ ...base, mode: "responses.text.format.strict" });
    expect(request.url).toBe("https://api.openai.com/v1/responses");
    expect(resolvePointer(request.body, "/text/format")).toEqual({ type: "json_schema", name: "get_weather", schema, strict: true });
  });

  test("tools strict: internally tagged function tool with parameters at /tools/0/parameters", () => {
    const request = buildOpenAIResponsesRequest({ ...base, mode: "responses.tools.strict" });
    expect(resolvePointer(request.body, "/tools/0")).toEqual({ type: "function", name: "get_weather", parameters: schema, strict: true });
    expect(request.body.tool_choice).toEqual({ type: "function", name: "get_weather" });
  });

  test("tools (not strict) opts out explicitly: Responses defaults to strict", () => {
    const request = buildOpenAIResponsesRequest({ ...base, mode: "responses.tools" });
    expect(resolvePointer(request.body, "/tools/0/strict")).toBe(false);
  });

  test("input is the user message; max tokens is max_output_tokens; stream is a flag", () => {
    const request = buildOpenAIResponsesRequest({ ...base, mode: "responses.tools", maxTokens: 64, stream: true });
    expect(request.body.input).toEqual([{ role: "user", content: "What is the weather like in Paris today?" }]);
    expect(request.body).toMatchObject({ max_output_tokens: 64, stream: true });
    expect(request.headers.authorization).toBe("Bearer sk-test");
  });
});
