import { describe, expect, test } from "vitest";
import { rawResponse, sseText } from "../test-support/raw-response.js";
import { parseAnthropicMessagesStream } from "./parse-anthropic-messages-stream.js";

const named = (data: Record<string, unknown>) => ({ event: String(data.type), data });
const start = named({ type: "message_start", message: { id: "msg_1", model: "claude-sonnet-4-5", content: [], stop_reason: null, usage: { input_tokens: 40, output_tokens: 1 } } });

/** The tool-use stream of providers.md 2.6, verbatim (its deltas are abbreviated there). */
const RECORDED = [
  named({ type: "content_block_start", index: 1, content_block: { type: "tool_use", id: "toolu_01T1x1fJ34qAmk2tNTrN7Up6", name: "get_weather", input: {} } }),
  named({ type: "content_block_delta", index: 1, delta: { type: "input_json_delta", partial_json: "" } }),
  named({ type: "content_block_delta", index: 1, delta: { type: "input_json_delta", partial_json: '{"location":' } }),
  named({ type: "content_block_delta", index: 1, delta: { type: "input_json_delta", partial_json: ' "San' } }),
  named({ type: "content_block_stop", index: 1 }),
  named({ type: "message_delta", delta: { stop_reason: "tool_use", stop_sequence: null }, usage: { output_tokens: 89 } }),
  named({ type: "message_stop" }),
];

describe("parseAnthropicMessagesStream", () => {
  test("the recorded stream: partial_json joined per block index, usage from start and delta", () => {
    const parsed = parseAnthropicMessagesStream(rawResponse(sseText([start, ...RECORDED])));
    expect(parsed.finishReason).toBe("tool_use");
    expect(parsed.usage).toEqual({ inputTokens: 40, outputTokens: 89 });
    const call = parsed.answer.kind === "tool-calls" ? parsed.answer.calls[0] : undefined;
    // The doc's deltas stop mid-string: the joined input does not parse, and stays unparsed.
    expect(call).toMatchObject({ id: "toolu_01T1x1fJ34qAmk2tNTrN7Up6", name: "get_weather", rawArguments: '{"location": "San', arguments: undefined });
  });

  test("complete deltas parse to the input object; a block without deltas keeps its start input", () => {
    const complete = [start, ...RECORDED.slice(0, 3), named({ type: "content_block_delta", index: 1, delta: { type: "input_json_delta", partial_json: ' "SF"}' } }), ...RECORDED.slice(4)];
    const answer = parseAnthropicMessagesStream(rawResponse(sseText(complete))).answer;
    expect(answer.kind === "tool-calls" && answer.calls[0]?.arguments).toEqual({ location: "SF" });
    const empty = [start, RECORDED[0]!, ...RECORDED.slice(4)];
    const emptyAnswer = parseAnthropicMessagesStream(rawResponse(sseText(empty))).answer;
    expect(emptyAnswer.kind === "tool-calls" && emptyAnswer.calls[0]?.arguments).toEqual({});
  });

  test("no message_delta means the stream was cut: truncated", () => {
    expect(parseAnthropicMessagesStream(rawResponse(sseText([start, ...RECORDED.slice(0, 3)]))).answer).toEqual({
      kind: "truncated",
      reason: "stream ended before message_delta stop_reason",
      partial: '{"location":',
    });
  });

  test("text deltas stream JSON outputs; unknown events and pings are tolerated", () => {
    const text = [
      start,
      named({ type: "ping" }),
      named({ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }),
      named({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: '{"a":' } }),
      named({ type: "something_new", index: 0 }),
      named({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "1}" } }),
      named({ type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 3 } }),
    ];
    expect(parseAnthropicMessagesStream(rawResponse(sseText(text))).answer).toEqual({ kind: "structured", value: { a: 1 }, rawText: '{"a":1}' });
  });

  test("an error event (overloaded) is an error", () => {
    const failed = sseText([start, named({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } })]);
    expect(parseAnthropicMessagesStream(rawResponse(failed)).answer).toEqual({ kind: "error", status: 200, errorType: "overloaded_error", message: "Overloaded" });
  });
});
