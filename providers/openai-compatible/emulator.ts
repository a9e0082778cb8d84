// The OpenAI-compatible emulator (a vLLM-like server, providers.md 4.1): the Chat Completions wire
// format at `/v1/chat/completions`, one mode per schema placement (`chat.response_format`,
// `chat.tools`), auth only when keys are configured (vLLM answers `{"error":"Unauthorized"}`), and
// vLLM-style error bodies. Pass a sub-profile (`profile: "vllm"`) for a specific server's behaviour.
import type { ErrorReply, ProviderEmulator, Route } from "../emulator/emulator-types.js";
import { fillTemplate } from "../emulator/emulator-error-text.js";
import { sseEvent } from "../emulator/emulator-sse-frame.js";
import { emulateChatAnswer } from "../openai/emulate-chat-answer.js";
import { bearerKey } from "../openai/emulator.js";
import { isRequestProblem, readChatCall, type ChatModeNamer } from "../openai/emulator-read-call.js";

/** vLLM's ErrorResponse in its nested form; `type` names the exception class. */
function vllmError(status: number, message: string, type: string): ErrorReply {
  return { status, body: { error: { message, type, param: null, code: status } } };
}

/** One mode per placement, strict flag and tool choice: `chat.tools.strict.auto`, `chat.tools.required`. */
const compatibleModeName: ChatModeNamer = (placement, strict, choice) => `chat.${placement}${strict ? ".strict" : ""}${choice === "named" ? "" : `.${choice}`}`;

const CHAT_PATHS = new Set(["/v1/chat/completions", "/openai/v1/chat/completions"]);

const XGRAMMAR_UNSUPPORTED = "The provided JSON schema contains features not supported by xgrammar.";

export const openaiCompatibleEmulator: ProviderEmulator = {
  provider: "openai-compatible",
  baseUrlPath: "/v1",
  aiSdkPath: "/v1",
  requestId: (ids) => ({ header: "x-request-id", value: `chatcmpl-${ids.hex(32)}` }),
  // Groq's own SDK (groq-sdk) posts to /openai/v1/chat/completions under its base URL.
  route: (method: string, url: URL): Route | null => (method === "POST" && CHAT_PATHS.has(url.pathname) ? { api: "openai-chat" } : null),
  authError(headers, auth) {
    if (!auth.required) return null;
    const key = bearerKey(headers.authorization);
    if (key === null || (auth.keys !== null && !auth.keys.includes(key))) return { status: 401, body: { error: "Unauthorized" } };
    return null;
  },
  readCall(_route, body) {
    const read = readChatCall(body, compatibleModeName);
    if (isRequestProblem(read)) return vllmError(400, read.problem, "BadRequestError");
    // Whether `auto` constrains is the sub-profile's to say (xAI: tool arguments always conform; vLLM: no).
    const { toolChoiceConstrains: _byChoice, ...call } = read;
    return call;
  },
  schemaError: (call, rejection) =>
    vllmError(400, fillTemplate(rejection.template ?? XGRAMMAR_UNSUPPORTED, { name: call.name, kw: rejection.keyword, ...rejection.vars }), "BadRequestError"),
  // Approximation: vLLM's text for a schema its grammar compiler cannot read varies by backend.
  invalidSchemaError: () => vllmError(400, "The provided JSON schema is invalid.", "BadRequestError"),
  rateLimitError: () => vllmError(429, "Too Many Requests", "RateLimitError"),
  serverError: (status) => (status === 500 ? vllmError(500, "Internal Server Error", "InternalServerError") : vllmError(status, "Service Unavailable", "ServiceUnavailableError")),
  notFound: () => ({ status: 404, body: { detail: "Not Found" } }),
  badRequestBody: (detail) => vllmError(400, `JSON decode error: ${detail}`, "BadRequestError"),
  answer: emulateChatAnswer,
  // vLLM writes an exception inside a stream as one `data:` event with the error [approximation: its fields].
  streamError: () => sseEvent({ error: { message: "Internal Server Error", type: "InternalServerError", param: null, code: 500 } }),
};
