// The emulated Responses API answer (providers.md 1.9, 8.2): `function_call` items or a `message` with
// `output_text` / `refusal`; `status: "incomplete"` with `max_output_tokens` when cut. Streamed as typed
// events (`event:` line plus a `type` in the JSON), each with a `sequence_number`.
import { sseEvent, splitForStream } from "../emulator/emulator-sse-frame.js";
import type { EmulatedCall, IdSource, ModelOutput, Reply, Usage } from "../emulator/emulator-types.js";

interface Ids {
  readonly responseId: string;
  readonly itemId: string;
  readonly callId: string;
  readonly createdAt: number;
}

type Part = { type: "output_text"; text: string; annotations: [] } | { type: "refusal"; refusal: string };

export function emulateResponsesAnswer(call: EmulatedCall, output: ModelOutput, usage: Usage, source: IdSource): Reply {
  const ids: Ids = {
    responseId: `resp_${source.hex(48)}`,
    itemId: `${call.deliver === "tool" && output.kind !== "refusal" ? "fc" : "msg"}_${source.hex(48)}`,
    callId: `call_${source.alnum(24)}`,
    createdAt: source.timestamp(),
  };
  return call.stream ? streamReply(call, output, usage, ids) : { kind: "json", status: 200, body: responseObject(call, output, usage, ids, "final") };
}

function textOf(output: ModelOutput): string {
  return output.kind === "truncated" ? output.partial : output.text;
}

function outputItem(call: EmulatedCall, output: ModelOutput, ids: Ids, arguments_: string): Record<string, unknown> {
  const itemStatus = output.kind === "truncated" ? "incomplete" : "completed";
  if (call.deliver === "tool" && output.kind !== "refusal") {
    return { type: "function_call", id: ids.itemId, call_id: ids.callId, name: call.name, arguments: arguments_, status: itemStatus };
  }
  const part: Part = output.kind === "refusal" ? { type: "refusal", refusal: output.text } : { type: "output_text", text: textOf(output), annotations: [] };
  return { type: "message", id: ids.itemId, status: itemStatus, role: "assistant", content: [part] };
}

function responseObject(call: EmulatedCall, output: ModelOutput, usage: Usage, ids: Ids, stage: "initial" | "final"): Record<string, unknown> {
  const truncated = output.kind === "truncated";
  const status = stage === "initial" ? "in_progress" : truncated ? "incomplete" : "completed";
  // The fields of the API's Response object (openai-node's `Response` type), settings echoed from the request.
  return {
    id: ids.responseId,
    object: "response",
    created_at: ids.createdAt,
    status,
    background: false,
    completed_at: stage === "final" && !truncated ? ids.createdAt + 1 : null,
    error: null,
    incomplete_details: stage === "final" && truncated ? { reason: "max_output_tokens" } : null,
    max_output_tokens: call.maxTokens ?? null,
    max_tool_calls: null,
    model: call.model,
    output: stage === "initial" ? [] : [outputItem(call, output, ids, textOf(output))],
    prompt_cache_key: null,
    safety_identifier: null,
    service_tier: "default",
    top_logprobs: 0,
    ...RESPONSE_DEFAULTS,
    ...call.echo,
    usage: stage === "initial" ? null : responsesUsageBody(usage),
  };
}

/** For a call read without its request's echo (tests that build an EmulatedCall by hand). */
const RESPONSE_DEFAULTS = {
  instructions: null,
  metadata: {},
  parallel_tool_calls: true,
  temperature: 1,
  top_p: 1,
  tool_choice: "auto",
  tools: [],
  text: { format: { type: "text" } },
  store: true,
  truncation: "disabled",
  reasoning: { effort: null, summary: null },
  previous_response_id: null,
  user: null,
};

function responsesUsageBody(usage: Usage): Record<string, unknown> {
  return {
    input_tokens: usage.inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: usage.outputTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: usage.inputTokens + usage.outputTokens,
  };
}

function streamReply(call: EmulatedCall, output: ModelOutput, usage: Usage, ids: Ids): Reply {
  let sequence = 0;
  const event = (type: string, fields: Record<string, unknown>): string => sseEvent({ type, sequence_number: sequence++, ...fields }, type);
  const initial = responseObject(call, output, usage, ids, "initial");
  const events = [event("response.created", { response: initial }), event("response.in_progress", { response: initial })];
  const finalItem = outputItem(call, output, ids, textOf(output));
  const fragments = splitForStream(output.kind === "refusal" ? output.text : textOf(output));
  const at = { item_id: ids.itemId, output_index: 0 };
  if (finalItem.type === "function_call") {
    events.push(event("response.output_item.added", { output_index: 0, item: { ...finalItem, arguments: "", status: "in_progress" } }));
    const cutIndex = events.length + 1;
    for (const fragment of fragments) events.push(event("response.function_call_arguments.delta", { ...at, delta: fragment }));
    events.push(event("response.function_call_arguments.done", { ...at, arguments: textOf(output) }));
    return finish(events, event, finalItem, call, output, usage, ids, cutIndex);
  }
  const part = (finalItem.content as Part[])[0]!;
  const emptyPart = part.type === "refusal" ? { type: "refusal", refusal: "" } : { type: "output_text", text: "", annotations: [] };
  const deltaType = part.type === "refusal" ? "response.refusal" : "response.output_text";
  events.push(event("response.output_item.added", { output_index: 0, item: { ...finalItem, status: "in_progress", content: [] } }));
  events.push(event("response.content_part.added", { ...at, content_index: 0, part: emptyPart }));
  const cutIndex = events.length + 1;
  for (const fragment of fragments) events.push(event(`${deltaType}.delta`, { ...at, content_index: 0, delta: fragment }));
  const doneField = part.type === "refusal" ? { refusal: part.refusal } : { text: part.text };
  events.push(event(`${deltaType}.done`, { ...at, content_index: 0, ...doneField }));
  events.push(event("response.content_part.done", { ...at, content_index: 0, part }));
  return finish(events, event, finalItem, call, output, usage, ids, cutIndex);
}

function finish(
  events: string[],
  event: (type: string, fields: Record<string, unknown>) => string,
  finalItem: Record<string, unknown>,
  call: EmulatedCall,
  output: ModelOutput,
  usage: Usage,
  ids: Ids,
  cutIndex: number,
): Reply {
  events.push(event("response.output_item.done", { output_index: 0, item: finalItem }));
  const terminal = output.kind === "truncated" ? "response.incomplete" : "response.completed";
  events.push(event(terminal, { response: responseObject(call, output, usage, ids, "final") }));
  return { kind: "sse", events, cutIndex };
}
