import { describe, expect, it } from "vitest";
import { rawResponse } from "../test-support/raw-response.js";
import { parseBedrockConverseResponse, parseBedrockInvokeResponse } from "./parse-bedrock-response.js";

const converse = (body: unknown) => parseBedrockConverseResponse(rawResponse(body));

describe("parseBedrockConverseResponse", () => {
  it("reads a toolUse block, the stop reason and the usage", () => {
    const parsed = converse({ output: { message: { role: "assistant", content: [{ text: "calling" }, { toolUse: { toolUseId: "tooluse_1", name: "t", input: { a: "x" } } }] } }, stopReason: "tool_use", usage: { inputTokens: 5, outputTokens: 7, totalTokens: 12 } });
    expect(parsed.answer).toEqual({ kind: "tool-calls", calls: [{ id: "tooluse_1", name: "t", arguments: { a: "x" }, rawArguments: '{"a":"x"}' }] });
    expect(parsed.finishReason).toBe("tool_use");
    expect(parsed.usage).toEqual({ inputTokens: 5, outputTokens: 7 });
  });

  it("reads text as structured output, a cut as truncated, a filter as refusal", () => {
    expect(converse({ output: { message: { content: [{ text: '{"a":"x"}' }] } }, stopReason: "end_turn" }).answer).toMatchObject({ kind: "structured", value: { a: "x" } });
    expect(converse({ output: { message: { content: [{ text: '{"a":' }] } }, stopReason: "max_tokens" }).answer).toMatchObject({ kind: "truncated", partial: '{"a":' });
    expect(converse({ output: { message: { content: [] } }, stopReason: "guardrail_intervened" }).answer.kind).toBe("refusal");
  });

  it("reads Bedrock's error: the type from x-amzn-ErrorType, the text from message", () => {
    const raw = rawResponse({ message: "The model returned the following errors: tools.0.custom: nope" }, 400, { "x-amzn-errortype": "ValidationException:http://internal.amazon.com/coral/com.amazon.bedrock/" });
    for (const parse of [parseBedrockConverseResponse, parseBedrockInvokeResponse]) {
      expect(parse(raw).answer).toEqual({ kind: "error", status: 400, errorType: "ValidationException", message: "The model returned the following errors: tools.0.custom: nope" });
    }
    const throttled = parseBedrockConverseResponse(rawResponse({ __type: "com.amazonaws#ThrottlingException", Message: "slow down" }, 429, { "retry-after": "2" }));
    expect(throttled.answer).toMatchObject({ errorType: "ThrottlingException", message: "slow down", retryAfterS: 2 });
  });

  it("reads InvokeModel's Claude answer as Claude's", () => {
    const parsed = parseBedrockInvokeResponse(rawResponse({ type: "message", content: [{ type: "tool_use", id: "toolu_1", name: "t", input: { a: "x" } }], stop_reason: "tool_use", usage: { input_tokens: 1, output_tokens: 2 } }));
    expect(parsed.answer).toMatchObject({ kind: "tool-calls", calls: [{ name: "t", arguments: { a: "x" } }] });
  });
});
