// Test support: a RawResponse around a fixture body, as sendRequest would return it.
import type { RawResponse } from "../wire/wire-types.js";

export function rawResponse(body: unknown, status = 200, headers: Record<string, string> = {}): RawResponse {
  const bodyText = typeof body === "string" ? body : JSON.stringify(body);
  return { status, headers, bodyText, chunks: [bodyText], durationMs: 1 };
}

/** SSE text from `data:` payloads (objects are JSON-encoded), optionally with `event:` names. */
export function sseText(events: readonly (unknown | { event: string; data: unknown })[]): string {
  return events
    .map((entry) => {
      const named = entry !== null && typeof entry === "object" && "event" in entry && "data" in entry;
      const data = named ? (entry as { data: unknown }).data : entry;
      const payload = typeof data === "string" ? data : JSON.stringify(data);
      return `${named ? `event: ${(entry as { event: string }).event}\n` : ""}data: ${payload}\n\n`;
    })
    .join("");
}
