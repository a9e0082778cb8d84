// For a deliberately broken dispatcher: make any answer look finished, the way a dispatcher that never
// reads finish reasons sees it. Plain bodies get a normal finish; streams lose a half-arrived last
// event and gain a terminal one.
import type { ProviderPayload } from "../read-provider-answer.js";
import type { WireFormat } from "../wire-format.js";

const TERMINAL_EVENT: Readonly<Record<WireFormat, string>> = {
  "openai-chat": 'data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}\n\n',
  "openai-responses": 'event: response.completed\ndata: {"type":"response.completed","response":{"status":"completed","output":[]}}\n\n',
  anthropic: 'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"tool_use"}}\n\n',
  google: 'data: {"candidates":[{"content":{"parts":[],"role":"model"},"finishReason":"STOP","index":0}]}\n\n',
};

export function forceCompleteAnswer(provider: WireFormat, input: { response?: unknown; chunks?: readonly string[] }): ProviderPayload {
  if (input.chunks !== undefined) return { chunks: [wholeEvents(input.chunks.join("")), TERMINAL_EVENT[provider]] };
  return { response: finishedBody(provider, structuredClone(input.response) as Record<string, unknown>) };
}

/** Everything up to the last complete event. */
function wholeEvents(text: string): string {
  const end = Math.max(text.lastIndexOf("\n\n") + 2, text.lastIndexOf("\r\n\r\n") + 4, 0);
  return text.slice(0, end);
}

function finishedBody(provider: WireFormat, body: Record<string, unknown>): Record<string, unknown> {
  const first = (list: unknown) => ((list as Record<string, unknown>[] | undefined)?.[0] ?? {}) as Record<string, unknown>;
  switch (provider) {
    case "openai-chat":
      first(body.choices).finish_reason = "tool_calls";
      return body;
    case "openai-responses":
      return { ...body, status: "completed", incomplete_details: null };
    case "anthropic":
      return { ...body, stop_reason: "tool_use", stop_details: null };
    case "google":
      first(body.candidates).finishReason = "STOP";
      return body;
  }
}
