import { describe, expect, test } from "vitest";
import { rawResponse, sseText } from "../test-support/raw-response.js";
import { parseOpenAIResponsesStream } from "./parse-openai-responses-stream.js";

/** The function-call events of providers.md 1.9, verbatim, framed without `event:` lines as vercel/ai does. */
const RECORDED = [
  { type: "response.output_item.added", response_id: "resp_1234xyz", output_index: 0, item: { type: "function_call", id: "fc_1234xyz", call_id: "call_1234xyz", name: "get_weather", arguments: "" } },
  { type: "response.function_call_arguments.delta", response_id: "resp_1234xyz", item_id: "fc_1234xyz", output_index: 0, delta: '{"' },
  { type: "response.function_call_arguments.delta", response_id: "resp_1234xyz", item_id: "fc_1234xyz", output_index: 0, delta: "location" },
  { type: "response.function_call_arguments.done", response_id: "resp_1234xyz", item_id: "fc_1234xyz", output_index: 0, arguments: '{"location":"Paris, France"}' },
  { type: "response.output_item.done", response_id: "resp_1234xyz", output_index: 0, item: { type: "function_call", id: "fc_1234xyz", call_id: "call_1234xyz", name: "get_weather", arguments: '{"location":"Paris, France"}' } },
];
const completed = { type: "response.completed", response: { id: "resp_1234xyz", status: "completed", model: "gpt-4.1", output: [], usage: { input_tokens: 10, output_tokens: 5 } } };

describe("parseOpenAIResponsesStream", () => {
  test("the recorded events give the call, the done event's arguments winning", () => {
    const parsed = parseOpenAIResponsesStream(rawResponse(sseText([...RECORDED, completed])));
    expect(parsed.answer).toEqual({
      kind: "tool-calls",
      calls: [{ id: "call_1234xyz", name: "get_weather", arguments: { location: "Paris, France" }, rawArguments: '{"location":"Paris, France"}' }],
    });
    expect(parsed).toMatchObject({ finishReason: "completed", usage: { inputTokens: 10, outputTokens: 5 }, model: "gpt-4.1" });
  });

  test("without response.completed the stream was cut: truncated with the deltas so far", () => {
    expect(parseOpenAIResponsesStream(rawResponse(sseText(RECORDED.slice(0, 3)))).answer).toEqual({
      kind: "truncated",
      reason: "stream ended before response.completed",
      partial: '{"location',
    });
  });

  test("text and refusal deltas; response.incomplete is truncation", () => {
    const text = sseText([
      { event: "response.output_text.delta", data: { type: "response.output_text.delta", output_index: 0, delta: '{"a":' } },
      { event: "response.output_text.delta", data: { type: "response.output_text.delta", output_index: 0, delta: "1}" } },
      { event: "response.completed", data: completed },
    ]);
    expect(parseOpenAIResponsesStream(rawResponse(text)).answer).toEqual({ kind: "structured", value: { a: 1 }, rawText: '{"a":1}' });
    const refusal = sseText([{ type: "response.refusal.delta", output_index: 0, delta: "No." }, completed]);
    expect(parseOpenAIResponsesStream(rawResponse(refusal)).answer).toEqual({ kind: "refusal", text: "No." });
    const incomplete = sseText([
      { type: "response.output_text.delta", output_index: 0, delta: '{"a":' },
      { type: "response.incomplete", response: { status: "incomplete", incomplete_details: { reason: "max_output_tokens" } } },
    ]);
    expect(parseOpenAIResponsesStream(rawResponse(incomplete)).answer).toEqual({ kind: "truncated", reason: "incomplete: max_output_tokens", partial: '{"a":' });
  });

  test("an error event is an error", () => {
    const failed = sseText([{ type: "error", code: "server_error", message: "The server had an error" }]);
    expect(parseOpenAIResponsesStream(rawResponse(failed)).answer).toMatchObject({ kind: "error", errorType: "server_error", message: "The server had an error" });
  });
});
