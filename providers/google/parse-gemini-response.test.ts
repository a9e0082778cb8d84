import { describe, expect, test } from "vitest";
import { rawResponse } from "../test-support/raw-response.js";
import { parseGeminiResponse } from "./parse-gemini-response.js";

/** The real tool-call capture of providers.md 3.7 (vercel/ai google-tool-call.json). */
const TOOL_CALL = {
  candidates: [
    {
      content: { parts: [{ functionCall: { name: "weather", args: { location: "San Francisco" } }, thoughtSignature: "sig" }], role: "model" },
      finishReason: "STOP",
      index: 0,
      finishMessage: "Model generated function call(s).",
    },
  ],
  usageMetadata: { promptTokenCount: 29, candidatesTokenCount: 15, totalTokenCount: 937, thoughtsTokenCount: 893 },
  modelVersion: "gemini-3-pro-preview",
  responseId: "abc",
};

const candidate = (fields: Record<string, unknown>) => ({ candidates: [{ index: 0, ...fields }], modelVersion: "gemini-2.5-flash" });

describe("parseGeminiResponse", () => {
  test("the recorded function call: args is an object, finishReason STOP", () => {
    expect(parseGeminiResponse(rawResponse(TOOL_CALL))).toEqual({
      answer: { kind: "tool-calls", calls: [{ id: "", name: "weather", arguments: { location: "San Francisco" }, rawArguments: '{"location":"San Francisco"}' }] },
      finishReason: "STOP",
      usage: { inputTokens: 29, outputTokens: 15 },
      model: "gemini-3-pro-preview",
    });
  });

  test("JSON text parts are the structured answer; thought parts are left out", () => {
    const body = candidate({ content: { parts: [{ text: "thinking...", thought: true }, { text: '{"a":1}' }], role: "model" }, finishReason: "STOP" });
    expect(parseGeminiResponse(rawResponse(body)).answer).toEqual({ kind: "structured", value: { a: 1 }, rawText: '{"a":1}' });
  });

  test("MAX_TOKENS is truncation; SAFETY and a blocked prompt are refusals; MALFORMED_FUNCTION_CALL an error", () => {
    expect(parseGeminiResponse(rawResponse(candidate({ content: { parts: [{ text: '{"a":' }] }, finishReason: "MAX_TOKENS" }))).answer).toEqual({
      kind: "truncated",
      reason: "finishReason: MAX_TOKENS",
      partial: '{"a":',
    });
    expect(parseGeminiResponse(rawResponse(candidate({ finishReason: "SAFETY" }))).answer).toEqual({ kind: "refusal", text: "finishReason: SAFETY" });
    expect(parseGeminiResponse(rawResponse({ promptFeedback: { blockReason: "PROHIBITED_CONTENT" } })).answer).toEqual({ kind: "refusal", text: "promptFeedback.blockReason: PROHIBITED_CONTENT" });
    expect(parseGeminiResponse(rawResponse(candidate({ finishReason: "MALFORMED_FUNCTION_CALL", finishMessage: "Malformed function call" }))).answer).toMatchObject({
      kind: "error",
      errorType: "MALFORMED_FUNCTION_CALL",
    });
  });

  test("the 400 envelope (providers.md 3.6) is an error with status as its type", () => {
    const message = "* GenerateContentRequest.tools[0].function_declarations[2].parameters.properties: should be non-empty for OBJECT type";
    const body = { error: { code: 400, message, status: "INVALID_ARGUMENT" } };
    expect(parseGeminiResponse(rawResponse(body, 400)).answer).toEqual({ kind: "error", status: 400, errorType: "INVALID_ARGUMENT", message });
  });

  test("a 429 without Retry-After takes the wait from RetryInfo", () => {
    const body = { error: { code: 429, message: "Resource has been exhausted (e.g. check quota).", status: "RESOURCE_EXHAUSTED", details: [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "27s" }] } };
    expect(parseGeminiResponse(rawResponse(body, 429)).answer).toMatchObject({ kind: "error", retryAfterS: 27 });
  });
});
