// Chat Completions SSE (providers.md 1.8): deltas joined per `tool_calls[].index`, content and refusal
// appended; a stream that ends before any `finish_reason` was cut, so the answer is `truncated`.
import { readSseJsonEvents } from "../wire/wire-read-sse.js";
import { asArray, asNumber, asRecord, asString, errorResponse, isSuccessStatus, malformedResponse } from "../wire/wire-normalise-answer.js";
import type { ProviderResponse, RawResponse } from "../wire/wire-types.js";
import { answerFromChatMessage, chatUsage, type ChatMessageParts } from "./parse-openai-chat-response.js";

interface StreamState {
  content: string | null;
  refusal: string | null;
  calls: Map<number, { id: string; name: string; arguments: string }>;
  finishReason: string | null;
  model: string | null;
  usage: unknown;
  error: Record<string, unknown> | null;
}

export function parseOpenAIChatStream(raw: RawResponse): ProviderResponse {
  if (!isSuccessStatus(raw.status)) return errorResponse(raw);
  const read = readSseJsonEvents(raw.bodyText);
  if (!read.ok) return malformedResponse(raw, read.error);
  const state: StreamState = { content: null, refusal: null, calls: new Map(), finishReason: null, model: null, usage: null, error: null };
  for (const { json } of read.events) applyChunk(state, json);
  if (state.error !== null) {
    const message = asString(state.error.message) ?? JSON.stringify(state.error);
    const errorType = asString(state.error.type) ?? asString(state.error.code) ?? "stream_error";
    return { answer: { kind: "error", status: raw.status, errorType, message }, finishReason: null, usage: null, model: state.model };
  }
  const parts: ChatMessageParts = {
    content: state.content,
    refusal: state.refusal,
    toolCalls: [...state.calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call),
  };
  const usage = chatUsage(state.usage);
  if (state.finishReason === null) {
    const partial = parts.toolCalls.length > 0 ? parts.toolCalls.map((call) => call.arguments).join("") : (parts.content ?? "");
    const why = raw.streamError === undefined ? "" : ` (${raw.streamError})`;
    return {
      answer: { kind: "truncated", reason: `stream ended before finish_reason${why}`, partial },
      finishReason: null,
      usage,
      model: state.model,
    };
  }
  return { answer: answerFromChatMessage(parts, state.finishReason), finishReason: state.finishReason, usage, model: state.model };
}

function applyChunk(state: StreamState, chunk: Record<string, unknown>): void {
  if (chunk.error !== undefined) {
    state.error = asRecord(chunk.error);
    return;
  }
  state.model = asString(chunk.model) ?? state.model;
  if (chunk.usage !== undefined && chunk.usage !== null) state.usage = chunk.usage;
  const choice = asRecord(asArray(chunk.choices)[0]);
  const delta = asRecord(choice.delta);
  const content = asString(delta.content);
  if (content !== undefined) state.content = (state.content ?? "") + content;
  const refusal = asString(delta.refusal);
  if (refusal !== undefined) state.refusal = (state.refusal ?? "") + refusal;
  for (const entry of asArray(delta.tool_calls)) applyToolCallDelta(state, asRecord(entry));
  const finish = asString(choice.finish_reason);
  if (finish !== undefined) state.finishReason = finish;
}

/** The first delta of a call carries id and name; later ones only `index` and an arguments fragment. */
function applyToolCallDelta(state: StreamState, delta: Record<string, unknown>): void {
  const index = asNumber(delta.index);
  const call = state.calls.get(index) ?? { id: "", name: "", arguments: "" };
  const fn = asRecord(delta.function);
  call.id = asString(delta.id) ?? call.id;
  call.name = asString(fn.name) ?? call.name;
  call.arguments += asString(fn.arguments) ?? "";
  state.calls.set(index, call);
}
