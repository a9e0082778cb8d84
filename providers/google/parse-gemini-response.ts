// generateContent answer (providers.md 3.5, 3.7, 8.2) to ProviderResponse: `functionCall` parts (args is
// an object), text parts as structured output, `finishReason` MAX_TOKENS / SAFETY-like / blocked prompts.
import {
  usageFromFields,
  asArray,
  asRecord,
  asString,
  errorResponse,
  isSuccessStatus,
  jsonObjectBody,
  structuredFromText,
  toolCallFromObject,
} from "../wire/wire-normalise-answer.js";
import type { ProviderAnswer, ProviderResponse, RawResponse, TokenUsage, ToolCall } from "../wire/wire-types.js";

export interface GeminiParts {
  readonly text: string | null;
  readonly calls: readonly ToolCall[];
  readonly finishReason: string | null;
  readonly finishMessage: string | null;
  readonly blockReason: string | null;
}

/** Finish reasons that mean the model would not (or was not allowed to) answer. */
export const GEMINI_REFUSAL_REASONS = new Set([
  "SAFETY",
  "RECITATION",
  "BLOCKLIST",
  "PROHIBITED_CONTENT",
  "SPII",
  "IMAGE_SAFETY",
  "IMAGE_PROHIBITED_CONTENT",
  "IMAGE_RECITATION",
  "LANGUAGE",
]);

export function parseGeminiResponse(raw: RawResponse): ProviderResponse {
  if (!isSuccessStatus(raw.status)) return errorResponse(raw);
  const read = jsonObjectBody(raw);
  if (!read.ok) return read.response;
  const parts = emptyGeminiParts();
  addGeminiChunk(parts, read.body);
  return {
    answer: answerFromGeminiParts(parts, raw.status),
    finishReason: parts.finishReason ?? parts.blockReason,
    usage: geminiUsage(read.body.usageMetadata),
    model: asString(read.body.modelVersion) ?? null,
  };
}

export interface MutableGeminiParts {
  text: string | null;
  calls: ToolCall[];
  finishReason: string | null;
  finishMessage: string | null;
  blockReason: string | null;
}

export function emptyGeminiParts(): MutableGeminiParts {
  return { text: null, calls: [], finishReason: null, finishMessage: null, blockReason: null };
}

/** One GenerateContentResponse (a whole answer, or one stream chunk) folded into the parts so far. */
export function addGeminiChunk(parts: MutableGeminiParts, chunk: Record<string, unknown>): void {
  const blockReason = asString(asRecord(chunk.promptFeedback).blockReason);
  if (blockReason !== undefined) parts.blockReason = blockReason;
  const candidate = asRecord(asArray(chunk.candidates)[0]);
  for (const part of asArray(asRecord(candidate.content).parts).map(asRecord)) {
    if (typeof part.text === "string" && part.thought !== true) parts.text = (parts.text ?? "") + part.text;
    if (part.functionCall !== undefined) {
      const call = asRecord(part.functionCall);
      parts.calls.push(toolCallFromObject(asString(call.id) ?? "", asString(call.name) ?? "", call.args ?? {}));
    }
  }
  parts.finishReason = asString(candidate.finishReason) ?? parts.finishReason;
  parts.finishMessage = asString(candidate.finishMessage) ?? parts.finishMessage;
}

export function answerFromGeminiParts(parts: GeminiParts, httpStatus: number): ProviderAnswer {
  if (parts.blockReason !== null) return { kind: "refusal", text: `promptFeedback.blockReason: ${parts.blockReason}` };
  const reason = parts.finishReason;
  if (reason !== null && GEMINI_REFUSAL_REASONS.has(reason)) return { kind: "refusal", text: parts.finishMessage ?? `finishReason: ${reason}` };
  if (reason === "MAX_TOKENS") {
    const partial = parts.calls.length > 0 ? parts.calls.map((call) => call.rawArguments).join("") : (parts.text ?? "");
    return { kind: "truncated", reason: "finishReason: MAX_TOKENS", partial };
  }
  if (reason === "MALFORMED_FUNCTION_CALL" || reason === "UNEXPECTED_TOOL_CALL" || reason === "TOO_MANY_TOOL_CALLS") {
    return { kind: "error", status: httpStatus, errorType: reason, message: parts.finishMessage ?? reason };
  }
  if (parts.calls.length > 0) return { kind: "tool-calls", calls: parts.calls };
  if (parts.text === null) return { kind: "structured", value: undefined, rawText: "", parseError: "the candidate has no text part" };
  return structuredFromText(parts.text);
}

export function geminiUsage(usage: unknown): TokenUsage | null {
  return usageFromFields(usage, "promptTokenCount", "candidatesTokenCount");
}
