// streamGenerateContent?alt=sse (providers.md 3.7): each event is a whole GenerateContentResponse; text
// parts concatenate, function calls arrive whole. No chunk with a finishReason = the stream was cut.
import { readSseJsonEvents } from "../wire/wire-read-sse.js";
import { asRecord, asString, errorResponse, isSuccessStatus, malformedResponse } from "../wire/wire-normalise-answer.js";
import type { ProviderResponse, RawResponse } from "../wire/wire-types.js";
import { addGeminiChunk, answerFromGeminiParts, emptyGeminiParts, geminiUsage } from "./parse-gemini-response.js";

export function parseGeminiStream(raw: RawResponse): ProviderResponse {
  if (!isSuccessStatus(raw.status)) return errorResponse(raw);
  const read = readSseJsonEvents(raw.bodyText);
  if (!read.ok) return malformedResponse(raw, read.error);
  const parts = emptyGeminiParts();
  let usage: unknown = null;
  let model: string | null = null;
  for (const { json } of read.events) {
    if (json.error !== undefined) {
      const error = asRecord(json.error);
      const errorType = asString(error.status) ?? "stream_error";
      return { answer: { kind: "error", status: raw.status, errorType, message: asString(error.message) ?? "" }, finishReason: null, usage: null, model };
    }
    addGeminiChunk(parts, json);
    usage = json.usageMetadata ?? usage;
    model = asString(json.modelVersion) ?? model;
  }
  if (parts.finishReason === null && parts.blockReason === null) {
    const partial = parts.calls.length > 0 ? parts.calls.map((call) => call.rawArguments).join("") : (parts.text ?? "");
    const why = raw.streamError === undefined ? "" : ` (${raw.streamError})`;
    return { answer: { kind: "truncated", reason: `stream ended before a finishReason${why}`, partial }, finishReason: null, usage: geminiUsage(usage), model };
  }
  return { answer: answerFromGeminiParts(parts, raw.status), finishReason: parts.finishReason ?? parts.blockReason, usage: geminiUsage(usage), model };
}
