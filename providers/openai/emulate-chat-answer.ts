// The emulated Chat Completions answer (providers.md 1.8), plain or streamed: tool calls with JSON-string
// arguments, content, `refusal`, finish reasons `tool_calls` / `stop` / `length`, usage.
import { sseEvent, splitForStream } from "../emulator/emulator-sse-frame.js";
import type { EmulatedCall, IdSource, ModelOutput, Reply, Usage } from "../emulator/emulator-types.js";

interface Answer {
  readonly content: string | null;
  readonly refusal: string | null;
  readonly toolArguments: string | null;
  readonly finishReason: "stop" | "length" | "tool_calls";
}

function answerOf(call: EmulatedCall, output: ModelOutput): Answer {
  if (output.kind === "refusal") return { content: null, refusal: output.text, toolArguments: null, finishReason: "stop" };
  const text = output.kind === "truncated" ? output.partial : output.text;
  const finishReason = output.kind === "truncated" ? "length" : call.deliver === "tool" ? "tool_calls" : "stop";
  return call.deliver === "tool"
    ? { content: null, refusal: null, toolArguments: text, finishReason }
    : { content: text, refusal: null, toolArguments: null, finishReason };
}

export function chatUsageBody(usage: Usage): Record<string, unknown> {
  return {
    prompt_tokens: usage.inputTokens,
    completion_tokens: usage.outputTokens,
    total_tokens: usage.inputTokens + usage.outputTokens,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
  };
}

export function emulateChatAnswer(call: EmulatedCall, output: ModelOutput, usage: Usage, ids: IdSource): Reply {
  const answer = answerOf(call, output);
  const head = { id: `chatcmpl-${ids.alnum(29)}`, created: ids.timestamp(), model: call.model, system_fingerprint: `fp_${ids.hex(10)}` };
  const callId = `call_${ids.alnum(24)}`;
  return call.stream ? streamReply(call, answer, usage, head, callId) : plainReply(call, answer, usage, head, callId);
}

type Head = { id: string; created: number; model: string; system_fingerprint: string };

function plainReply(call: EmulatedCall, answer: Answer, usage: Usage, head: Head, callId: string): Reply {
  const message: Record<string, unknown> = { role: "assistant", content: answer.content, refusal: answer.refusal, annotations: [] };
  if (answer.toolArguments !== null) {
    message.tool_calls = [{ id: callId, type: "function", function: { name: call.name, arguments: answer.toolArguments } }];
  }
  const body = {
    ...head,
    object: "chat.completion",
    choices: [{ index: 0, message, logprobs: null, finish_reason: answer.finishReason }],
    usage: chatUsageBody(usage),
    service_tier: "default",
  };
  return { kind: "json", status: 200, body };
}

function streamReply(call: EmulatedCall, answer: Answer, usage: Usage, head: Head, callId: string): Reply {
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null): string =>
    sseEvent({ ...head, object: "chat.completion.chunk", choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] });
  const first: Record<string, unknown> = { role: "assistant", content: answer.toolArguments === null && answer.refusal === null ? "" : null, refusal: null };
  let fragments: string[];
  let fragmentDelta: (fragment: string) => Record<string, unknown>;
  if (answer.toolArguments !== null) {
    first.tool_calls = [{ index: 0, id: callId, type: "function", function: { name: call.name, arguments: "" } }];
    fragments = splitForStream(answer.toolArguments);
    fragmentDelta = (fragment) => ({ tool_calls: [{ index: 0, function: { arguments: fragment } }] });
  } else if (answer.refusal !== null) {
    fragments = splitForStream(answer.refusal);
    fragmentDelta = (fragment) => ({ refusal: fragment });
  } else {
    fragments = splitForStream(answer.content ?? "");
    fragmentDelta = (fragment) => ({ content: fragment });
  }
  const events = [chunk(first), ...fragments.map((fragment) => chunk(fragmentDelta(fragment))), chunk({}, answer.finishReason)];
  if (call.streamUsage === true) events.push(sseEvent({ ...head, object: "chat.completion.chunk", choices: [], usage: chatUsageBody(usage) }));
  events.push(sseEvent("[DONE]"));
  // Cut after the first fragment: the client has the call's id and name but only part of its arguments.
  return { kind: "sse", events, cutIndex: 2 };
}
