import { describe, expect, test } from "vitest";
import { rawResponse } from "../test-support/raw-response.js";
import { MALFORMED_RESPONSE } from "../wire/wire-types.js";
import { parseOpenAIChatResponse } from "./parse-openai-chat-response.js";

const completion = (message: Record<string, unknown>, finishReason: string) => ({
  id: "chatcmpl-1",
  object: "chat.completion",
  model: "gpt-4o-2024-08-06",
  choices: [{ index: 0, message: { role: "assistant", content: null, refusal: null, ...message }, finish_reason: finishReason }],
  usage: { prompt_tokens: 53, completion_tokens: 17, total_tokens: 70 },
});

describe("parseOpenAIChatResponse", () => {
  test("a tool call (providers.md 1.8): arguments are a JSON string, parsed", () => {
    const body = completion(
      { tool_calls: [{ id: "call_abc", type: "function", function: { name: "get_weather", arguments: '{"location":"Paris","unit":null}' } }] },
      "tool_calls",
    );
    expect(parseOpenAIChatResponse(rawResponse(body))).toEqual({
      answer: { kind: "tool-calls", calls: [{ id: "call_abc", name: "get_weather", arguments: { location: "Paris", unit: null }, rawArguments: '{"location":"Paris","unit":null}' }] },
      finishReason: "tool_calls",
      usage: { inputTokens: 53, outputTokens: 17 },
      model: "gpt-4o-2024-08-06",
    });
  });

  test("unparseable arguments keep the parse error and never become {}", () => {
    const body = completion({ tool_calls: [{ id: "call_x", type: "function", function: { name: "f", arguments: '{"location": "Par' } }] }, "tool_calls");
    const answer = parseOpenAIChatResponse(rawResponse(body)).answer;
    expect(answer.kind).toBe("tool-calls");
    const call = answer.kind === "tool-calls" ? answer.calls[0] : undefined;
    expect(call?.arguments).toBeUndefined();
    expect(call?.parseError).toMatch(/JSON/);
    expect(call?.rawArguments).toBe('{"location": "Par');
  });

  test("structured content is parsed; message.refusal is a refusal", () => {
    expect(parseOpenAIChatResponse(rawResponse(completion({ content: '{"a":1}' }, "stop"))).answer).toEqual({ kind: "structured", value: { a: 1 }, rawText: '{"a":1}' });
    expect(parseOpenAIChatResponse(rawResponse(completion({ refusal: "I'm sorry, I cannot assist with that request." }, "stop"))).answer).toEqual({
      kind: "refusal",
      text: "I'm sorry, I cannot assist with that request.",
    });
  });

  test("finish_reason length is truncation with the partial text; content_filter is a refusal", () => {
    expect(parseOpenAIChatResponse(rawResponse(completion({ content: '{"a":' }, "length"))).answer).toEqual({ kind: "truncated", reason: "finish_reason: length", partial: '{"a":' });
    expect(parseOpenAIChatResponse(rawResponse(completion({ content: "" }, "content_filter"))).answer.kind).toBe("refusal");
  });

  test("a 400 envelope (providers.md 1.6) is an error with the verbatim message", () => {
    const message = "Invalid schema for response_format 'PetOwner': In context=('properties', 'pet'), 'oneOf' is not permitted.";
    const body = { error: { message, type: "invalid_request_error", param: "response_format", code: null } };
    expect(parseOpenAIChatResponse(rawResponse(body, 400)).answer).toEqual({ kind: "error", status: 400, errorType: "invalid_request_error", message });
  });

  test("a 429 keeps Retry-After; a cut 200 body is malformed, not a value", () => {
    const limited = rawResponse({ error: { message: "Rate limit reached", type: "requests", param: null, code: "rate_limit_exceeded" } }, 429, { "retry-after": "12" });
    expect(parseOpenAIChatResponse(limited).answer).toMatchObject({ kind: "error", status: 429, retryAfterS: 12 });
    expect(parseOpenAIChatResponse(rawResponse('{"id":"chatcmpl-1","choices":[{')).answer).toMatchObject({ kind: "error", status: 200, errorType: MALFORMED_RESPONSE });
  });
});
