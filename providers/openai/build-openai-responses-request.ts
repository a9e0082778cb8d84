// Responses API request (POST {baseUrl}/responses), providers.md 1.1 and 8.1: the schema goes in
// `text.format.schema` (flattened, not under `json_schema`) or in an internally tagged function tool.
import { DEFAULT_TOOL_NAME, refuseExtraTools, UnknownModeError, type BuildRequestOptions, type WireRequest } from "../wire/wire-types.js";
import { OPENAI_BASE_URL } from "./build-openai-chat-request.js";

export const OPENAI_RESPONSES_MODES = [
  "responses.text.format.strict",
  "responses.text.format",
  "responses.tools.strict",
  "responses.tools",
  "responses.tools.default",
] as const;

export function buildOpenAIResponsesRequest(options: BuildRequestOptions): WireRequest {
  const stream = options.stream ?? false;
  const body: Record<string, unknown> = {
    model: options.model,
    input: [{ role: "user", content: options.prompt }],
    ...placeResponsesSchema(options),
  };
  if (options.maxTokens !== undefined) body.max_output_tokens = options.maxTokens;
  if (stream) body.stream = true;
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (options.apiKey !== undefined) headers.authorization = `Bearer ${options.apiKey}`;
  const baseUrl = (options.baseUrl ?? OPENAI_BASE_URL).replace(/\/+$/, "");
  return { api: "openai-responses", url: `${baseUrl}/responses`, method: "POST", headers, body, stream };
}

function placeResponsesSchema(options: BuildRequestOptions): Record<string, unknown> {
  const name = options.toolName ?? DEFAULT_TOOL_NAME;
  switch (options.mode) {
    case "responses.text.format.strict":
      refuseExtraTools(options);
      return { text: { format: { type: "json_schema", name, schema: options.schema, strict: true } } };
    case "responses.text.format":
      refuseExtraTools(options);
      return { text: { format: { type: "json_schema", name, schema: options.schema, strict: false } } };
    case "responses.tools.strict":
      return forcedTool(functionTools(options, name, true), name);
    case "responses.tools":
      // Responses defaults to strict (providers.md 1.2): opting out must be explicit.
      return forcedTool(functionTools(options, name, false), name);
    case "responses.tools.default":
      // `strict` left out: Responses normalises to strict where it can, else falls back to non-strict.
      return forcedTool(functionTools(options, name, undefined), name);
    default:
      throw new UnknownModeError("openai responses", options.mode, OPENAI_RESPONSES_MODES);
  }
}

function forcedTool(tools: readonly Record<string, unknown>[], name: string): Record<string, unknown> {
  return { tools, tool_choice: { type: "function", name }, parallel_tool_calls: false };
}

function functionTools(options: BuildRequestOptions, name: string, strict: boolean | undefined): Record<string, unknown>[] {
  const all = [{ name, schema: options.schema }, ...(options.extraTools ?? [])];
  return all.map((tool) => ({ type: "function", name: tool.name, parameters: tool.schema, ...(strict === undefined ? {} : { strict }) }));
}
