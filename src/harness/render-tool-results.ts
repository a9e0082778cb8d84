// Tool results in each provider's own shape, correlated by the call id, with the provider's error flag
// where it has one (providers.md 1.8, 1.9, 2.6, 3.4, 8.1): OpenAI has none, so the text says "Error".
import type { WireFormat } from "./wire-format.js";

/** A tool result exactly as it goes back to the provider (a chat message, an input item, a content block, a part). */
export type ToolResult = Readonly<Record<string, unknown>>;

export type ResultBody = { readonly kind: "output"; readonly output: unknown } | { readonly kind: "error"; readonly message: string };

export interface ResultFor {
  readonly callId: string;
  readonly toolName: string;
  readonly body: ResultBody;
}

export function renderToolResult(format: WireFormat, result: ResultFor): ToolResult {
  const text = resultText(result.body);
  const isError = result.body.kind === "error";
  switch (format) {
    case "openai-chat":
      return { role: "tool", tool_call_id: result.callId, content: text };
    case "openai-responses":
      return { type: "function_call_output", call_id: result.callId, output: text };
    case "anthropic":
      return { type: "tool_result", tool_use_id: result.callId, content: text, ...(isError ? { is_error: true } : {}) };
    case "google":
      return { functionResponse: googleFunctionResponse(result) };
  }
}

function resultText(body: ResultBody): string {
  if (body.kind === "error") return `Error: ${body.message}`;
  return typeof body.output === "string" ? body.output : (JSON.stringify(body.output) ?? "null");
}

/** Gemini reads `output` as the function's output and `error` as its failure; the id is sent back only when the call had one. */
function googleFunctionResponse(result: ResultFor): Record<string, unknown> {
  const response = result.body.kind === "error" ? { error: result.body.message } : { output: result.body.output ?? null };
  return { ...(result.callId === "" ? {} : { id: result.callId }), name: result.toolName, response };
}
