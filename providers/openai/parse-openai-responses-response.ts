// Responses API answer (providers.md 1.9, 8.2) to ProviderResponse: `function_call` items, `output_text`
// and `refusal` content parts, `status: "incomplete"` with `incomplete_details.reason`.
import {
  usageFromFields,
  asArray,
  asRecord,
  asString,
  errorResponse,
  isSuccessStatus,
  jsonObjectBody,
  structuredFromText,
  toolCallFromJsonString,
} from "../wire/wire-normalise-answer.js";
import type { ProviderAnswer, ProviderResponse, RawResponse, TokenUsage } from "../wire/wire-types.js";

export interface ResponsesParts {
  readonly text: string | null;
  readonly refusal: string | null;
  readonly calls: readonly { readonly id: string; readonly name: string; readonly arguments: string }[];
}

export interface ResponsesEnd {
  readonly status: string;
  readonly incompleteReason: string | null;
  readonly error: Record<string, unknown> | null;
}

export function parseOpenAIResponsesResponse(raw: RawResponse): ProviderResponse {
  if (!isSuccessStatus(raw.status)) return errorResponse(raw);
  const read = jsonObjectBody(raw);
  if (!read.ok) return read.response;
  return responseFromObject(read.body, raw.status);
}

/** Also used for the `response` carried by a stream's terminal event. */
export function responseFromObject(response: Record<string, unknown>, httpStatus: number): ProviderResponse {
  const end = responsesEnd(response);
  return {
    answer: answerFromResponsesParts(partsFromOutput(asArray(response.output)), end, httpStatus),
    finishReason: responsesFinishReason(end),
    usage: responsesUsage(response.usage),
    model: asString(response.model) ?? null,
  };
}

export function responsesEnd(response: Record<string, unknown>): ResponsesEnd {
  const details = asRecord(response.incomplete_details);
  const error = response.error !== null && typeof response.error === "object" ? asRecord(response.error) : null;
  return { status: asString(response.status) ?? "unknown", incompleteReason: asString(details.reason) ?? null, error };
}

/** `completed`, or the incomplete reason (`max_output_tokens`, `content_filter`) when there is one. */
export function responsesFinishReason(end: ResponsesEnd): string {
  return end.status === "incomplete" && end.incompleteReason !== null ? end.incompleteReason : end.status;
}

export function partsFromOutput(output: readonly unknown[]): ResponsesParts {
  let text: string | null = null;
  let refusal: string | null = null;
  const calls: { id: string; name: string; arguments: string }[] = [];
  for (const entry of output) {
    const item = asRecord(entry);
    if (item.type === "function_call") {
      calls.push({ id: asString(item.call_id) ?? asString(item.id) ?? "", name: asString(item.name) ?? "", arguments: asString(item.arguments) ?? "" });
    }
    if (item.type !== "message") continue;
    for (const part of asArray(item.content).map(asRecord)) {
      if (part.type === "output_text") text = (text ?? "") + (asString(part.text) ?? "");
      if (part.type === "refusal") refusal = (refusal ?? "") + (asString(part.refusal) ?? "");
    }
  }
  return { text, refusal, calls };
}

export function answerFromResponsesParts(parts: ResponsesParts, end: ResponsesEnd, httpStatus: number): ProviderAnswer {
  if (end.status === "failed" || end.error !== null) {
    const error = end.error ?? {};
    return { kind: "error", status: httpStatus, errorType: asString(error.code) ?? "response_failed", message: asString(error.message) ?? "response failed" };
  }
  if (parts.refusal !== null) return { kind: "refusal", text: parts.refusal };
  if (end.status === "incomplete") {
    if (end.incompleteReason === "content_filter") return { kind: "refusal", text: "content_filter" };
    const partial = parts.calls.length > 0 ? parts.calls.map((call) => call.arguments).join("") : (parts.text ?? "");
    return { kind: "truncated", reason: `incomplete: ${end.incompleteReason ?? "unknown"}`, partial };
  }
  if (parts.calls.length > 0) {
    return { kind: "tool-calls", calls: parts.calls.map((call) => toolCallFromJsonString(call.id, call.name, call.arguments)) };
  }
  if (parts.text === null) return { kind: "structured", value: undefined, rawText: "", parseError: "the response has no output_text" };
  return structuredFromText(parts.text);
}

export function responsesUsage(usage: unknown): TokenUsage | null {
  return usageFromFields(usage, "input_tokens", "output_tokens");
}
