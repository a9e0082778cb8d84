// One entry point over the per-provider wire adapters: which API a provider:mode speaks, its request
// builder, and the parser (plain or streamed) for what comes back.
import { buildAzureRequest } from "../azure/build-azure-request.js";
import { buildAnthropicMessagesRequest } from "../anthropic/build-anthropic-messages-request.js";
import { parseAnthropicMessagesResponse } from "../anthropic/parse-anthropic-messages-response.js";
import { parseAnthropicMessagesStream } from "../anthropic/parse-anthropic-messages-stream.js";
import { buildBedrockRequest } from "../bedrock/build-bedrock-request.js";
import { parseBedrockConverseResponse, parseBedrockInvokeResponse, refuseBedrockStream } from "../bedrock/parse-bedrock-response.js";
import { buildGeminiRequest } from "../google/build-gemini-request.js";
import { parseGeminiResponse } from "../google/parse-gemini-response.js";
import { parseGeminiStream } from "../google/parse-gemini-stream.js";
import { buildOpenAICompatibleRequest } from "../openai-compatible/build-openai-compatible-request.js";
import { buildOpenAIChatRequest } from "../openai/build-openai-chat-request.js";
import { buildOpenAIResponsesRequest } from "../openai/build-openai-responses-request.js";
import { parseOpenAIChatResponse } from "../openai/parse-openai-chat-response.js";
import { parseOpenAIChatStream } from "../openai/parse-openai-chat-stream.js";
import { parseOpenAIResponsesResponse } from "../openai/parse-openai-responses-response.js";
import { parseOpenAIResponsesStream } from "../openai/parse-openai-responses-stream.js";
import { sendRequest, type SendRequestOptions } from "./wire-send-request.js";
import type { BuildRequestOptions, ProviderId, ProviderResponse, RawResponse, SendOutcome, WireApi, WireRequest } from "./wire-types.js";

/** Where each provider's key is read from; the caller reads it, adapters never touch the environment. */
export const API_KEY_ENV: Readonly<Record<ProviderId, string>> = {
  openai: "OPENAI_API_KEY",
  anthropic: "ANTHROPIC_API_KEY",
  google: "GEMINI_API_KEY",
  "openai-compatible": "SCHEMALAB_API_KEY",
  azure: "AZURE_OPENAI_API_KEY",
  // A Bedrock API key; SigV4 credentials (AWS_ACCESS_KEY_ID...) are read by bedrockAuthFromEnv.
  bedrock: "AWS_BEARER_TOKEN_BEDROCK",
};

export const PROVIDER_IDS: readonly ProviderId[] = [
  "openai",
  "anthropic",
  "google",
  "openai-compatible",
  "azure",
  "bedrock",
];

export function isProviderId(value: string): value is ProviderId {
  return (PROVIDER_IDS as readonly string[]).includes(value);
}

export function buildProviderRequest(provider: ProviderId, options: BuildRequestOptions): WireRequest {
  switch (provider) {
    case "openai":
      return options.mode.startsWith("responses.") ? buildOpenAIResponsesRequest(options) : buildOpenAIChatRequest(options);
    case "anthropic":
      return buildAnthropicMessagesRequest(options);
    case "google":
      return buildGeminiRequest(options);
    case "openai-compatible":
      return buildOpenAICompatibleRequest(options);
    case "azure":
      return buildAzureRequest(options);
    case "bedrock":
      return buildBedrockRequest(options);
  }
}

const PARSERS: Readonly<Record<WireApi, { plain: (raw: RawResponse) => ProviderResponse; stream: (raw: RawResponse) => ProviderResponse }>> = {
  "openai-chat": { plain: parseOpenAIChatResponse, stream: parseOpenAIChatStream },
  "openai-responses": { plain: parseOpenAIResponsesResponse, stream: parseOpenAIResponsesStream },
  "anthropic-messages": { plain: parseAnthropicMessagesResponse, stream: parseAnthropicMessagesStream },
  "gemini-generate": { plain: parseGeminiResponse, stream: parseGeminiStream },
  "bedrock-converse": { plain: parseBedrockConverseResponse, stream: refuseBedrockStream },
  "bedrock-invoke": { plain: parseBedrockInvokeResponse, stream: refuseBedrockStream },
};

export function parseProviderResponse(request: Pick<WireRequest, "api" | "stream">, raw: RawResponse): ProviderResponse {
  const parsers = PARSERS[request.api];
  return request.stream ? parsers.stream(raw) : parsers.plain(raw);
}

export interface ProviderExchange {
  readonly request: WireRequest;
  readonly outcome: SendOutcome;
  /** Present when a response (of any status) came back; absent on network errors. */
  readonly parsed?: ProviderResponse;
}

/** Build, send, parse: one exchange with everything kept for evidence. */
export async function callProvider(provider: ProviderId, options: BuildRequestOptions, send: SendRequestOptions): Promise<ProviderExchange> {
  const request = buildProviderRequest(provider, options);
  const outcome = await sendRequest(request, send);
  if (outcome.kind === "network-error") return { request, outcome };
  return { request, outcome, parsed: parseProviderResponse(request, outcome.response) };
}
