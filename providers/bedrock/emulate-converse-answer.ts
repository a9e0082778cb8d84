// The emulated Converse answer: `output.message.content[]` with a `toolUse` block (input as an object)
// or a `text` block, `stopReason` `tool_use` / `end_turn` / `max_tokens`, usage in tokens and
// `metrics.latencyMs`. InvokeModel answers with Claude's Messages body (emulate-messages-answer.ts).
import type { EmulatedCall, IdSource, ModelOutput, Reply, Usage } from "../emulator/emulator-types.js";

function contentOf(call: EmulatedCall, output: ModelOutput, ids: IdSource): { block: Record<string, unknown>; stopReason: string } {
  if (output.kind === "refusal") {
    // How Converse reports Claude's `refusal` stop is not on record: a content filter stop is the nearest [approximation].
    return { block: { text: output.text }, stopReason: "content_filtered" };
  }
  const toolUseId = `tooluse_${ids.alnum(22)}`;
  if (output.kind === "truncated") {
    const block = call.deliver === "tool" ? { toolUse: { toolUseId, name: call.name, input: {} } } : { text: output.partial };
    return { block, stopReason: "max_tokens" };
  }
  const isObject = output.value !== null && typeof output.value === "object" && !Array.isArray(output.value);
  if (call.deliver === "tool" && isObject) return { block: { toolUse: { toolUseId, name: call.name, input: output.value } }, stopReason: "tool_use" };
  return { block: { text: output.text }, stopReason: "end_turn" };
}

export function emulateConverseAnswer(call: EmulatedCall, output: ModelOutput, usage: Usage, ids: IdSource): Reply {
  const { block, stopReason } = contentOf(call, output, ids);
  return {
    kind: "json",
    status: 200,
    body: {
      output: { message: { role: "assistant", content: [block] } },
      stopReason,
      usage: { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, totalTokens: usage.inputTokens + usage.outputTokens },
      metrics: { latencyMs: 1 },
    },
  };
}
