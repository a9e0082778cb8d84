import { describe, expect, test } from "vitest";
import { rawResponse, sseText } from "../test-support/raw-response.js";
import { parseGeminiStream } from "./parse-gemini-stream.js";

const chunk = (parts: unknown[], extra: Record<string, unknown> = {}) => ({
  candidates: [{ content: { parts, role: "model" }, index: 0, ...extra }],
  modelVersion: "gemini-2.5-flash",
});

describe("parseGeminiStream", () => {
  test("text parts concatenate across chunks into valid JSON", () => {
    const text = sseText([chunk([{ text: '{"name":' }]), chunk([{ text: '"x"}' }], { finishReason: "STOP" })]);
    expect(parseGeminiStream(rawResponse(text))).toMatchObject({ answer: { kind: "structured", value: { name: "x" } }, finishReason: "STOP", model: "gemini-2.5-flash" });
  });

  test("a function call arrives whole; the finish reason comes after", () => {
    const text = sseText([chunk([{ functionCall: { name: "weather", args: { location: "SF" } } }]), { ...chunk([{ text: "" }], { finishReason: "STOP" }), usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 3 } }]);
    const parsed = parseGeminiStream(rawResponse(text));
    expect(parsed.answer).toEqual({ kind: "tool-calls", calls: [{ id: "", name: "weather", arguments: { location: "SF" }, rawArguments: '{"location":"SF"}' }] });
    expect(parsed.usage).toEqual({ inputTokens: 5, outputTokens: 3 });
  });

  test("no chunk with a finish reason: the stream was cut", () => {
    const text = sseText([chunk([{ text: '{"name":' }])]);
    expect(parseGeminiStream(rawResponse(text)).answer).toEqual({ kind: "truncated", reason: "stream ended before a finishReason", partial: '{"name":' });
  });

  test("CRLF framing, as Gemini sends it, parses the same", () => {
    const text = `data: ${JSON.stringify(chunk([{ text: "{}" }], { finishReason: "STOP" }))}\r\n\r\n`;
    expect(parseGeminiStream(rawResponse(text)).answer).toEqual({ kind: "structured", value: {}, rawText: "{}" });
  });
});
