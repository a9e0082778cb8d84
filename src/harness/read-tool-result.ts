// What the conformance runner reads back from a tool result a dispatcher returned: the call id it
// answers, whether it is flagged as an error (null on OpenAI wires, which have no flag), and its text.
import type { WireFormat } from "./wire-format.js";

export interface ReadResult {
  readonly callId: string | null;
  readonly errorFlag: boolean | null;
  readonly text: string;
}

export function readToolResult(format: WireFormat, result: unknown): ReadResult {
  const record = asRecord(result);
  switch (format) {
    case "openai-chat":
      return { callId: stringOrNull(record.tool_call_id), errorFlag: null, text: contentText(record.content) };
    case "openai-responses":
      return { callId: stringOrNull(record.call_id), errorFlag: null, text: contentText(record.output) };
    case "anthropic":
      return { callId: stringOrNull(record.tool_use_id), errorFlag: record.is_error === true, text: contentText(record.content) };
    case "google": {
      const response = asRecord(record.functionResponse);
      const body = asRecord(response.response);
      const text = typeof body.error === "string" ? body.error : contentText(body);
      return { callId: stringOrNull(response.id), errorFlag: "error" in body, text };
    }
  }
}

/** Which error flag a wire has, for messages: none on OpenAI. */
export function errorFlagName(format: WireFormat): string | null {
  if (format === "anthropic") return "is_error: true";
  if (format === "google") return "response.error";
  return null;
}

/** A string, or the text of content parts (`[{type:"text", text}]`, `[{type:"input_text", text}]`). */
function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((part) => (typeof asRecord(part).text === "string" ? (asRecord(part).text as string) : JSON.stringify(part))).join("\n");
  return content === undefined ? "" : JSON.stringify(content);
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function stringOrNull(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}
