// Bedrock Runtime answers to ProviderResponse. Converse: `output.message.content[]` with `toolUse`
// (`input` is an object) or `text` blocks, `stopReason` (`tool_use`, `end_turn`, `max_tokens`,
// `guardrail_intervened`, `content_filtered`...), `usage.inputTokens/outputTokens`. InvokeModel with
// Claude: Claude's own Messages answer. Errors on both: the type in the `x-amzn-ErrorType` header
// (`ValidationException:http://internal.amazon.com/coral/com.amazon.bedrock/`) or the body's `__type`,
// the text in `{"message": …}` (`Message` from some front ends).
import { parseAnthropicMessagesResponse } from "../anthropic/parse-anthropic-messages-response.js";
import { asArray, asNumber, asRecord, asString, isSuccessStatus, jsonObjectBody, retryAfterSeconds, structuredFromText } from "../wire/wire-normalise-answer.js";
import type { ProviderAnswer, ProviderResponse, RawResponse, ToolCall } from "../wire/wire-types.js";

const TRUNCATING_STOPS = new Set(["max_tokens", "model_context_window_exceeded"]);
/** Stops where a filter, not the model, ended the answer: nothing schema-shaped is owed. */
const FILTERED_STOPS = new Set(["guardrail_intervened", "content_filtered"]);

/** `ValidationException:http://…` → `ValidationException`; the body's `__type` may carry a namespace (`com.amazon…#ThrottlingException`). */
function errorTypeOf(raw: RawResponse, body: Record<string, unknown> | null): string {
  const header = raw.headers["x-amzn-errortype"];
  const named = header ?? asString(body?.__type) ?? asString(body?.code);
  if (named === undefined || named === "") return `http_${raw.status}`;
  return named.split(":")[0]!.split("#").at(-1)!;
}

export function bedrockErrorResponse(raw: RawResponse): ProviderResponse {
  const read = jsonObjectBody(raw);
  const body = read.ok ? read.body : null;
  const message = asString(body?.message) ?? asString(body?.Message) ?? raw.bodyText.slice(0, 2000);
  const retryAfterS = retryAfterSeconds(raw.headers);
  const answer: ProviderAnswer = { kind: "error", status: raw.status, errorType: errorTypeOf(raw, body), message, ...(retryAfterS === undefined ? {} : { retryAfterS }) };
  return { answer, finishReason: null, usage: null, model: null };
}

export function parseBedrockConverseResponse(raw: RawResponse): ProviderResponse {
  if (!isSuccessStatus(raw.status)) return bedrockErrorResponse(raw);
  const read = jsonObjectBody(raw);
  if (!read.ok) return read.response;
  const body = read.body;
  const content = asArray(asRecord(asRecord(body.output).message).content).map(asRecord);
  let text: string | null = null;
  const calls: ToolCall[] = [];
  for (const block of content) {
    if (typeof block.text === "string") text = (text ?? "") + block.text;
    const toolUse = asRecord(block.toolUse);
    if (block.toolUse !== undefined) {
      calls.push({ id: asString(toolUse.toolUseId) ?? "", name: asString(toolUse.name) ?? "", arguments: toolUse.input, rawArguments: JSON.stringify(toolUse.input ?? null) });
    }
  }
  const stopReason = asString(body.stopReason) ?? null;
  const usage = asRecord(body.usage);
  return {
    answer: converseAnswer(text, calls, stopReason),
    finishReason: stopReason,
    usage: body.usage === undefined ? null : { inputTokens: asNumber(usage.inputTokens), outputTokens: asNumber(usage.outputTokens) },
    // Converse does not echo the model id (it is in the URL).
    model: null,
  };
}

function converseAnswer(text: string | null, calls: readonly ToolCall[], stopReason: string | null): ProviderAnswer {
  if (stopReason !== null && FILTERED_STOPS.has(stopReason)) return { kind: "refusal", text: text ?? `stopReason: ${stopReason}` };
  if (stopReason !== null && TRUNCATING_STOPS.has(stopReason)) {
    const partial = calls.length > 0 ? calls.map((call) => call.rawArguments).join("") : (text ?? "");
    return { kind: "truncated", reason: `stopReason: ${stopReason}`, partial };
  }
  if (calls.length > 0) return { kind: "tool-calls", calls };
  if (text === null) return { kind: "structured", value: undefined, rawText: "", parseError: "the message has no text block" };
  return structuredFromText(text);
}

/** InvokeModel answers with the model's own body (Claude's Messages answer); its errors are Bedrock's. */
export function parseBedrockInvokeResponse(raw: RawResponse): ProviderResponse {
  if (!isSuccessStatus(raw.status)) return bedrockErrorResponse(raw);
  return parseAnthropicMessagesResponse(raw);
}

/** Streams are not read (AWS event-stream framing): a streamed exchange is never built, so this only guards. */
export function refuseBedrockStream(raw: RawResponse): ProviderResponse {
  return { answer: { kind: "error", status: raw.status, errorType: "unsupported_stream", message: "bedrock streams (application/vnd.amazon.eventstream) are not read by this adapter" }, finishReason: null, usage: null, model: null };
}
