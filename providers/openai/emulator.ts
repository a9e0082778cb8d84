// The OpenAI emulator's wire module: `/v1/chat/completions` and `/v1/responses`, Bearer auth, OpenAI's
// error envelopes, and the answer shapes of both APIs.
import type { AuthPolicy, EmulatedCall, ErrorReply, ProviderEmulator, Route } from "../emulator/emulator-types.js";
import { sseEvent } from "../emulator/emulator-sse-frame.js";
import { emulateChatAnswer } from "./emulate-chat-answer.js";
import { emulateResponsesAnswer } from "./emulate-responses-answer.js";
import {
  OPENAI_BAD_JSON,
  OPENAI_MISSING_KEY,
  openaiError,
  openaiInvalidKey,
  openaiInvalidSchema,
  openaiNotFound,
  openaiRateLimit,
  openaiSchemaError,
  openaiServerError,
} from "./emulator-errors.js";
import { isRequestProblem, openaiChatModeName, readChatCall, readResponsesCall, type CallRead } from "./emulator-read-call.js";

/** The key from `Authorization: Bearer <key>`, or null. */
export function bearerKey(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value === undefined ? null : /^Bearer\s+(\S+)$/i.exec(value.trim());
  return match ? match[1]! : null;
}

export function bearerAuthError(header: string | string[] | undefined, auth: AuthPolicy): ErrorReply | null {
  if (!auth.required) return null;
  const key = bearerKey(header);
  if (key === null) return openaiError(401, OPENAI_MISSING_KEY, "invalid_request_error");
  if (auth.keys !== null && !auth.keys.includes(key)) return openaiInvalidKey(key);
  return null;
}

export function callOrProblem(read: CallRead): EmulatedCall | ErrorReply {
  return isRequestProblem(read) ? openaiError(400, read.problem, "invalid_request_error", read.param) : read;
}

/**
 * A server error inside a stream: Chat Completions sends `data: {"error": {...}}`, Responses an
 * `error` event (openai-node raises on both); the sequence number is not the stream's [approximation].
 */
export function openaiStreamError(call: EmulatedCall): string {
  const message = "The server had an error while processing your request. Sorry about that!";
  if (call.api === "openai-responses") return sseEvent({ type: "error", code: "server_error", message, param: null, sequence_number: 0 }, "error");
  return sseEvent({ error: { message, type: "server_error", param: null, code: null } });
}

export const openaiEmulator: ProviderEmulator = {
  provider: "openai",
  baseUrlPath: "/v1",
  aiSdkPath: "/v1",
  requestId: (ids) => ({ header: "x-request-id", value: `req_${ids.hex(32)}` }),
  route(method: string, url: URL): Route | null {
    if (method !== "POST") return null;
    if (url.pathname === "/v1/chat/completions") return { api: "openai-chat" };
    if (url.pathname === "/v1/responses") return { api: "openai-responses" };
    return null;
  },
  authError: (headers, auth) => bearerAuthError(headers.authorization, auth),
  readCall: (route, body) => callOrProblem(route.api === "openai-responses" ? readResponsesCall(body) : readChatCall(body, openaiChatModeName)),
  schemaError: openaiSchemaError,
  invalidSchemaError: openaiInvalidSchema,
  rateLimitError: openaiRateLimit,
  serverError: openaiServerError,
  notFound: openaiNotFound,
  badRequestBody: () => openaiError(400, OPENAI_BAD_JSON, "invalid_request_error"),
  answer: (call, output, usage, ids) => (call.api === "openai-responses" ? emulateResponsesAnswer(call, output, usage, ids) : emulateChatAnswer(call, output, usage, ids)),
  streamError: openaiStreamError,
};
