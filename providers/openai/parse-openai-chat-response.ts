// Chat Completions answer (providers.md 1.8, 8.2) to the normalised ProviderResponse: tool calls with
// their JSON-string arguments parsed, `message.refusal`, `finish_reason: "length"` as truncation.
import {
  usageFromFields,
  asArray,
  asRecord,
  asString,
  errorResponse,
  isSuccessStatus,
  jsonObjectBody,
  malformedResponse,
  structuredFromText,
  toolCallFromJsonString,
} from "../wire/wire-normalise-answer.js";
import type { ProviderAnswer, ProviderResponse, RawResponse, TokenUsage } from "../wire/wire-types.js";

/** A chat message as it ends up after a full answer or after joining stream deltas. */
export interface ChatMessageParts {
  readonly content: string | null;
  readonly refusal: string | null;
  readonly toolCalls: readonly { readonly id: string; readonly name: string; readonly arguments: string }[];
}

export function parseOpenAIChatResponse(raw: RawResponse): ProviderResponse {
  if (!isSuccessStatus(raw.status)) return errorResponse(raw);
  const read = jsonObjectBody(raw);
  if (!read.ok) return read.response;
  const choice = asRecord(asArray(read.body.choices)[0]);
  if (!("message" in choice)) return malformedResponse(raw, "no choices[0].message in the answer");
  const message = asRecord(choice.message);
  const parts: ChatMessageParts = {
    content: asString(message.content) ?? null,
    refusal: asString(message.refusal) ?? null,
    toolCalls: asArray(message.tool_calls).map((call) => {
      const record = asRecord(call);
      const fn = asRecord(record.function);
      return { id: asString(record.id) ?? "", name: asString(fn.name) ?? "", arguments: asString(fn.arguments) ?? "" };
    }),
  };
  const finishReason = asString(choice.finish_reason) ?? null;
  return {
    answer: answerFromChatMessage(parts, finishReason),
    finishReason,
    usage: chatUsage(read.body.usage),
    model: asString(read.body.model) ?? null,
  };
}

export function answerFromChatMessage(parts: ChatMessageParts, finishReason: string | null): ProviderAnswer {
  if (parts.refusal !== null && parts.refusal !== "") return { kind: "refusal", text: parts.refusal };
  if (finishReason === "content_filter") return { kind: "refusal", text: "content_filter" };
  if (finishReason === "length") {
    const partial = parts.toolCalls.length > 0 ? parts.toolCalls.map((call) => call.arguments).join("") : (parts.content ?? "");
    return { kind: "truncated", reason: "finish_reason: length", partial };
  }
  if (parts.toolCalls.length > 0) {
    return { kind: "tool-calls", calls: parts.toolCalls.map((call) => toolCallFromJsonString(call.id, call.name, call.arguments)) };
  }
  if (parts.content === null) return { kind: "structured", value: undefined, rawText: "", parseError: "the message has no content" };
  return structuredFromText(parts.content);
}

export function chatUsage(usage: unknown): TokenUsage | null {
  return usageFromFields(usage, "prompt_tokens", "completion_tokens");
}
