// Plain fetch with a timeout: the lab sees exactly what is sent and what comes back. Network trouble
// (reset, refused, timeout) is returned as an outcome, never thrown, so the probe can classify it.
import type { RawResponse, SendOutcome, WireRequest } from "./wire-types.js";

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface SendRequestOptions {
  readonly fetchImpl?: FetchLike;
  /** Whole exchange, headers and body; the request is aborted when it passes. */
  readonly timeoutMs: number;
}

export async function sendRequest(request: WireRequest, options: SendRequestOptions): Promise<SendOutcome> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const started = Date.now();
  const signal = AbortSignal.timeout(options.timeoutMs);
  let response: Response;
  try {
    response = await fetchImpl(request.url, {
      method: request.method,
      headers: request.headers,
      body: JSON.stringify(request.body),
      signal,
    });
  } catch (error) {
    return { kind: "network-error", ...describeNetworkError(error), durationMs: Date.now() - started };
  }
  const { chunks, streamError } = await readBody(response);
  const raw: RawResponse = {
    status: response.status,
    headers: headersToRecord(response.headers),
    bodyText: chunks.join(""),
    chunks,
    ...(streamError === undefined ? {} : { streamError }),
    durationMs: Date.now() - started,
  };
  return { kind: "response", response: raw };
}

/** Read chunk by chunk so a cut stream still yields what arrived before the cut (and the error that cut it). */
export async function readChunks(response: Response): Promise<{ chunks: string[]; error?: unknown }> {
  const chunks: string[] = [];
  if (response.body === null) return { chunks };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
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

async function readBody(response: Response): Promise<{ chunks: string[]; streamError?: string }> {
  const { chunks, error } = await readChunks(response);
  if (error === undefined) return { chunks };
  const { message, code } = describeNetworkError(error);
  return { chunks, streamError: `${code}: ${message}` };
}

function headersToRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name.toLowerCase()] = value;
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
  const secret = new Set(["authorization", "x-api-key", "x-goog-api-key", "api-key"]);
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = secret.has(name.toLowerCase()) ? redactValue(value) : value;
  }
  return out;
}

function redactValue(value: string): string {
  return value.startsWith("Bearer ") ? "Bearer <redacted>" : "<redacted>";
}
