// The emulated generateContent answer (providers.md 3.5, 3.7): a `functionCall` part (args as an object)
// or JSON text; `STOP`, `MAX_TOKENS`, `SAFETY`; streamed as whole GenerateContentResponse chunks, framed
// as SSE events (`alt=sse`) or as the elements of one JSON array (the API's default).
// Arguments that are not a JSON object cannot be a function call: the answer is MALFORMED_FUNCTION_CALL.
import { sseEvent, splitForStream } from "../emulator/emulator-sse-frame.js";
import type { EmulatedCall, IdSource, ModelOutput, Reply, Usage } from "../emulator/emulator-types.js";

type Candidate = Record<string, unknown>;

interface Shared {
  readonly modelVersion: string;
  readonly responseId: string;
  readonly usage: Usage;
}

export function emulateGenerateAnswer(call: EmulatedCall, output: ModelOutput, usage: Usage, ids: IdSource): Reply {
  const shared: Shared = { modelVersion: call.model, responseId: ids.alnum(22), usage };
  const candidate = candidateOf(call, output);
  if (!call.stream) return { kind: "json", status: 200, body: response([candidate], shared, true) };
  return streamReply(call, output, candidate, shared);
}

function candidateOf(call: EmulatedCall, output: ModelOutput): Candidate {
  if (output.kind === "refusal") {
    return { finishReason: "SAFETY", index: 0, safetyRatings: [{ category: "HARM_CATEGORY_DANGEROUS_CONTENT", probability: "HIGH", blocked: true }] };
  }
  if (output.kind === "truncated") {
    const parts = call.deliver === "tool" ? [] : [{ text: output.partial }];
    return { content: parts.length > 0 ? { parts, role: "model" } : { role: "model" }, finishReason: "MAX_TOKENS", index: 0 };
  }
  if (call.deliver === "text") return { content: { parts: [{ text: output.text }], role: "model" }, finishReason: "STOP", index: 0 };
  const args = output.value;
  if (args === null || typeof args !== "object" || Array.isArray(args)) {
    return { content: { role: "model" }, finishReason: "MALFORMED_FUNCTION_CALL", index: 0, finishMessage: `Malformed function call: ${output.text}` };
  }
  return {
    content: { parts: [{ functionCall: { name: call.name, args } }], role: "model" },
    finishReason: "STOP",
    index: 0,
    finishMessage: "Model generated function call(s).",
  };
}

function response(candidates: readonly Candidate[], shared: Shared, final: boolean): Record<string, unknown> {
  const candidatesTokenCount = final ? shared.usage.outputTokens : 0;
  return {
    candidates,
    usageMetadata: {
      promptTokenCount: shared.usage.inputTokens,
      candidatesTokenCount,
      totalTokenCount: shared.usage.inputTokens + candidatesTokenCount,
      promptTokensDetails: [{ modality: "TEXT", tokenCount: shared.usage.inputTokens }],
    },
    modelVersion: shared.modelVersion,
    responseId: shared.responseId,
  };
}

/**
 * Text arrives in fragments, each a whole response; the last chunk carries the finish reason. A
 * function call arrives whole in one chunk and the finish reason in the next, so a cut after the
 * first chunk leaves a call without an end.
 */
function streamReply(call: EmulatedCall, output: ModelOutput, candidate: Candidate, shared: Shared): Reply {
  const { finishReason, finishMessage, ...rest } = candidate;
  const content = (rest.content ?? { role: "model" }) as { parts?: Record<string, unknown>[]; role: string };
  const finalCandidate = { content: { parts: [{ text: "" }], role: "model" }, finishReason, index: 0, ...(finishMessage === undefined ? {} : { finishMessage }) };
  const chunks: Record<string, unknown>[] = [];
  const textPart = content.parts?.[0]?.text;
  if (typeof textPart === "string" && call.deliver === "text") {
    for (const fragment of splitForStream(textPart)) chunks.push(response([{ content: { parts: [{ text: fragment }], role: "model" }, index: 0 }], shared, false));
  } else if (content.parts !== undefined && content.parts.length > 0) {
    chunks.push(response([{ content, index: 0 }], shared, false));
  }
  if (output.kind === "refusal") chunks.push(response([candidate], shared, true));
  else chunks.push(response([finalCandidate], shared, true));
  const cutIndex = Math.min(1, chunks.length - 1);
  if (call.streamFraming === "json-array") return { kind: "json-array", elements: chunks.map((chunk) => JSON.stringify(chunk, null, 2)), cutIndex };
  return { kind: "sse", events: chunks.map((chunk) => sseEvent(chunk).replace(/\n\n$/, "\r\n\r\n")), cutIndex };
}
