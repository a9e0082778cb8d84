// Cassettes keep what was sent and what came back, minus every key; a replay gives back the same
// status, body chunks, cut streams and network errors, in the order they were recorded.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sendRequest, type FetchLike } from "../../providers/wire/wire-send-request.js";
import type { WireRequest } from "../../providers/wire/wire-types.js";
import { recordingFetch, replayingFetch } from "./cassette.js";

const SECRET = "AIzaSy-secret-key-123456";
const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "schemalab-cassette-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const request: WireRequest = {
  api: "gemini-generate",
  url: `http://127.0.0.1:1/v1beta/models/m:generateContent?key=${SECRET}`,
  method: "POST",
  headers: { "content-type": "application/json", "x-goog-api-key": SECRET },
  body: { contents: [{ parts: [{ text: "hi" }] }] },
  stream: false,
};

function streamOf(chunks: string[], fail?: Error): ReadableStream<Uint8Array> {
  const pending = [...chunks];
  return new ReadableStream({
    pull(controller) {
      const chunk = pending.shift();
      if (chunk !== undefined) controller.enqueue(new TextEncoder().encode(chunk));
      else if (fail) controller.error(fail);
      else controller.close();
    },
  });
}

describe("cassettes", () => {
  it("redact the key from headers, query and bodies, then replay the same response", async () => {
    const dir = freshDir();
    const upstream: FetchLike = async () => new Response(streamOf([`{"error":{"message":"API key ${SECRET} not valid"`, "}}"]), { status: 400, headers: { "retry-after": "2" } });
    const recorded = await sendRequest(request, { timeoutMs: 1000, fetchImpl: recordingFetch(dir, upstream, SECRET) });
    const [file] = readdirSync(dir);
    const text = readFileSync(join(dir, file!), "utf8");
    expect(text).not.toContain(SECRET);
    expect(text).toContain("key=%3Credacted%3E");
    const replayed = await sendRequest(request, { timeoutMs: 1000, fetchImpl: replayingFetch(dir) });
    expect(replayed).toMatchObject({ kind: "response", response: { status: 400, headers: { "retry-after": "2" } } });
    if (recorded.kind === "response" && replayed.kind === "response") expect(replayed.response.bodyText).toBe(recorded.response.bodyText.split(SECRET).join("<redacted>"));
  });

  it("replay a stream cut mid-way and a network error as they happened, call by call", async () => {
    const dir = freshDir();
    const reset = Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNRESET", message: "socket hang up" } });
    const answers: (() => Promise<Response>)[] = [
      async () => new Response(streamOf(["data: {\"a\":"], Object.assign(new TypeError("terminated"), { cause: { code: "UND_ERR_SOCKET" } })), { status: 200 }),
      async () => Promise.reject(reset),
    ];
    const upstream: FetchLike = () => answers.shift()!();
    const record = recordingFetch(dir, upstream, undefined);
    const first = await sendRequest(request, { timeoutMs: 1000, fetchImpl: record });
    const second = await sendRequest(request, { timeoutMs: 1000, fetchImpl: record });
    const replay = replayingFetch(dir);
    expect(await sendRequest(request, { timeoutMs: 1000, fetchImpl: replay })).toMatchObject({ kind: "response", response: { chunks: ["data: {\"a\":"], streamError: expect.stringContaining("UND_ERR_SOCKET") } });
    expect(await sendRequest(request, { timeoutMs: 1000, fetchImpl: replay })).toMatchObject({ kind: "network-error", code: "ECONNRESET" });
    expect(first).toMatchObject({ kind: "response", response: { chunks: ["data: {\"a\":"] } });
    expect(second).toMatchObject({ kind: "network-error", code: "ECONNRESET" });
  });
});
