// Captures the tools/list of published MCP servers as fixtures for check's tests (the files beside
// this script, in mcp-tools/). Run by hand, not by tests:
//   npm install --prefix /tmp/mcp -E @modelcontextprotocol/server-filesystem@2026.8.31 \
//     @modelcontextprotocol/server-memory@2026.8.31 @modelcontextprotocol/server-everything@2026.8.31 \
//     @modelcontextprotocol/server-sequential-thinking@2026.8.31
//   npx tsx src/check/test-support/capture-mcp-tools.ts /tmp/mcp
// Each server is spawned over stdio, initialised, asked for tools/list, and its JSON-RPC response
// written as it came (the catalog loader reads that envelope).
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const SERVERS: readonly { name: string; args: (prefix: string) => string[] }[] = [
  { name: "server-filesystem", args: () => ["/tmp"] },
  { name: "server-memory", args: () => [] },
  { name: "server-everything", args: () => ["stdio"] },
  { name: "server-sequential-thinking", args: () => [] },
];

function binOf(prefix: string, name: string): { path: string; version: string } {
  const folder = join(prefix, "node_modules", "@modelcontextprotocol", name);
  const manifest = JSON.parse(readFileSync(join(folder, "package.json"), "utf8")) as { version: string; bin: Record<string, string> | string };
  const bin = typeof manifest.bin === "string" ? manifest.bin : Object.values(manifest.bin)[0]!;
  return { path: join(folder, bin), version: manifest.version };
}

function toolsList(command: string, args: readonly string[]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [command, ...args], { stdio: ["pipe", "pipe", "ignore"] });
    let buffer = "";
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`${command}: no tools/list answer in 20 s`));
    }, 20_000);
    child.stdout.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("utf8");
      for (let end = buffer.indexOf("\n"); end >= 0; end = buffer.indexOf("\n")) {
        const line = buffer.slice(0, end).trim();
        buffer = buffer.slice(end + 1);
        if (line === "") continue;
        const message = JSON.parse(line) as { id?: number };
        if (message.id === 1) {
          child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
          child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} })}\n`);
        } else if (message.id === 2) {
          clearTimeout(timer);
          child.kill();
          resolve(message);
        }
      }
    });
    child.on("error", reject);
    const init = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "schemalab-capture", version: "1" } } };
    child.stdin.write(`${JSON.stringify(init)}\n`);
  });
}

const prefix = process.argv[2];
if (!prefix) throw new Error("usage: capture-mcp-tools.ts NPM_PREFIX");
const out = join(dirname(fileURLToPath(import.meta.url)), "mcp-tools");
for (const server of SERVERS) {
  const { path, version } = binOf(prefix, server.name);
  const answer = await toolsList(path, server.args(prefix));
  writeFileSync(join(out, `${server.name}.json`), `${JSON.stringify(answer, null, 2)}\n`);
  const tools = (answer as { result?: { tools?: unknown[] } }).result?.tools?.length ?? 0;
  console.log(`${server.name}@${version}: ${tools} tools`);
}
