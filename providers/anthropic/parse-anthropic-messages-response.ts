// Messages API answer (providers.md 2.6, 8.2) to ProviderResponse: `tool_use` blocks (input is an
// object), text blocks as structured output, `stop_reason` `max_tokens` / `refusal`.
import {
  asArray,
  asNumber,
  asRecord,
  asString,
  errorResponse,
  isSuccessStatus,
  jsonObjectBody,
  structuredFromText,
} from "../wire/wire-normalise-answer.js";
import type { ProviderAnswer, ProviderResponse, RawResponse, TokenUsage, ToolCall } from "../wire/wire-types.js";

export interface AnthropicParts {
  readonly text: string | null;
  readonly calls: readonly ToolCall[];
  readonly stopDetails: Record<string, unknown> | null;
}

const TRUNCATING_STOPS = new Set(["max_tokens", "model_context_window_exceeded"]);

export function parseAnthropicMessagesResponse(raw: RawResponse): ProviderResponse {
  if (!isSuccessStatus(raw.status)) return errorResponse(raw);
  const read = jsonObjectBody(raw);
  if (!read.ok) return read.response;
  const body = read.body;
  if (body.type === "error") return errorResponse(raw);
  const parts = partsFromContent(asArray(body.content), body.stop_details);
  const stopReason = asString(body.stop_reason) ?? null;
  return {
    answer: answerFromAnthropicParts(parts, stopReason),
    finishReason: stopReason,
    usage: anthropicUsage(body.usage, null),
    model: asString(body.model) ?? null,
  };
}

function partsFromContent(content: readonly unknown[], stopDetails: unknown): AnthropicParts {
  let text: string | null = null;
  const calls: ToolCall[] = [];
  for (const block of content.map(asRecord)) {
    if (block.type === "text") text = (text ?? "") + (asString(block.text) ?? "");
    if (block.type === "tool_use") {
      calls.push({ id: asString(block.id) ?? "", name: asString(block.name) ?? "", arguments: block.input, rawArguments: JSON.stringify(block.input ?? null) });
    }
  }
  return { text, calls, stopDetails: stopDetails !== null && typeof stopDetails === "object" ? asRecord(stopDetails) : null };
}

export function answerFromAnthropicParts(parts: AnthropicParts, stopReason: string | null): ProviderAnswer {
  if (stopReason === "refusal") {
    const explanation = asString(parts.stopDetails?.explanation) ?? asString(parts.stopDetails?.category);
    return { kind: "refusal", text: explanation ?? parts.text ?? "refusal" };
  }
  if (stopReason !== null && TRUNCATING_STOPS.has(stopReason)) {
    const partial = parts.calls.length > 0 ? parts.calls.map((call) => call.rawArguments).join("") : (parts.text ?? "");
    return { kind: "truncated", reason: `stop_reason: ${stopReason}`, partial };
  }
  if (parts.calls.length > 0) return { kind: "tool-calls", calls: parts.calls };
  if (parts.text === null) return { kind: "structured", value: undefined, rawText: "", parseError: "the message has no text block" };
  return structuredFromText(parts.text);
}

/** Streams report input tokens in `message_start` and output tokens in `message_delta`. */
export function anthropicUsage(usage: unknown, inputFallback: number | null): TokenUsage | null {
  if (usage === null || typeof usage !== "object") return null;
  const record = asRecord(usage);
  const input = typeof record.input_tokens === "number" ? record.input_tokens : (inputFallback ?? 0);
  return { inputTokens: input, outputTokens: asNumber(record.output_tokens) };
}
