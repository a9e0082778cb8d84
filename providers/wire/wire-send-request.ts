// Plain fetch with bounds: the lab sees exactly what is sent and what comes back, and no server can make
// it read without end. Network trouble (reset, refused, timeout) and a passed bound (too large, a
// redirect to another origin, the probe's deadline) are returned as outcomes, never thrown, so the
// probe can classify them. Redirects are never followed silently: only to the same origin, each one
// kept as evidence; the body never goes to another host.
import { DEFAULT_MAX_RESPONSE_BYTES, LIMIT_CODES, ResponseTooLargeError } from "./read-limits.js";
import type { RawResponse, RedirectHop, SendOutcome, WireRequest } from "./wire-types.js";

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface SendRequestOptions {
  readonly fetchImpl?: FetchLike;
  /** Whole exchange, headers and body; the request is aborted when it passes. */
  readonly timeoutMs: number;
  /** Body bound, counted after decompression (default DEFAULT_MAX_RESPONSE_BYTES). */
  readonly maxResponseBytes?: number;
  /** The caller's stop (a whole-probe deadline, a signal): its reason string becomes the outcome's code. */
  readonly stop?: AbortSignal;
  /** Scrubs secrets from the decoded body (as chunks, so a key split across two reads is still found) and header values. */
  readonly scrub?: { chunks(chunks: readonly string[]): string[]; text(text: string): string };
  /** Same-origin redirects followed at most (default 5). */
  readonly maxRedirects?: number;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export async function sendRequest(request: WireRequest, options: SendRequestOptions): Promise<SendOutcome> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const started = Date.now();
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.stop === undefined ? timeout : eitherSignal(timeout, options.stop);
  const redirects: RedirectHop[] = [];
  const failed = (described: { message: string; code: string }): SendOutcome => ({
    kind: "network-error",
    ...described,
    durationMs: Date.now() - started,
    ...(redirects.length === 0 ? {} : { redirects }),
  });
  let url = request.url;
  let response: Response;
  for (;;) {
    try {
      response = await fetchImpl(url, { method: request.method, headers: request.headers, body: JSON.stringify(request.body), signal, redirect: "manual" });
    } catch (error) {
      return failed(describeStop(options.stop) ?? describeNetworkError(error));
    }
    const next = redirectTarget(response, url);
    if (next === null) break;
    await response.body?.cancel().catch(() => undefined);
    const sameOrigin = next.origin === new URL(url).origin;
    const tooMany = redirects.length >= (options.maxRedirects ?? 5);
    const why = !sameOrigin ? "another origin: the request (body and key) is never sent to another host" : tooMany ? "too many redirects" : undefined;
    redirects.push({ status: response.status, location: next.origin + next.pathname, followed: why === undefined, ...(why === undefined ? {} : { why }) });
    if (why !== undefined) return failed({ code: "redirect_refused", message: `HTTP ${response.status} redirect to ${next.origin}${next.pathname} not followed: ${why}` });
    url = next.href;
  }
  const { chunks, error } = await readChunks(response, options.maxResponseBytes);
  const stopped = error === undefined ? null : (describeStop(options.stop) ?? describeNetworkError(error));
  if (stopped !== null && LIMIT_CODES.has(stopped.code)) return failed(stopped);
  const scrubbed = options.scrub === undefined ? chunks : options.scrub.chunks(chunks);
  const raw: RawResponse = {
    status: response.status,
    headers: headersToRecord(response.headers, options.scrub?.text),
    bodyText: scrubbed.join(""),
    chunks: scrubbed,
    ...(stopped === null ? {} : { streamError: `${stopped.code}: ${stopped.message}` }),
    durationMs: Date.now() - started,
    ...(redirects.length === 0 ? {} : { redirects }),
  };
  return { kind: "response", response: raw };
}

/** AbortSignal.any where the runtime has it (Node 20.3+), else the same by hand. */
function eitherSignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === "function") return AbortSignal.any([a, b]);
  const controller = new AbortController();
  for (const signal of [a, b]) {
    if (signal.aborted) controller.abort(signal.reason);
    else signal.addEventListener("abort", () => controller.abort(signal.reason), { once: true });
  }
  return controller.signal;
}

/** Where a 3xx points, or null when the response is not a redirect (or names nowhere usable). */
function redirectTarget(response: Response, from: string): URL | null {
  if (!REDIRECT_STATUSES.has(response.status)) return null;
  const location = response.headers.get("location");
  if (location === null) return null;
  try {
    return new URL(location, from);
  } catch {
    return null;
  }
}

/** The caller's stop, named by its reason ("deadline", "interrupted"), when it is what ended the read. */
function describeStop(stop: AbortSignal | undefined): { message: string; code: string } | null {
  if (stop === undefined || !stop.aborted) return null;
  const code = typeof stop.reason === "string" ? stop.reason : "interrupted";
  return { code, message: `not finished: ${code}` };
}

/**
 * Read chunk by chunk so a cut stream still yields what arrived before the cut (and the error that cut
 * it). Bytes are counted as they come out of the decoder of the Content-Encoding, so a compressed bomb
 * is cut at the same size as a plain body.
 */
export async function readChunks(response: Response, maxBytes: number = DEFAULT_MAX_RESPONSE_BYTES): Promise<{ chunks: string[]; error?: unknown }> {
  const chunks: string[] = [];
  if (response.body === null) return { chunks };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > maxBytes) {
        const room = value.byteLength - (bytes - maxBytes);
        const text = decoder.decode(value.subarray(0, Math.max(0, room)), { stream: true });
        if (text !== "") chunks.push(text);
        await reader.cancel().catch(() => undefined);
        return { chunks, error: new ResponseTooLargeError(maxBytes) };
      }
      const text = decoder.decode(value, { stream: true });
      if (text !== "") chunks.push(text);
    }
    const tail = decoder.decode();
    if (tail !== "") chunks.push(tail);
    return { chunks };
  } catch (error) {
    return { chunks, error };
  }
}

function headersToRecord(headers: Headers, scrub?: (text: string) => string): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name.toLowerCase()] = scrub === undefined ? value : scrub(value);
  });
  return record;
}

/** undici wraps the socket error in `cause`; the code there (ECONNRESET...) is what tells outcomes apart. */
export function describeNetworkError(error: unknown): { message: string; code: string } {
  const err = error as { name?: string; message?: string; code?: string; cause?: { code?: string; message?: string; errors?: { code?: string }[] } };
  if (err?.name === "TimeoutError" || err?.name === "AbortError") return { message: err.message ?? "timed out", code: "timeout" };
  // Several addresses tried (IPv4 and IPv6) come back as an AggregateError: the first code says enough.
  const code = err?.cause?.code ?? err?.cause?.errors?.[0]?.code ?? err?.code ?? "network_error";
  const message = err?.cause?.message ? `${err.message}: ${err.cause.message}` : (err?.message ?? String(error));
  return { message, code };
}

/** Key headers with their values hidden, for evidence and recordings: keys never reach a file. */
export function redactHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  // x-amz-security-token: an AWS session token (SigV4); the SigV4 Authorization carries the access key id and signature.
  const secret = new Set(["authorization", "x-api-key", "x-goog-api-key", "api-key", "proxy-authorization", "cookie", "x-amz-security-token"]);
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = secret.has(name.toLowerCase()) ? redactValue(value) : value;
  }
  return out;
}

function redactValue(value: string): string {
  return value.startsWith("Bearer ") ? "Bearer <redacted>" : "<redacted>";
}
