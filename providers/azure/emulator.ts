// The Azure OpenAI emulator: OpenAI's Chat Completions and Responses behind Azure's URLs and auth.
// Routes: the v1 API (`/openai/v1/chat/completions`, `/openai/v1/responses`, api-version optional) and
// deployments (`/openai/deployments/{deployment}/chat/completions?api-version=…`, `/openai/responses?api-version=…`),
// where the deployment in the path names the model. Auth: the `api-key` header or `Authorization: Bearer`
// (a Microsoft Entra token). Answers carry Azure's content-filter annotations (`prompt_filter_results`,
// per-choice `content_filter_results`; a stream opens with the prompt annotations and no choices).
import type { EmulatedCall, ErrorReply, ProviderEmulator, Reply, Route } from "../emulator/emulator-types.js";
import { sseEvent } from "../emulator/emulator-sse-frame.js";
import { bearerKey, callOrProblem, openaiEmulator, openaiStreamError } from "../openai/emulator.js";
import { OPENAI_BAD_JSON, openaiError } from "../openai/emulator-errors.js";
import { openaiChatModeName, readChatCall, readResponsesCall } from "../openai/emulator-read-call.js";
import { azureAccessDenied, azureApiVersionUnsupported, azureContentFilterError, azureRateLimit, azureResourceNotFound, azureServerError } from "./emulator-errors.js";

/** A dated api-version (`2024-10-21`, `2025-04-01-preview`) or the v1 API's `preview` / `latest`. */
const API_VERSION = /^(?:\d{4}-\d{2}-\d{2}(?:-preview)?|preview|latest|v1)$/;
/** Structured outputs arrived in 2024-08-01-preview: an older dated version has no json_schema or strict. */
const FIRST_STRUCTURED_VERSION = "2024-08-01";
const DEPLOYMENT_CHAT = /^\/openai\/deployments\/([^/]+)\/chat\/completions$/;

const SAFE = { filtered: false, severity: "safe" };
const CONTENT_FILTER_RESULTS = { hate: SAFE, self_harm: SAFE, sexual: SAFE, violence: SAFE };
const PROMPT_FILTER_RESULTS = [{ prompt_index: 0, content_filter_results: { ...CONTENT_FILTER_RESULTS, jailbreak: { filtered: false, detected: false } } }];

export const azureEmulator: ProviderEmulator = {
  provider: "azure",
  // The v1 API, as `new OpenAI({ baseURL })` and createAzure({ baseURL }) take it.
  baseUrlPath: "/openai/v1",
  aiSdkPath: "/openai/v1",
  requestId: (ids) => ({ header: "apim-request-id", value: `${ids.hex(8)}-${ids.hex(4)}-${ids.hex(4)}-${ids.hex(4)}-${ids.hex(12)}` }),
  route(method: string, url: URL): Route | null {
    if (method !== "POST") return null;
    const path = url.pathname.replace(/\/+$/, "");
    if (path === "/openai/v1/chat/completions") return { api: "openai-chat" };
    if (path === "/openai/v1/responses") return { api: "openai-responses" };
    const deployment = DEPLOYMENT_CHAT.exec(path);
    if (deployment !== null) return { api: "openai-chat", model: decodeURIComponent(deployment[1]!) };
    if (path === "/openai/responses") return { api: "openai-responses" };
    return null;
  },
  authError(headers, auth) {
    if (!auth.required) return null;
    const header = headers["api-key"];
    const key = (Array.isArray(header) ? header[0] : header)?.trim() || bearerKey(headers.authorization);
    if (key === null || key === undefined || key === "") return azureAccessDenied();
    if (auth.keys !== null && !auth.keys.includes(key)) return azureAccessDenied();
    return null;
  },
  readCall(route, body, url) {
    const versionProblem = url === undefined ? null : apiVersionProblem(route, url);
    if (versionProblem !== null) return versionProblem;
    // The deployment in the path is the model; the body's `model` is not needed there.
    const named = route.model === undefined ? body : { ...body, model: route.model };
    return callOrProblem(route.api === "openai-responses" ? readResponsesCall(named) : readChatCall(named, openaiChatModeName));
  },
  schemaError: openaiEmulator.schemaError,
  invalidSchemaError: openaiEmulator.invalidSchemaError,
  rateLimitError: (retryAfterS) => azureRateLimit(retryAfterS, "2024-10-21"),
  serverError: azureServerError,
  notFound: () => azureResourceNotFound(),
  badRequestBody: () => openaiError(400, OPENAI_BAD_JSON, "invalid_request_error"),
  answer: (call, output, usage, ids) => withFilterAnnotations(call, openaiEmulator.answer(call, output, usage, ids)),
  streamError: openaiStreamError,
  contentFilterError: () => azureContentFilterError(),
};

/** The deployments style needs an api-version; a dated one before structured outputs knows no json_schema. */
function apiVersionProblem(route: Route, url: URL): ErrorReply | null {
  const version = url.searchParams.get("api-version");
  const v1 = url.pathname.startsWith("/openai/v1/");
  if (version === null) return v1 ? null : azureResourceNotFound();
  if (!API_VERSION.test(version)) return azureApiVersionUnsupported();
  if (route.api === "openai-responses" && !v1 && !version.endsWith("-preview") && version !== "preview") return azureApiVersionUnsupported();
  return version.slice(0, 10) < FIRST_STRUCTURED_VERSION && /^\d/.test(version) ? azureApiVersionUnsupported() : null;
}

function withFilterAnnotations(call: EmulatedCall, reply: Reply): Reply {
  if (call.api !== "openai-chat") return reply;
  if (reply.kind === "json") {
    const body = reply.body as { choices?: Record<string, unknown>[] };
    const choices = (body.choices ?? []).map((choice) => ({ ...choice, content_filter_results: CONTENT_FILTER_RESULTS }));
    return { ...reply, body: { ...body, choices, prompt_filter_results: PROMPT_FILTER_RESULTS } };
  }
  if (reply.kind === "sse") {
    // Azure's first chunk carries only the prompt annotations: `choices` is empty and `model` blank.
    const opening = sseEvent({ id: "", object: "", created: 0, model: "", choices: [], prompt_filter_results: PROMPT_FILTER_RESULTS });
    return { ...reply, events: [opening, ...reply.events], cutIndex: reply.cutIndex + 1 };
  }
  return reply;
}
