// Messages API request (POST {baseUrl}/v1/messages), providers.md 2.1 and 2.6: the schema goes in
// `tools[0].input_schema` (with `strict: true` for the strict mode) or `output_config.format.schema`.
// `output_config.format` is GA, so no beta header is sent unless the caller asks for one.
import { DEFAULT_TOOL_NAME, refuseExtraTools, UnknownModeError, type BuildRequestOptions, type WireRequest } from "../wire/wire-types.js";

export const ANTHROPIC_BASE_URL = "https://api.anthropic.com";
export const ANTHROPIC_VERSION = "2023-06-01";
/** max_tokens is required by the Messages API; this is what the probe needs for a small JSON answer. */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 1024;

export const ANTHROPIC_MODES = ["messages.tools", "messages.tools.strict", "messages.tools.auto", "messages.output_config.format"] as const;

export interface AnthropicRequestOptions extends BuildRequestOptions {
  /** Sent as `anthropic-beta` (comma-joined), e.g. the old `structured-outputs-2025-11-13`. */
  readonly betas?: readonly string[];
}

export function buildAnthropicMessagesRequest(options: AnthropicRequestOptions): WireRequest {
  const stream = options.stream ?? false;
  const body: Record<string, unknown> = {
    model: options.model,
    max_tokens: options.maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
    messages: [{ role: "user", content: options.prompt }],
    ...placeAnthropicSchema(options),
  };
  if (stream) body.stream = true;
  const headers: Record<string, string> = { "content-type": "application/json", "anthropic-version": ANTHROPIC_VERSION };
  if (options.apiKey !== undefined) headers["x-api-key"] = options.apiKey;
  if (options.betas !== undefined && options.betas.length > 0) headers["anthropic-beta"] = options.betas.join(",");
  const baseUrl = (options.baseUrl ?? ANTHROPIC_BASE_URL).replace(/\/+$/, "");
  return { api: "anthropic-messages", url: `${baseUrl}/v1/messages`, method: "POST", headers, body, stream };
}

function placeAnthropicSchema(options: BuildRequestOptions): Record<string, unknown> {
  const name = options.toolName ?? DEFAULT_TOOL_NAME;
  switch (options.mode) {
    case "messages.tools":
      return forcedTool(anthropicTools(options, name, {}), name);
    case "messages.tools.strict":
      // tool_choice `tool` + strict guarantees both a call and schema-following input (providers.md 2.1).
      return forcedTool(anthropicTools(options, name, { strict: true }), name);
    case "messages.tools.auto":
      // What most applications send: the model may call the tool, nothing forces it or its input.
      return { tools: anthropicTools(options, name, {}), tool_choice: { type: "auto" } };
    case "messages.output_config.format":
      refuseExtraTools(options);
      return { output_config: { format: { type: "json_schema", schema: options.schema } } };
    default:
      throw new UnknownModeError("anthropic messages", options.mode, ANTHROPIC_MODES);
  }
}

function forcedTool(tools: readonly Record<string, unknown>[], name: string): Record<string, unknown> {
  return { tools, tool_choice: { type: "tool", name, disable_parallel_tool_use: true } };
}

function anthropicTools(options: BuildRequestOptions, name: string, flags: Record<string, unknown>): Record<string, unknown>[] {
  return [{ name, schema: options.schema }, ...(options.extraTools ?? [])].map((tool) => ({ name: tool.name, ...flags, input_schema: tool.schema }));
}
