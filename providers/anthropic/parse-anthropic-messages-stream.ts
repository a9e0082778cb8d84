// Messages API SSE (providers.md 2.6): content blocks by `index`, tool input joined from
// `input_json_delta.partial_json`, the stop reason from `message_delta`. No stop reason = the stream was
// cut: `truncated`. `error` events (e.g. overloaded_error) become `{kind:"error"}`.
import { readSseJsonEvents } from "../wire/wire-read-sse.js";
import { asNumber, asRecord, asString, errorResponse, isSuccessStatus, malformedResponse, toolCallFromJsonString } from "../wire/wire-normalise-answer.js";
import type { ProviderResponse, RawResponse, ToolCall } from "../wire/wire-types.js";
import { anthropicUsage, answerFromAnthropicParts } from "./parse-anthropic-messages-response.js";

interface Block {
  type: string;
  id: string;
  name: string;
  text: string;
  json: string;
  startInput: unknown;
}

interface StreamState {
  blocks: Map<number, Block>;
  stopReason: string | null;
  stopDetails: Record<string, unknown> | null;
  model: string | null;
  inputTokens: number | null;
  usage: unknown;
  error: Record<string, unknown> | null;
}

export function parseAnthropicMessagesStream(raw: RawResponse): ProviderResponse {
  if (!isSuccessStatus(raw.status)) return errorResponse(raw);
  const read = readSseJsonEvents(raw.bodyText);
  if (!read.ok) return malformedResponse(raw, read.error);
  const state: StreamState = { blocks: new Map(), stopReason: null, stopDetails: null, model: null, inputTokens: null, usage: null, error: null };
  for (const { json } of read.events) applyEvent(state, json);
  const usage = anthropicUsage(state.usage ?? (state.inputTokens === null ? null : {}), state.inputTokens);
  if (state.error !== null) {
    const errorType = asString(state.error.type) ?? "stream_error";
    const message = asString(state.error.message) ?? JSON.stringify(state.error);
    return { answer: { kind: "error", status: raw.status, errorType, message }, finishReason: null, usage, model: state.model };
  }
  const blocks = [...state.blocks.entries()].sort(([a], [b]) => a - b).map(([, block]) => block);
  const texts = blocks.filter((block) => block.type === "text");
  const text = texts.length > 0 ? texts.map((block) => block.text).join("") : null;
  const calls = blocks.filter((block) => block.type === "tool_use").map(toolCallOf);
  if (state.stopReason === null) {
    const partial = calls.length > 0 ? calls.map((call) => call.rawArguments).join("") : (text ?? "");
    const why = raw.streamError === undefined ? "" : ` (${raw.streamError})`;
    return { answer: { kind: "truncated", reason: `stream ended before message_delta stop_reason${why}`, partial }, finishReason: null, usage, model: state.model };
  }
  return {
    answer: answerFromAnthropicParts({ text, calls, stopDetails: state.stopDetails }, state.stopReason),
    finishReason: state.stopReason,
    usage,
    model: state.model,
  };
}

/** No delta at all means the input is the (empty) object `content_block_start` announced. */
function toolCallOf(block: Block): ToolCall {
  if (block.json === "") return { id: block.id, name: block.name, arguments: block.startInput, rawArguments: JSON.stringify(block.startInput ?? {}) };
  return toolCallFromJsonString(block.id, block.name, block.json);
}

function applyEvent(state: StreamState, event: Record<string, unknown>): void {
  switch (event.type) {
    case "message_start": {
      const message = asRecord(event.message);
      state.model = asString(message.model) ?? state.model;
      const usage = asRecord(message.usage);
      if (typeof usage.input_tokens === "number") state.inputTokens = usage.input_tokens;
      return;
    }
    case "content_block_start": {
      const block = asRecord(event.content_block);
      state.blocks.set(asNumber(event.index), {
        type: asString(block.type) ?? "",
        id: asString(block.id) ?? "",
        name: asString(block.name) ?? "",
        text: asString(block.text) ?? "",
        json: "",
        startInput: block.input,
      });
      return;
    }
    case "content_block_delta":
      applyDelta(state.blocks.get(asNumber(event.index)), asRecord(event.delta));
      return;
    case "message_delta": {
      const delta = asRecord(event.delta);
      state.stopReason = asString(delta.stop_reason) ?? state.stopReason;
      if (delta.stop_details !== null && typeof delta.stop_details === "object") state.stopDetails = asRecord(delta.stop_details);
      if (event.usage !== undefined) state.usage = event.usage;
      return;
    }
    case "error":
      state.error = asRecord(event.error);
      return;
    default:
      return; // ping, content_block_stop, message_stop and unknown events: nothing to keep
  }
}

function applyDelta(block: Block | undefined, delta: Record<string, unknown>): void {
  if (block === undefined) return;
  if (delta.type === "text_delta") block.text += asString(delta.text) ?? "";
  if (delta.type === "input_json_delta") block.json += asString(delta.partial_json) ?? "";
}
