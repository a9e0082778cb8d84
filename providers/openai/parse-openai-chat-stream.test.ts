import { describe, expect, test } from "vitest";
import { rawResponse, sseText } from "../test-support/raw-response.js";
import { MALFORMED_RESPONSE } from "../wire/wire-types.js";
import { parseOpenAIChatStream } from "./parse-openai-chat-stream.js";

const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) => ({
  object: "chat.completion.chunk",
  model: "gpt-4o",
  choices: [{ index: 0, delta, finish_reason: finishReason }],
});

/** The deltas captured from the real API in vercel/ai's test (providers.md 1.8), verbatim. */
const VERCEL_TOOL_DELTAS = [
  chunk({ role: "assistant", content: null, tool_calls: [{ index: 0, id: "call_O17U", type: "function", function: { name: "test-tool", arguments: "" } }] }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: '{"' } }] }),
  chunk({ tool_calls: [{ index: 0, function: { arguments: "value" } }] }),
  chunk({}, "tool_calls"),
  { object: "chat.completion.chunk", choices: [], usage: { prompt_tokens: 53, completion_tokens: 17, total_tokens: 70 } },
  "[DONE]",
];

describe("parseOpenAIChatStream", () => {
  test("the recorded deltas join by index; their (cut) arguments keep a parse error", () => {
    const parsed = parseOpenAIChatStream(rawResponse(sseText(VERCEL_TOOL_DELTAS)));
    expect(parsed.finishReason).toBe("tool_calls");
    expect(parsed.usage).toEqual({ inputTokens: 53, outputTokens: 17 });
    const call = parsed.answer.kind === "tool-calls" ? parsed.answer.calls[0] : undefined;
    expect(call).toMatchObject({ id: "call_O17U", name: "test-tool", rawArguments: '{"value', arguments: undefined });
    expect(call?.parseError).toBeDefined();
  });

  test("parallel calls are told apart by tool_calls[].index, in index order", () => {
    const text = sseText([
      chunk({ tool_calls: [{ index: 1, id: "call_b", type: "function", function: { name: "b", arguments: "" } }] }),
      chunk({ tool_calls: [{ index: 0, id: "call_a", type: "function", function: { name: "a", arguments: '{"x"' } }] }),
      chunk({ tool_calls: [{ index: 1, function: { arguments: '{"y":2}' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: ":1}" } }] }),
      chunk({}, "tool_calls"),
      "[DONE]",
    ]);
    const answer = parseOpenAIChatStream(rawResponse(text)).answer;
    expect(answer.kind === "tool-calls" && answer.calls.map((call) => [call.id, call.arguments])).toEqual([
      ["call_a", { x: 1 }],
      ["call_b", { y: 2 }],
    ]);
  });

  test("content and refusal deltas are appended", () => {
    const content = sseText([chunk({ role: "assistant", content: "" }), chunk({ content: '{"a"' }), chunk({ content: ":1}" }), chunk({}, "stop"), "[DONE]"]);
    expect(parseOpenAIChatStream(rawResponse(content)).answer).toEqual({ kind: "structured", value: { a: 1 }, rawText: '{"a":1}' });
    const refusal = sseText([chunk({ refusal: "I'm sorry, " }), chunk({ refusal: "no." }), chunk({}, "stop"), "[DONE]"]);
    expect(parseOpenAIChatStream(rawResponse(refusal)).answer).toEqual({ kind: "refusal", text: "I'm sorry, no." });
  });

  test("a stream cut before finish_reason is truncated, with the arguments that arrived", () => {
    const cut = { ...rawResponse(sseText(VERCEL_TOOL_DELTAS.slice(0, 3))), streamError: "UND_ERR_SOCKET: other side closed" };
    const parsed = parseOpenAIChatStream(cut);
    expect(parsed.answer).toEqual({ kind: "truncated", reason: "stream ended before finish_reason (UND_ERR_SOCKET: other side closed)", partial: '{"value' });
  });

  test("an error chunk is an error; a broken data line is malformed", () => {
    const failed = sseText([chunk({ content: "{" }), { error: { message: "The server had an error", type: "server_error" } }]);
    expect(parseOpenAIChatStream(rawResponse(failed)).answer).toMatchObject({ kind: "error", errorType: "server_error" });
    expect(parseOpenAIChatStream(rawResponse('data: {"choices": [\n\n')).answer).toMatchObject({ kind: "error", errorType: MALFORMED_RESPONSE });
  });
});
