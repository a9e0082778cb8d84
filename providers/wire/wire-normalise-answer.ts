// Pieces every provider parser shares: JSON text to value (with the parse error kept), tool calls,
// HTTP error envelopes to `{kind:"error"}`, and Retry-After.
import { MALFORMED_RESPONSE, type ProviderAnswer, type ProviderResponse, type RawResponse, type TokenUsage, type ToolCall } from "./wire-types.js";

export type JsonParse = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: string };

export function parseJsonText(text: string): JsonParse {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

/** OpenAI's arguments arrive as a JSON string: parse it, and keep the failure rather than inventing `{}`. */
export function toolCallFromJsonString(id: string, name: string, rawArguments: string): ToolCall {
  const parsed = parseJsonText(rawArguments);
  return parsed.ok
    ? { id, name, arguments: parsed.value, rawArguments }
    : { id, name, arguments: undefined, rawArguments, parseError: parsed.error };
}

/** Anthropic and Gemini send arguments as objects already. */
export function toolCallFromObject(id: string, name: string, args: unknown): ToolCall {
  return { id, name, arguments: args, rawArguments: JSON.stringify(args ?? null) };
}

export function structuredFromText(text: string): ProviderAnswer {
  const parsed = parseJsonText(text);
  return parsed.ok
    ? { kind: "structured", value: parsed.value, rawText: text }
    : { kind: "structured", value: undefined, rawText: text, parseError: parsed.error };
}

/** Retry-After in seconds (delta-seconds or an HTTP date), or undefined. */
export function retryAfterSeconds(headers: Readonly<Record<string, string>>): number | undefined {
  const value = headers["retry-after"];
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** Gemini puts the wait in `details[].retryDelay` ("27s") instead of (or beside) a header. */
function googleRetryDelay(error: Record<string, unknown>): number | undefined {
  const details = Array.isArray(error.details) ? error.details : [];
  for (const detail of details) {
    const delay = (detail as Record<string, unknown>)?.retryDelay;
    if (typeof delay === "string" && /^\d+(\.\d+)?s$/.test(delay)) return Number(delay.slice(0, -1));
  }
  return undefined;
}

/**
 * Any provider's error body to `{kind:"error"}`: OpenAI `{error:{message,type,code}}`, Anthropic
 * `{type:"error",error:{type,message}}`, Gemini `{error:{code,message,status}}`, vLLM
 * `{object:"error",message,type}` or `{error:"Unauthorized"}`.
 */
export function errorAnswerFromBody(status: number, bodyText: string, headers: Readonly<Record<string, string>>): ProviderAnswer {
  const parsed = parseJsonText(bodyText);
  const retryFromHeader = retryAfterSeconds(headers);
  const base = { kind: "error" as const, status };
  if (!parsed.ok || parsed.value === null || typeof parsed.value !== "object") {
    return withRetry({ ...base, errorType: `http_${status}`, message: bodyText.slice(0, 2000) }, retryFromHeader);
  }
  const body = parsed.value as Record<string, unknown>;
  const inner = body.error;
  if (typeof inner === "string") return withRetry({ ...base, errorType: `http_${status}`, message: inner }, retryFromHeader);
  if (inner !== null && typeof inner === "object") {
    const error = inner as Record<string, unknown>;
    const errorType = firstString(error.type, error.status, error.code) ?? `http_${status}`;
    const message = firstString(error.message) ?? bodyText;
    return withRetry({ ...base, errorType, message }, retryFromHeader ?? googleRetryDelay(error));
  }
  const errorType = firstString(body.type, body.code) ?? `http_${status}`;
  return withRetry({ ...base, errorType, message: firstString(body.message) ?? bodyText }, retryFromHeader);
}

function withRetry(answer: ProviderAnswer & { kind: "error" }, retryAfterS: number | undefined): ProviderAnswer {
  return retryAfterS === undefined ? answer : { ...answer, retryAfterS };
}

function firstString(...values: unknown[]): string | undefined {
  for (const value of values) {
    if (typeof value === "string" && value !== "") return value;
    if (typeof value === "number") return String(value);
  }
  return undefined;
}

/** A non-2xx response, whatever the API: the answer is the error, nothing else is known. */
export function errorResponse(raw: RawResponse): ProviderResponse {
  return { answer: errorAnswerFromBody(raw.status, raw.bodyText, raw.headers), finishReason: null, usage: null, model: null };
}

export function malformedResponse(raw: RawResponse, detail: string): ProviderResponse {
  return {
    answer: { kind: "error", status: raw.status, errorType: MALFORMED_RESPONSE, message: detail },
    finishReason: null,
    usage: null,
    model: null,
  };
}

export type JsonBody =
  | { readonly ok: true; readonly body: Record<string, unknown> }
  | { readonly ok: false; readonly response: ProviderResponse };

/** The body as a JSON object, or a malformed-response outcome naming why not. */
export function jsonObjectBody(raw: RawResponse): JsonBody {
  const parsed = parseJsonText(raw.bodyText);
  if (!parsed.ok) return { ok: false, response: malformedResponse(raw, `response body is not JSON: ${parsed.error}`) };
  if (parsed.value === null || typeof parsed.value !== "object" || Array.isArray(parsed.value)) {
    return { ok: false, response: malformedResponse(raw, "response body is not a JSON object") };
  }
  return { ok: true, body: parsed.value as Record<string, unknown> };
}

export function isSuccessStatus(status: number): boolean {
  return status >= 200 && status < 300;
}

/** Narrow an unknown JSON node to a record, or an empty one. */
export function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function asString(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

export function asNumber(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

/** Token usage read from a provider's usage object by its own field names; null when there is none. */
export function usageFromFields(usage: unknown, inputField: string, outputField: string): TokenUsage | null {
  if (usage === null || typeof usage !== "object") return null;
  const record = asRecord(usage);
  return { inputTokens: asNumber(record[inputField]), outputTokens: asNumber(record[outputField]) };
}
