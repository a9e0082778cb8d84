// What the emulator takes from a client, whoever it is: a body bound (with the provider's own 413 or
// 400 text), header and body timeouts (a socket stuck mid-body is closed), a bounded request log (a
// ring: memory stays flat however many requests come), and keys kept out of what it records.
import type { ProviderId } from "../wire/wire-types.js";
import type { ErrorReply } from "./emulator-types.js";
import { azureBodyTooLarge } from "../azure/emulator-errors.js";

export interface RequestLimits {
  /** Largest request body read (default 32 MB, Anthropic's documented limit). */
  readonly maxBodyBytes: number;
  /** Time to receive the request headers (node's headersTimeout). */
  readonly headersTimeoutMs: number;
  /** Time to receive the whole request, body included (node's requestTimeout). */
  readonly requestTimeoutMs: number;
  /** Requests kept in the handle's `requests` (the oldest are dropped); every one still goes to onRecord. */
  readonly keepRequests: number;
}

export const DEFAULT_REQUEST_LIMITS: RequestLimits = {
  maxBodyBytes: 32 * 1024 * 1024,
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 60_000,
  keepRequests: 1000,
};

/** The provider's answer to a body over its limit, in its own error shape. */
export function bodyTooLargeReply(provider: ProviderId, limit: number): ErrorReply {
  switch (provider) {
    case "anthropic":
      return { status: 413, body: { type: "error", error: { type: "request_too_large", message: "Request exceeds the maximum allowed number of bytes." } } };
    case "google":
      return { status: 400, body: { error: { code: 400, message: `Request payload size exceeds the limit: ${limit} bytes.`, status: "INVALID_ARGUMENT" } } };
    case "openai":
      return { status: 413, body: { error: { message: `Request too large: the request body exceeds ${limit} bytes.`, type: "invalid_request_error", param: null, code: "request_too_large" } } };
    case "azure":
      return azureBodyTooLarge(limit);
    case "bedrock":
      return { status: 413, body: { message: `Request body exceeds ${limit} bytes.` }, headers: { "x-amzn-errortype": "ValidationException:http://internal.amazon.com/coral/com.amazon.bedrock/" } };
    default:
      return { status: 413, body: { error: { message: `Request body exceeds ${limit} bytes.`, type: "BadRequestError", param: null, code: 413 } } };
  }
}

/** A schema the emulator could not read (a `$ref` loop, nesting past the stack): the provider's 400, nothing of the emulator's insides. */
export function unreadableSchemaDetail(error: unknown): string {
  return error instanceof RangeError ? "the schema nests (or refers to itself) too deeply to be read" : "the schema could not be read";
}

const KEY_PARAMS = /^(key|api[_-]?key|access[_-]?token|token)$/i;

/** A request path with its key query parameters (Gemini's `?key=AIza…`) hidden. */
export function redactPath(pathAndQuery: string): string {
  const at = pathAndQuery.indexOf("?");
  if (at === -1) return pathAndQuery;
  const params = new URLSearchParams(pathAndQuery.slice(at + 1));
  for (const name of [...params.keys()]) if (KEY_PARAMS.test(name)) params.set(name, "<redacted>");
  return `${pathAndQuery.slice(0, at)}?${params.toString()}`;
}

/** Thrown by the bounded body read. */
export class BodyTooLargeError extends Error {
  override readonly name = "BodyTooLargeError";
}
