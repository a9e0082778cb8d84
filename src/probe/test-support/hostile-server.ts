// A loopback server that answers as a hostile or broken OpenAI-compatible server would: the handler
// decides. Every writer here stops by itself (a byte budget or the client going away).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface HostileServer {
  readonly origin: string;
  readonly baseUrl: string;
  readonly hits: { count: number };
  close(): Promise<void>;
}

export async function startHostileServer(handle: (req: IncomingMessage, res: ServerResponse, body: string) => unknown, host = "127.0.0.1"): Promise<HostileServer> {
  const hits = { count: 0 };
  const server: Server = createServer((req, res) => {
    res.on("error", () => undefined);
    req.on("error", () => undefined);
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      hits.count += 1;
      void Promise.resolve(handle(req, res, Buffer.concat(chunks).toString("utf8"))).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    baseUrl: `${origin}/v1`,
    hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A chat completion whose message content is `content` (the model's text). */
export function chatCompletion(content: string): string {
  return JSON.stringify({
    id: "chatcmpl-1",
    object: "chat.completion",
    model: "m",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  });
}

/** Writes `chunk` until the client goes away or `maxBytes` are out (a bound for the test, not for the client). */
export function writeEndlessly(res: ServerResponse, chunk: string, maxBytes: number): void {
  let sent = 0;
  const pump = (): void => {
    while (!res.destroyed && sent < maxBytes) {
      sent += chunk.length;
      if (!res.write(chunk)) {
        res.once("drain", pump);
        return;
      }
    }
    res.end();
  };
  pump();
}
