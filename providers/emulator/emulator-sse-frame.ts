// SSE framing for emulated streams, and the deterministic split of an answer into delta fragments.

/** One SSE event: `event:` line when the provider names events (Anthropic, Responses), then `data:`. */
export function sseEvent(data: unknown, event?: string): string {
  const payload = typeof data === "string" ? data : JSON.stringify(data);
  return `${event === undefined ? "" : `event: ${event}\n`}data: ${payload}\n\n`;
}

/**
 * The text in about `pieces` fragments (never splitting a UTF-16 surrogate pair), at least one fragment
 * even for empty text, so a stream always has a first delta and a cut can land between fragments.
 */
export function splitForStream(text: string, pieces = 4): string[] {
  const chars = [...text];
  if (chars.length === 0) return [""];
  const size = Math.max(1, Math.ceil(chars.length / pieces));
  const out: string[] = [];
  for (let start = 0; start < chars.length; start += size) out.push(chars.slice(start, start + size).join(""));
  return out;
}
