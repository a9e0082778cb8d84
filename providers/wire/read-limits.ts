// The bounds every HTTP read of the lab keeps, whoever the server is: a response body larger than
// `maxResponseBytes` (counted after decompression, so a gzip or brotli bomb stops at the same size), a
// stream with more events or a longer line than any real answer has. Past a bound the read stops and
// says which bound it was: the caller turns that into an error cell, never an out-of-memory crash.

/** Well above any real answer (the largest structured outputs are a few hundred KB). */
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;
/** Streamed answers send one event per token or so: 100k events is far past any max_tokens. */
export const MAX_STREAM_EVENTS = 100_000;
/** One SSE line (one event's data) longer than this is not a provider's. */
export const MAX_STREAM_LINE_CHARS = 4 * 1024 * 1024;

/** The network-error codes a bound produces; none of them is worth a retry. */
export const LIMIT_CODES = new Set(["response_too_large", "redirect_refused", "deadline", "interrupted"]);

/** Thrown (and caught at the read) when a body passes its byte bound. */
export class ResponseTooLargeError extends Error {
  override readonly name = "ResponseTooLargeError";
  readonly code = "response_too_large";
  constructor(readonly limit: number) {
    super(`the response passed ${limit} bytes (after decompression) and was cut there; raise --max-response-bytes if a real answer is this large`);
  }
}

/** The longest line of a text, found in one pass without splitting it. */
export function longestLine(text: string): number {
  let longest = 0;
  let start = 0;
  for (;;) {
    const end = text.indexOf("\n", start);
    const stop = end === -1 ? text.length : end;
    if (stop - start > longest) longest = stop - start;
    if (end === -1) return longest;
    start = end + 1;
  }
}
