import { describe, expect, test } from "vitest";
import { rawResponse } from "../test-support/raw-response.js";
import { parseAnthropicMessagesResponse } from "./parse-anthropic-messages-response.js";

const message = (content: unknown[], stopReason: string, extra: Record<string, unknown> = {}) => ({
  id: "msg_01",
  type: "message",
  role: "assistant",
  model: "claude-sonnet-4-5-20250929",
  content,
  stop_reason: stopReason,
  stop_sequence: null,
  usage: { input_tokens: 30, output_tokens: 12 },
  ...extra,
});

describe("parseAnthropicMessagesResponse", () => {
  test("a tool_use block (providers.md 2.6): input is an object already", () => {
    const content = [
      { type: "text", text: "I'll check the current weather in San Francisco for you." },
      { type: "tool_use", id: "toolu_01A09q90qw90lq917835lq9", name: "get_weather", input: { location: "San Francisco, CA", unit: "celsius" } },
    ];
    expect(parseAnthropicMessagesResponse(rawResponse(message(content, "tool_use")))).toEqual({
      answer: {
        kind: "tool-calls",
        calls: [{ id: "toolu_01A09q90qw90lq917835lq9", name: "get_weather", arguments: { location: "San Francisco, CA", unit: "celsius" }, rawArguments: '{"location":"San Francisco, CA","unit":"celsius"}' }],
      },
      finishReason: "tool_use",
      usage: { inputTokens: 30, outputTokens: 12 },
      model: "claude-sonnet-4-5-20250929",
    });
  });

  test("a JSON output is the text block parsed", () => {
    const parsed = parseAnthropicMessagesResponse(rawResponse(message([{ type: "text", text: '{"recipe":{"name":"x"}}' }], "end_turn")));
    expect(parsed.answer).toEqual({ kind: "structured", value: { recipe: { name: "x" } }, rawText: '{"recipe":{"name":"x"}}' });
  });

  test("stop_reason refusal (HTTP 200, empty content) is a refusal", () => {
    const refusal = message([], "refusal", { stop_details: { type: "refusal", category: "cyber", explanation: null } });
    expect(parseAnthropicMessagesResponse(rawResponse(refusal)).answer).toEqual({ kind: "refusal", text: "cyber" });
  });

  test("max_tokens and model_context_window_exceeded are truncation", () => {
    expect(parseAnthropicMessagesResponse(rawResponse(message([{ type: "text", text: '{"a":' }], "max_tokens"))).answer).toEqual({ kind: "truncated", reason: "stop_reason: max_tokens", partial: '{"a":' });
    expect(parseAnthropicMessagesResponse(rawResponse(message([], "model_context_window_exceeded"))).answer.kind).toBe("truncated");
  });

  test("the 400 envelope (providers.md 2.4) is an error with the verbatim message", () => {
    const body = { type: "error", error: { type: "invalid_request_error", message: "output_format.schema: For 'integer' type, property 'minimum' is not supported" }, request_id: "req_1" };
    expect(parseAnthropicMessagesResponse(rawResponse(body, 400)).answer).toEqual({
      kind: "error",
      status: 400,
      errorType: "invalid_request_error",
      message: "output_format.schema: For 'integer' type, property 'minimum' is not supported",
    });
  });
});
