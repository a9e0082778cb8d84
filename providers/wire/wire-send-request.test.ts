import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { redactHeaders, sendRequest } from "./wire-send-request.js";
import type { WireRequest } from "./wire-types.js";

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); })));
});

async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const request = (url: string): WireRequest => ({ api: "openai-chat", url, method: "POST", headers: { "content-type": "application/json", authorization: "Bearer sk-secret" }, body: { a: 1 }, stream: false });

describe("sendRequest", () => {
  test("sends the JSON body and headers; returns status, headers and body verbatim", async () => {
    const url = await serve((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        res.writeHead(201, { "x-echo-auth": req.headers.authorization ?? "", "retry-after": "2" });
        res.end(body);
      });
    });
    const outcome = await sendRequest(request(url), { timeoutMs: 2000 });
    expect(outcome.kind).toBe("response");
    if (outcome.kind !== "response") return;
    expect(outcome.response).toMatchObject({ status: 201, bodyText: '{"a":1}' });
    expect(outcome.response.headers).toMatchObject({ "x-echo-auth": "Bearer sk-secret", "retry-after": "2" });
  });

  test("a body cut mid-way keeps the chunks that arrived and names the failure", async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: {\"a\":1}\n\n", () => res.socket?.destroy());
    });
    const outcome = await sendRequest(request(url), { timeoutMs: 2000 });
    if (outcome.kind !== "response") throw new Error("expected a response");
    expect(outcome.response.bodyText).toBe('data: {"a":1}\n\n');
    expect(outcome.response.streamError).toBeDefined();
  });

  test("a timeout and a refused connection are network errors, not exceptions", async () => {
    const slow = await serve(() => undefined);
    expect(await sendRequest(request(slow), { timeoutMs: 50 })).toMatchObject({ kind: "network-error", code: "timeout" });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await sendRequest(request(`http://127.0.0.1:${port}/`), { timeoutMs: 2000 })).toMatchObject({ kind: "network-error", code: "ECONNREFUSED" });
  });

  test("fetchImpl replaces fetch", async () => {
    const outcome = await sendRequest(request("http://example.invalid/"), { timeoutMs: 100, fetchImpl: async () => new Response("ok", { status: 200 }) });
    expect(outcome).toMatchObject({ kind: "response", response: { status: 200, bodyText: "ok" } });
  });
});

describe("redactHeaders", () => {
  test("hides every key header, keeps the rest", () => {
    expect(redactHeaders({ authorization: "Bearer sk-1", "x-api-key": "a", "x-goog-api-key": "b", "content-type": "application/json" })).toEqual({
      authorization: "Bearer <redacted>",
      "x-api-key": "<redacted>",
      "x-goog-api-key": "<redacted>",
      "content-type": "application/json",
    });
  });

  test("hides a SigV4 Authorization (access key id, signature) and the AWS session token", () => {
    const signed = { authorization: "AWS4-HMAC-SHA256 Credential=AKIAEXAMPLE000000000/20261202/us-east-1/bedrock/aws4_request, SignedHeaders=host;x-amz-date, Signature=" + "a".repeat(64), "x-amz-security-token": "FwoGZXIvYXdzEXAMPLETOKEN", "x-amz-date": "20261202T000000Z" };
    expect(redactHeaders(signed)).toEqual({ authorization: "<redacted>", "x-amz-security-token": "<redacted>", "x-amz-date": "20261202T000000Z" });
  });
});
