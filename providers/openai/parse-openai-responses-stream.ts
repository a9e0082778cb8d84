// Responses API SSE (providers.md 1.9): dispatch on each event's JSON `type`, join argument and text
// deltas per `output_index`; the end comes from `response.completed` / `incomplete` / `failed`.
// Without one of those the stream was cut: `truncated`.
import { readSseJsonEvents } from "../wire/wire-read-sse.js";
import { asNumber, asRecord, asString, errorResponse, isSuccessStatus, malformedResponse } from "../wire/wire-normalise-answer.js";
import type { ProviderResponse, RawResponse } from "../wire/wire-types.js";
import {
  answerFromResponsesParts,
  responsesEnd,
  responsesFinishReason,
  responsesUsage,
  type ResponsesEnd,
  type ResponsesParts,
} from "./parse-openai-responses-response.js";

interface StreamState {
  text: string | null;
  refusal: string | null;
  calls: Map<number, { id: string; name: string; arguments: string }>;
  model: string | null;
  terminal: Record<string, unknown> | null;
  error: Record<string, unknown> | null;
}

const TERMINAL = new Set(["response.completed", "response.incomplete", "response.failed"]);

export function parseOpenAIResponsesStream(raw: RawResponse): ProviderResponse {
  if (!isSuccessStatus(raw.status)) return errorResponse(raw);
  const read = readSseJsonEvents(raw.bodyText);
  if (!read.ok) return malformedResponse(raw, read.error);
  const state: StreamState = { text: null, refusal: null, calls: new Map(), model: null, terminal: null, error: null };
  for (const { json } of read.events) applyEvent(state, json);
  const parts: ResponsesParts = {
    text: state.text,
    refusal: state.refusal,
    calls: [...state.calls.entries()].sort(([a], [b]) => a - b).map(([, call]) => call),
  };
  if (state.error !== null) {
    const end: ResponsesEnd = { status: "failed", incompleteReason: null, error: state.error };
    return { answer: answerFromResponsesParts(parts, end, raw.status), finishReason: "failed", usage: null, model: state.model };
  }
  if (state.terminal === null) {
    const partial = parts.calls.length > 0 ? parts.calls.map((call) => call.arguments).join("") : (parts.text ?? "");
    const why = raw.streamError === undefined ? "" : ` (${raw.streamError})`;
    return { answer: { kind: "truncated", reason: `stream ended before response.completed${why}`, partial }, finishReason: null, usage: null, model: state.model };
  }
  const end = responsesEnd(state.terminal);
  return {
    answer: answerFromResponsesParts(parts, end, raw.status),
    finishReason: responsesFinishReason(end),
    usage: responsesUsage(state.terminal.usage),
    model: asString(state.terminal.model) ?? state.model,
  };
}

function applyEvent(state: StreamState, event: Record<string, unknown>): void {
  const type = asString(event.type) ?? "";
  if (type === "error") {
    state.error = { code: event.code ?? "stream_error", message: event.message ?? JSON.stringify(event) };
    return;
  }
  if (type === "response.created" || type === "response.in_progress") {
    state.model = asString(asRecord(event.response).model) ?? state.model;
    return;
  }
  if (TERMINAL.has(type)) {
    state.terminal = asRecord(event.response);
    return;
  }
  applyOutputEvent(state, type, event);
}

function applyOutputEvent(state: StreamState, type: string, event: Record<string, unknown>): void {
  const index = asNumber(event.output_index);
  switch (type) {
    case "response.output_item.added": {
      const item = asRecord(event.item);
      if (item.type === "function_call") {
        state.calls.set(index, { id: asString(item.call_id) ?? "", name: asString(item.name) ?? "", arguments: asString(item.arguments) ?? "" });
      }
      return;
    }
    case "response.function_call_arguments.delta": {
      const call = state.calls.get(index) ?? { id: asString(event.item_id) ?? "", name: "", arguments: "" };
      call.arguments += asString(event.delta) ?? "";
      state.calls.set(index, call);
      return;
    }
    case "response.function_call_arguments.done": {
      const call = state.calls.get(index) ?? { id: asString(event.item_id) ?? "", name: "", arguments: "" };
      call.arguments = asString(event.arguments) ?? call.arguments;
      state.calls.set(index, call);
      return;
    }
    case "response.output_text.delta":
      state.text = (state.text ?? "") + (asString(event.delta) ?? "");
      return;
    case "response.output_text.done":
      state.text = asString(event.text) ?? state.text;
      return;
    case "response.refusal.delta":
      state.refusal = (state.refusal ?? "") + (asString(event.delta) ?? "");
      return;
    case "response.refusal.done":
      state.refusal = asString(event.refusal) ?? state.refusal;
      return;
    default:
      return; // reasoning, content_part and future event types carry nothing the answer needs
  }
}
