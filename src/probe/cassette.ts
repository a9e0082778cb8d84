// Record/replay at the fetch boundary: `--record DIR` keeps each request and its response (or network
// error) as a cassette keyed by a hash of the request path and body (the host is left out so a replay
// does not depend on an emulator's port); `--replay DIR` answers from those files with no network.
// Keys never reach a cassette: auth headers and key query parameters are redacted, and the key's text
// is scrubbed from everything written (error bodies sometimes echo part of it).
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readChunks, redactHeaders, type FetchLike } from "../../providers/wire/wire-send-request.js";
import { readCassettes } from "./read-cassettes.js";
import { redactSecret, secretScrubber, type SecretScrubber } from "./redact-secret.js";

interface CassetteResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly chunks: readonly string[];
  /** The stream broke after these chunks. */
  readonly streamError?: NetworkErrorShape;
}

interface NetworkErrorShape {
  readonly name: string;
  readonly message: string;
  readonly code?: string;
}

export interface Cassette {
  readonly request: { readonly method: string; readonly url: string; readonly headers: Record<string, string>; readonly body: unknown };
  readonly response?: CassetteResponse;
  readonly networkError?: NetworkErrorShape;
}

const KEY_PARAMS = /^(key|api[_-]?key|access[_-]?token|token)$/i;

/** The n-th call with the same path and body gets the n-th cassette, so retries and samples replay in order. */
class CassetteIndex {
  private readonly seen = new Map<string, number>();
  next(url: string, body: string): string {
    const hash = createHash("sha256").update(`${new URL(url).pathname}\n${body}`).digest("hex").slice(0, 24);
    const count = (this.seen.get(hash) ?? 0) + 1;
    this.seen.set(hash, count);
    return `${hash}-${count}.json`;
  }
}

export function recordingFetch(dir: string, inner: FetchLike, secret: string | undefined, maxResponseBytes?: number): FetchLike {
  mkdirSync(dir, { recursive: true });
  const index = new CassetteIndex();
  const scrub = secretScrubber(secret);
  return async (url, init) => {
    const body = String(init.body ?? "");
    const file = join(dir, index.next(url, body));
    const request = { method: init.method ?? "GET", url: redactUrl(url), headers: redactHeaders(headerRecord(init.headers)), body: parseOrText(body) };
    let response: Response;
    try {
      response = await inner(url, init);
    } catch (error) {
      writeCassette(file, { request, networkError: errorShape(error) }, secret);
      throw error;
    }
    // Bounded like any read, and scrubbed as one text before it is split back into chunks: a key sent
    // in two writes is found whole, never kept as two adjacent halves.
    const captured = await captureBody(response, scrub, maxResponseBytes);
    writeCassette(file, { request, response: captured }, secret);
    return replayResponse(captured);
  };
}

export function replayingFetch(dir: string): FetchLike {
  const index = new CassetteIndex();
  const cassettes = readCassettes(dir);
  return async (url, init) => {
    const name = index.next(url, String(init.body ?? ""));
    const cassette = cassettes.get(name);
    if (!cassette) throw rebuildError({ name: "CassetteMiss", message: `no cassette ${join(dir, name)} for this request`, code: "cassette_miss" });
    if (cassette.networkError !== undefined) throw rebuildError(cassette.networkError);
    return replayResponse(cassette.response!);
  };
}

function writeCassette(file: string, cassette: Cassette, secret: string | undefined): void {
  writeFileSync(file, redactSecret(`${JSON.stringify(cassette, null, 2)}\n`, secret));
}

async function captureBody(response: Response, scrub: SecretScrubber, maxResponseBytes: number | undefined): Promise<CassetteResponse> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = scrub.text(value)));
  const { chunks, error } = await readChunks(response, maxResponseBytes);
  return { status: response.status, headers, chunks: scrub.chunks(chunks), ...(error === undefined ? {} : { streamError: errorShape(error) }) };
}

function replayResponse(captured: CassetteResponse): Response {
  const encoder = new TextEncoder();
  const pending = [...captured.chunks];
  // One chunk per pull: erroring a stream drops what is still queued, so the cut comes only after the last chunk is read.
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = pending.shift();
      if (chunk !== undefined) controller.enqueue(encoder.encode(chunk));
      else if (captured.streamError !== undefined) controller.error(rebuildError(captured.streamError));
      else controller.close();
    },
  });
  return new Response(stream, { status: captured.status, headers: captured.headers });
}

/** undici's shape: the socket code sits on `cause`, where describeNetworkError reads it. */
function errorShape(error: unknown): NetworkErrorShape {
  const err = error as { name?: string; message?: string; code?: string; cause?: { code?: string } };
  const code = err?.cause?.code ?? err?.code;
  return { name: err?.name ?? "Error", message: err?.message ?? String(error), ...(code === undefined ? {} : { code }) };
}

function rebuildError(shape: NetworkErrorShape): Error {
  const error = new Error(shape.message);
  error.name = shape.name;
  if (shape.code !== undefined) Object.assign(error, { cause: { code: shape.code, message: shape.message } });
  return error;
}

function redactUrl(url: string): string {
  const parsed = new URL(url);
  for (const name of [...parsed.searchParams.keys()]) if (KEY_PARAMS.test(name)) parsed.searchParams.set(name, "<redacted>");
  return parsed.toString();
}

function headerRecord(headers: RequestInit["headers"]): Record<string, string> {
  const record: Record<string, string> = {};
  new Headers(headers).forEach((value, name) => (record[name] = value));
  return record;
}

function parseOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
