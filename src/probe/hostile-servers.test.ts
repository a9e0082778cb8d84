// probe against hostile loopback servers: an endless body, a gzip bomb, a stream line of megabytes, a
// value nested 100k deep, redirects to another origin, a slowloris server, a signal mid-probe, a server
// echoing the key in every form. Each ends in bounded time with the matrix built and the affected cell
// `error` saying why; nothing of the key reaches what is written.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { runProbe, type RunProbeOptions } from "./run-probe.js";
import { chatCompletion, startHostileServer, writeEndlessly, type HostileServer } from "./test-support/hostile-server.js";

const MODE = "chat.response_format.strict";
const servers: HostileServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(handle: Parameters<typeof startHostileServer>[0], host?: string): Promise<HostileServer> {
  const server = await startHostileServer(handle, host);
  servers.push(server);
  return server;
}

function probe(server: HostileServer, options: Partial<RunProbeOptions> = {}) {
  return runProbe({
    provider: "openai-compatible",
    model: "m",
    baseUrl: server.baseUrl,
    modes: [MODE],
    features: ["type:string"],
    retry: { maxRetries: 0 },
    timeoutMs: 10_000,
    ...options,
  });
}

function cellOf(section: Awaited<ReturnType<typeof probe>>): { status: string; evidence: { summary: string } } {
  return section.modes[0]!.features["type:string"]! as { status: string; evidence: { summary: string } };
}

describe("probe against hostile servers: bounded, the cell is error, the run goes on", () => {
  it("an endless body is cut at --max-response-bytes", async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      writeEndlessly(res, "x".repeat(65536), 64 * 1024 * 1024);
    });
    const section = await probe(server, { maxResponseBytes: 512 * 1024 });
    expect(cellOf(section).status).toBe("error");
    expect(cellOf(section).evidence.summary).toContain("response_too_large");
    expect(section.records[0]!.finalState).toBe("too-large");
    expect(section.matrix.modes.length).toBeGreaterThan(0);
  });

  it("a gzip bomb is counted after decompression", async () => {
    const bomb = gzipSync(Buffer.alloc(32 * 1024 * 1024, 0x20));
    const server = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip", "content-length": String(bomb.length) });
      res.end(bomb);
    });
    const section = await probe(server, { maxResponseBytes: 1024 * 1024 });
    expect(cellOf(section).evidence.summary).toContain("response_too_large");
  });

  it("a stream line of megabytes is not parsed", async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end(`data: "${"a".repeat(5 * 1024 * 1024)}"\n\n`);
    });
    const section = await probe(server, { stream: true, retry: { maxRetries: 2, sleep: async () => undefined } });
    expect(cellOf(section).status).toBe("error");
    expect(cellOf(section).evidence.summary).toContain("stream line");
    expect(section.records[0]!).toMatchObject({ finalState: "too-large", retries: 0 });
  });

  it("a value nested 100k deep is that cell's error, with bounded evidence", async () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const server = await serve((_req, res) => res.end(chatCompletion(deep)));
    const section = await probe(server);
    expect(cellOf(section).status).toBe("error");
    expect(cellOf(section).evidence.summary).toContain("too deep");
    expect(JSON.stringify(section).length).toBeLessThan(200_000);
  });

  it("a redirect to another origin is not followed, the body never reaches it, and the redirect is evidence", async () => {
    const elsewhere = await serve((_req, res) => res.end(chatCompletion('"stolen"')));
    const server = await serve((_req, res) => {
      res.writeHead(307, { location: `${elsewhere.origin}/v1/chat/completions?key=sk-leak` });
      res.end();
    });
    const section = await probe(server);
    expect(elsewhere.hits.count).toBe(0);
    expect(cellOf(section).evidence.summary).toContain("redirect_refused");
    expect(section.records[0]!.redirects).toEqual([expect.objectContaining({ status: 307, followed: false, location: `${elsewhere.origin}/v1/chat/completions` })]);
  });

  it("a redirect within the origin is followed and recorded", async () => {
    const server = await serve((req, res) => {
      if (req.url === "/v1/chat/completions") {
        res.writeHead(308, { location: "/v2/chat/completions" });
        res.end();
      } else res.end(chatCompletion('{"nothing":1}'));
    });
    const section = await probe(server);
    expect(server.hits.count).toBe(2);
    expect(section.records[0]!.redirects).toEqual([{ status: 308, location: `${server.origin}/v2/chat/completions`, followed: true }]);
    expect(section.records[0]!.httpStatus).toBe(200);
  });

  it("a slowloris server is bounded by the whole-probe deadline: error 'not finished: deadline', never a verdict", async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(" ")), 100);
      res.on("close", () => clearInterval(timer));
    });
    const started = Date.now();
    const section = await probe(server, { deadlineMs: 600, features: ["type:string", "minLength", "maxLength"], batchSize: 1 });
    expect(Date.now() - started).toBeLessThan(8000);
    expect(section.incomplete).toBe("deadline");
    for (const cell of Object.values(section.modes[0]!.features)) {
      expect(cell.status).toBe("error");
      expect((cell.evidence as { summary: string }).summary).toMatch(/not finished: deadline/);
    }
  });

  it("a stop mid-probe returns the partial section, marked incomplete", async () => {
    const stop = new AbortController();
    const server = await serve(() => stop.abort("SIGTERM"));
    const section = await probe(server, { stop: stop.signal });
    expect(section.incomplete).toBe("SIGTERM");
    expect(cellOf(section).evidence.summary).toContain("not finished: SIGTERM");
  });
});

describe("a server echoing the key in every form writes none of it", () => {
  const KEY = "sk-test-Abc123XyZ987Qwe3456";
  const escaped = [...KEY].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");
  const forms = [KEY, KEY.toUpperCase(), KEY.slice(0, -1), "sk-tes...3456", "sk-txxxxxxxxxxxx3456"];

  it("split across two writes, \\u-escaped, masked, upper-cased or cut: not in cassettes, records or the section", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hostile-key-"));
    try {
      const server = await serve((_req, res) => {
        res.writeHead(400, { "content-type": "application/json", "x-echo": KEY });
        const message = `bad key ${forms.join(" / ")} and ${escaped}`;
        const body = JSON.stringify({ error: { message, type: "invalid_request_error" } }).replace(escaped.replace(/\\/g, "\\\\"), escaped);
        const half = body.indexOf(KEY) + 10;
        res.write(body.slice(0, half));
        setTimeout(() => res.end(body.slice(half)), 20);
      });
      const section = await probe(server, { apiKey: KEY, record: dir });
      const written = [JSON.stringify(section), ...readdirSync(dir).map((name) => readFileSync(join(dir, name), "utf8"))];
      expect(readdirSync(dir).length).toBeGreaterThan(0);
      for (const text of written) {
        const decoded = text.replace(/\\+u([0-9a-f]{4})/gi, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16))).replace(/"\s*,\s*"/g, "").toLowerCase();
        expect(decoded).not.toContain(KEY.slice(3, 15).toLowerCase());
        for (const form of forms) expect(text).not.toContain(form);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
