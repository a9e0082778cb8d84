// The paged test server over HTTP on 127.0.0.1 (a free port), in-process: Streamable HTTP (stateless,
// one Server per request), or SSE only (POST /mcp answers 404, as a 2024-11-05 server would).
import { createServer, type IncomingMessage, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
// @ts-expect-error: a plain ESM test helper without types
import { pagedServer } from "./paged-mcp-server.mjs";

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length === 0 ? undefined : JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

export async function startHttpMcpServer(kind: "streamable-http" | "sse"): Promise<{ url: string; close: () => Promise<void> }> {
  const sse = new Map<string, SSEServerTransport>();
  const http: HttpServer = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (kind === "streamable-http" && url.pathname === "/mcp") {
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on("close", () => void transport.close());
      await pagedServer().connect(transport);
      await transport.handleRequest(req, res, req.method === "POST" ? await bodyOf(req) : undefined);
      return;
    }
    if (kind === "sse" && req.method === "GET" && url.pathname === "/mcp") {
      const transport = new SSEServerTransport("/messages", res);
      sse.set(transport.sessionId, transport);
      res.on("close", () => sse.delete(transport.sessionId));
      await pagedServer().connect(transport);
      return;
    }
    const session = sse.get(url.searchParams.get("sessionId") ?? "");
    if (kind === "sse" && req.method === "POST" && url.pathname === "/messages" && session) {
      await session.handlePostMessage(req, res);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () => new Promise((resolve) => {
      http.closeAllConnections();
      http.close(() => resolve());
    }),
  };
}
