// Chat Completions request (POST {baseUrl}/chat/completions), the schema placed per mode
// (providers.md 1.1, 1.8): `response_format.json_schema.schema` or `tools[0].function.parameters`.
import { DEFAULT_TOOL_NAME, refuseExtraTools, UnknownModeError, type BuildRequestOptions, type WireRequest } from "../wire/wire-types.js";

export const OPENAI_BASE_URL = "https://api.openai.com/v1";

export const OPENAI_CHAT_MODES = [
  "chat.response_format.strict",
  "chat.response_format",
  "chat.tools.strict",
  "chat.tools",
  "chat.tools.auto",
] as const;

export interface ChatFlavour {
  /** OpenAI wants `max_completion_tokens`; local servers still read `max_tokens`. */
  readonly maxTokensField: "max_completion_tokens" | "max_tokens";
  readonly defaultBaseUrl: string;
}

const OPENAI_FLAVOUR: ChatFlavour = { maxTokensField: "max_completion_tokens", defaultBaseUrl: OPENAI_BASE_URL };

export function buildOpenAIChatRequest(options: BuildRequestOptions): WireRequest {
  return buildChatRequest(options, OPENAI_FLAVOUR);
}

export function buildChatRequest(options: BuildRequestOptions, flavour: ChatFlavour): WireRequest {
  const stream = options.stream ?? false;
  const body: Record<string, unknown> = {
    model: options.model,
    messages: [{ role: "user", content: options.prompt }],
    ...placeChatSchema(options),
  };
  if (options.maxTokens !== undefined) body[flavour.maxTokensField] = options.maxTokens;
  if (stream) Object.assign(body, { stream: true, stream_options: { include_usage: true } });
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (options.apiKey !== undefined) headers.authorization = `Bearer ${options.apiKey}`;
  const baseUrl = (options.baseUrl ?? flavour.defaultBaseUrl).replace(/\/+$/, "");
  return { api: "openai-chat", url: `${baseUrl}/chat/completions`, method: "POST", headers, body, stream };
}

function placeChatSchema(options: BuildRequestOptions): Record<string, unknown> {
  const name = options.toolName ?? DEFAULT_TOOL_NAME;
  switch (options.mode) {
    case "chat.response_format.strict":
      refuseExtraTools(options);
      return { response_format: { type: "json_schema", json_schema: { name, schema: options.schema, strict: true } } };
    case "chat.response_format":
      refuseExtraTools(options);
      return { response_format: { type: "json_schema", json_schema: { name, schema: options.schema } } };
    case "chat.tools.strict":
      // One call is all a probe needs. The guide no longer calls strict and parallel calls incompatible,
      // except that fine-tuned models lose strict for parallel calls (openai-docs llms-full.txt).
      return { ...forcedTool(name, [{ name, parameters: options.schema, strict: true }, ...extraFunctions(options, { strict: true })]), parallel_tool_calls: false };
    case "chat.tools":
      // `strict` left out: Chat Completions is non-strict by default (providers.md 1.2), which is what this mode probes.
      return forcedTool(name, [{ name, parameters: options.schema }, ...extraFunctions(options, {})]);
    case "chat.tools.auto":
      // What most applications send: the model may call the tool; vLLM constrains nothing then.
      return { tools: [{ name, parameters: options.schema }, ...extraFunctions(options, {})].map((fn) => ({ type: "function", function: fn })), tool_choice: "auto" };
    default:
      throw new UnknownModeError("openai chat", options.mode, OPENAI_CHAT_MODES);
  }
}

function forcedTool(name: string, functions: readonly Record<string, unknown>[]): Record<string, unknown> {
  return {
    tools: functions.map((fn) => ({ type: "function", function: fn })),
    tool_choice: { type: "function", function: { name } },
  };
}

function extraFunctions(options: BuildRequestOptions, flags: Record<string, unknown>): Record<string, unknown>[] {
  return (options.extraTools ?? []).map((tool) => ({ name: tool.name, parameters: tool.schema, ...flags }));
}
