// Gemini generateContent request (providers.md 3.1, 3.7): `generationConfig.responseSchema` (OpenAPI
// dialect) or `responseJsonSchema` (JSON Schema) with `responseMimeType`, or a function declaration's
// `parameters` / `parametersJsonSchema`. Streaming uses `:streamGenerateContent?alt=sse`.
import { DEFAULT_TOOL_NAME, refuseExtraTools, UnknownModeError, type BuildRequestOptions, type WireRequest } from "../wire/wire-types.js";

export const GEMINI_BASE_URL = "https://generativelanguage.googleapis.com";

export const GEMINI_MODES = [
  "generate.responseSchema",
  "generate.responseJsonSchema",
  "generate.functionDeclarations.parameters",
  "generate.functionDeclarations.parametersJsonSchema",
  "generate.functionDeclarations.parameters.auto",
  "generate.functionDeclarations.parametersJsonSchema.auto",
  "generate.functionDeclarations.parameters.any",
  "generate.functionDeclarations.parametersJsonSchema.any",
] as const;

export function buildGeminiRequest(options: BuildRequestOptions): WireRequest {
  const stream = options.stream ?? false;
  const body = buildGeminiBody(options);
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (options.apiKey !== undefined) headers["x-goog-api-key"] = options.apiKey;
  const baseUrl = (options.baseUrl ?? GEMINI_BASE_URL).replace(/\/+$/, "");
  const model = options.model.replace(/^models\//, "");
  const method = stream ? "streamGenerateContent?alt=sse" : "generateContent";
  return { api: "gemini-generate", url: `${baseUrl}/v1beta/models/${encodeURIComponent(model)}:${method}`, method: "POST", headers, body, stream };
}

/**
 * The generateContent body (Vertex AI's generateContent takes the same one). `place` puts the schema:
 * Gemini's own modes by default; Vertex adds `generationConfig.responseFormat` through it.
 */
export function buildGeminiBody(
  options: BuildRequestOptions,
  place: (options: BuildRequestOptions, generationConfig: Record<string, unknown>) => Record<string, unknown> = placeGeminiSchema,
): Record<string, unknown> {
  const generationConfig: Record<string, unknown> = {};
  if (options.maxTokens !== undefined) generationConfig.maxOutputTokens = options.maxTokens;
  const placed = place(options, generationConfig);
  const body: Record<string, unknown> = {
    contents: [{ role: "user", parts: [{ text: options.prompt }] }],
    ...placed,
  };
  if (Object.keys(generationConfig).length > 0) body.generationConfig = generationConfig;
  return body;
}

/** Structured modes write into generationConfig; tool modes return the tools and a forcing toolConfig. */
export function placeGeminiSchema(options: BuildRequestOptions, generationConfig: Record<string, unknown>): Record<string, unknown> {
  const name = options.toolName ?? DEFAULT_TOOL_NAME;
  switch (options.mode) {
    case "generate.responseSchema":
      refuseExtraTools(options);
      Object.assign(generationConfig, { responseMimeType: "application/json", responseSchema: options.schema });
      return {};
    case "generate.responseJsonSchema":
      refuseExtraTools(options);
      Object.assign(generationConfig, { responseMimeType: "application/json", responseJsonSchema: options.schema });
      return {};
    // The forced modes go as ANY + allowedFunctionNames ("guarantees function schema adherence").
    case "generate.functionDeclarations.parameters":
    case "generate.functionDeclarations.parameters.any":
      return forcedFunction(declarations(options, name, "parameters"), name);
    case "generate.functionDeclarations.parametersJsonSchema":
    case "generate.functionDeclarations.parametersJsonSchema.any":
      return forcedFunction(declarations(options, name, "parametersJsonSchema"), name);
    // AUTO (the default): the model may call the function; no schema adherence is promised.
    case "generate.functionDeclarations.parameters.auto":
      return { tools: [{ functionDeclarations: declarations(options, name, "parameters") }], toolConfig: { functionCallingConfig: { mode: "AUTO" } } };
    case "generate.functionDeclarations.parametersJsonSchema.auto":
      return { tools: [{ functionDeclarations: declarations(options, name, "parametersJsonSchema") }], toolConfig: { functionCallingConfig: { mode: "AUTO" } } };
    default:
      throw new UnknownModeError("gemini generateContent", options.mode, GEMINI_MODES);
  }
}

/** ANY + allowedFunctionNames: the model must call this function (providers.md 3.4). */
function forcedFunction(functionDeclarations: readonly Record<string, unknown>[], name: string): Record<string, unknown> {
  return {
    tools: [{ functionDeclarations }],
    toolConfig: { functionCallingConfig: { mode: "ANY", allowedFunctionNames: [name] } },
  };
}

function declarations(options: BuildRequestOptions, name: string, field: "parameters" | "parametersJsonSchema"): Record<string, unknown>[] {
  return [{ name, schema: options.schema }, ...(options.extraTools ?? [])].map((tool) => ({ name: tool.name, [field]: tool.schema }));
}
