// The emulated Messages API answer (providers.md 2.6, 8.2): a `tool_use` block (input as an object) or a
// text block; stop reasons `tool_use`, `end_turn`, `max_tokens`, `refusal` (HTTP 200, `stop_details`).
// Streamed as named events: message_start, content_block_start/delta/stop, message_delta, message_stop.
import { sseEvent, splitForStream } from "../emulator/emulator-sse-frame.js";
import type { EmulatedCall, IdSource, ModelOutput, Reply, Usage } from "../emulator/emulator-types.js";

interface Answer {
  readonly block: Record<string, unknown> | null;
  /** What a stream sends as deltas for the block: the tool input JSON or the text. */
  readonly streamed: string;
  readonly stopReason: "tool_use" | "end_turn" | "max_tokens" | "refusal";
  readonly stopDetails: Record<string, unknown> | null;
}

/**
 * Tool input must be an object; text that is not one (an unconstrained model ignoring the schema)
 * comes back as a text block, as a model that did not call the tool. A cut tool input is sent as
 * `{}` with `max_tokens` [unverified: what the API sends for a tool_use cut in a non-streamed answer].
 */
function answerOf(call: EmulatedCall, output: ModelOutput, ids: IdSource): Answer {
  if (output.kind === "refusal") {
    return { block: null, streamed: "", stopReason: "refusal", stopDetails: { type: "refusal", category: null, explanation: output.text } };
  }
  const toolId = `toolu_01${ids.alnum(22)}`;
  if (output.kind === "truncated") {
    const block = call.deliver === "tool" ? { type: "tool_use", id: toolId, name: call.name, input: {} } : { type: "text", text: output.partial };
    return { block, streamed: output.partial, stopReason: "max_tokens", stopDetails: null };
  }
  const isObject = output.value !== null && typeof output.value === "object" && !Array.isArray(output.value);
  if (call.deliver === "tool" && isObject) {
    return { block: { type: "tool_use", id: toolId, name: call.name, input: output.value }, streamed: output.text, stopReason: "tool_use", stopDetails: null };
  }
  return { block: { type: "text", text: output.text }, streamed: output.text, stopReason: "end_turn", stopDetails: null };
}

/** The fields of the SDK's `Usage` type; those the emulator has no reading of are null, as the API sends them unused. */
function usageBody(usage: Usage, outputTokens: number): Record<string, unknown> {
  return {
    input_tokens: usage.inputTokens,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
    output_tokens: outputTokens,
    output_tokens_details: null,
    server_tool_use: null,
    service_tier: "standard",
    inference_geo: null,
  };
}

export function emulateMessagesAnswer(call: EmulatedCall, output: ModelOutput, usage: Usage, ids: IdSource): Reply {
  const messageId = `msg_01${ids.alnum(22)}`;
  const answer = answerOf(call, output, ids);
  const message = {
    id: messageId,
    type: "message",
    role: "assistant",
    model: call.model,
    content: answer.block === null ? [] : [answer.block],
    stop_reason: answer.stopReason,
    stop_sequence: null,
    stop_details: answer.stopDetails,
    container: null,
    usage: usageBody(usage, usage.outputTokens),
  };
  if (!call.stream) return { kind: "json", status: 200, body: message };
  return streamReply(message, answer, usage);
}

function streamReply(message: Record<string, unknown>, answer: Answer, usage: Usage): Reply {
  const event = (type: string, fields: Record<string, unknown>): string => sseEvent({ type, ...fields }, type);
  const start = { ...message, content: [], stop_reason: null, stop_sequence: null, stop_details: null, usage: usageBody(usage, 1) };
  const events = [event("message_start", { message: start }), event("ping", {})];
  let cutIndex = events.length;
  if (answer.block !== null) {
    const isTool = answer.block.type === "tool_use";
    const opening = isTool ? { ...answer.block, input: {} } : { type: "text", text: "" };
    events.push(event("content_block_start", { index: 0, content_block: opening }));
    const fragments = splitForStream(answer.streamed);
    cutIndex = events.length + 1;
    for (const fragment of fragments) {
      const delta = isTool ? { type: "input_json_delta", partial_json: fragment } : { type: "text_delta", text: fragment };
      events.push(event("content_block_delta", { index: 0, delta }));
    }
    events.push(event("content_block_stop", { index: 0 }));
  }
  const delta = { stop_reason: answer.stopReason, stop_sequence: null, ...(answer.stopDetails === null ? {} : { stop_details: answer.stopDetails }) };
  const deltaUsage = { input_tokens: usage.inputTokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: usage.outputTokens, server_tool_use: null };
  events.push(event("message_delta", { delta, usage: deltaUsage }));
  events.push(event("message_stop", {}));
  return { kind: "sse", events, cutIndex };
}
