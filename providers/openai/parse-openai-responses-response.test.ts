import { describe, expect, test } from "vitest";
import { rawResponse } from "../test-support/raw-response.js";
import { parseOpenAIResponsesResponse } from "./parse-openai-responses-response.js";

const response = (output: unknown[], extra: Record<string, unknown> = {}) => ({
  id: "resp_1",
  object: "response",
  status: "completed",
  incomplete_details: null,
  error: null,
  model: "gpt-4.1",
  output,
  usage: { input_tokens: 20, output_tokens: 8, total_tokens: 28 },
  ...extra,
});

/** The accumulated function call item of providers.md 1.9, verbatim. */
const FUNCTION_CALL = { type: "function_call", id: "fc_1234xyz", call_id: "call_2345abc", name: "get_weather", arguments: '{"location":"Paris, France"}' };

describe("parseOpenAIResponsesResponse", () => {
  test("a function_call item is a tool call keyed by call_id", () => {
    expect(parseOpenAIResponsesResponse(rawResponse(response([FUNCTION_CALL])))).toEqual({
      answer: { kind: "tool-calls", calls: [{ id: "call_2345abc", name: "get_weather", arguments: { location: "Paris, France" }, rawArguments: '{"location":"Paris, France"}' }] },
      finishReason: "completed",
      usage: { inputTokens: 20, outputTokens: 8 },
      model: "gpt-4.1",
    });
  });

  test("output_text is the structured answer; a refusal part is a refusal (providers.md 1.9)", () => {
    const text = response([{ type: "message", role: "assistant", content: [{ type: "output_text", text: '{"final_answer":"x"}' }] }]);
    expect(parseOpenAIResponsesResponse(rawResponse(text)).answer).toEqual({ kind: "structured", value: { final_answer: "x" }, rawText: '{"final_answer":"x"}' });
    const refusal = response([{ type: "message", role: "assistant", content: [{ type: "refusal", refusal: "I'm sorry, I cannot assist with that request." }] }]);
    expect(parseOpenAIResponsesResponse(rawResponse(refusal)).answer).toEqual({ kind: "refusal", text: "I'm sorry, I cannot assist with that request." });
  });

  test("status incomplete: max_output_tokens is truncation, content_filter a refusal", () => {
    const partial = [{ type: "message", role: "assistant", content: [{ type: "output_text", text: '{"steps":[' }] }];
    const cut = parseOpenAIResponsesResponse(rawResponse(response(partial, { status: "incomplete", incomplete_details: { reason: "max_output_tokens" } })));
    expect(cut.answer).toEqual({ kind: "truncated", reason: "incomplete: max_output_tokens", partial: '{"steps":[' });
    expect(cut.finishReason).toBe("max_output_tokens");
    const filtered = parseOpenAIResponsesResponse(rawResponse(response(partial, { status: "incomplete", incomplete_details: { reason: "content_filter" } })));
    expect(filtered.answer.kind).toBe("refusal");
  });

  test("the Responses schema error (providers.md 1.6) is an error with its message", () => {
    const message = "Invalid schema for response_format 'codex_output_schema': In context=('properties', 'blockedReason'), schema must have a 'type' key.";
    const body = { error: { message, type: "invalid_request_error", param: "text.format.schema", code: "invalid_json_schema" } };
    expect(parseOpenAIResponsesResponse(rawResponse(body, 400)).answer).toEqual({ kind: "error", status: 400, errorType: "invalid_request_error", message });
  });
});
