// OpenAI-compatible servers (vLLM, llama.cpp, Ollama; providers.md 4): the Chat Completions shape,
// with the base URL as SDKs take it (`http://127.0.0.1:8000/v1`) and a key only when the server wants one.
import { buildChatRequest, type ChatFlavour } from "../openai/build-openai-chat-request.js";
import type { BuildRequestOptions, WireRequest } from "../wire/wire-types.js";

export const OPENAI_COMPATIBLE_BASE_URL = "http://127.0.0.1:8000/v1";

export const OPENAI_COMPATIBLE_MODES = [
  "chat.response_format",
  "chat.tools",
  "chat.tools.auto",
  "chat.response_format.strict",
  "chat.tools.strict",
  "chat.tools.required",
  "chat.tools.strict.auto",
] as const;

const COMPATIBLE_FLAVOUR: ChatFlavour = { maxTokensField: "max_tokens", defaultBaseUrl: OPENAI_COMPATIBLE_BASE_URL };

export function buildOpenAICompatibleRequest(options: BuildRequestOptions): WireRequest {
  // Two tool choices OpenAI's builder does not name: `"required"`, and a strict tool left to `"auto"`
  // (vLLM constrains it when VLLM_ENFORCE_STRICT_TOOL_CALLING is on, its default).
  if (options.mode === "chat.tools.required") return withToolChoice(buildChatRequest({ ...options, mode: "chat.tools" }, COMPATIBLE_FLAVOUR), "required");
  if (options.mode === "chat.tools.strict.auto") return withToolChoice(buildChatRequest({ ...options, mode: "chat.tools.strict" }, COMPATIBLE_FLAVOUR), "auto");
  return buildChatRequest(options, COMPATIBLE_FLAVOUR);
}

function withToolChoice(request: WireRequest, toolChoice: string): WireRequest {
  const { parallel_tool_calls: _parallel, ...body } = request.body;
  return { ...request, body: { ...body, tool_choice: toolChoice } };
}
