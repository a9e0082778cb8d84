// OpenAI-compatible servers (vLLM, llama.cpp, Ollama; providers.md 4): the Chat Completions shape,
// with the base URL as SDKs take it (`http://127.0.0.1:8000/v1`) and a key only when the server wants one.
import { buildChatRequest, type ChatFlavour } from "../openai/build-openai-chat-request.js";
import type { BuildRequestOptions, WireRequest } from "../wire/wire-types.js";

export const OPENAI_COMPATIBLE_BASE_URL = "http://127.0.0.1:8000/v1";

export const OPENAI_COMPATIBLE_MODES = ["chat.response_format", "chat.tools", "chat.tools.auto", "chat.response_format.strict", "chat.tools.strict"] as const;

const COMPATIBLE_FLAVOUR: ChatFlavour = { maxTokensField: "max_tokens", defaultBaseUrl: OPENAI_COMPATIBLE_BASE_URL };

export function buildOpenAICompatibleRequest(options: BuildRequestOptions): WireRequest {
  return buildChatRequest(options, COMPATIBLE_FLAVOUR);
}
