// A small MCP server for tests, made with the official SDK's low-level Server: its tools/list comes in
// pages of two (cursor "2", "4"...), one tool breaks the naming rules of every provider, and one has
// an inputSchema that is not an object. `node paged-mcp-server.mjs [PIDFILE] [hang]`: with "hang" it
// answers nothing at all (never initialises), to test the lab's start-up bound; PIDFILE gets its pid.
import { writeFileSync } from "node:fs";

const [pidFile, mode] = process.argv.slice(2);
const isMain = import.meta.url === `file://${process.argv[1]}`;
// The pid first, before the SDK loads: a test that ends a hung server early still finds it.
if (isMain && pidFile && pidFile !== "-") writeFileSync(pidFile, String(process.pid));
const { Server } = await import("@modelcontextprotocol/sdk/server/index.js");
const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
const { ListToolsRequestSchema } = await import("@modelcontextprotocol/sdk/types.js");

export const PAGED_TOOLS = [
  { name: "get_weather", inputSchema: { type: "object", properties: { city: { type: "string", minLength: 1 } }, required: ["city"] } },
  { name: "set_alarm", inputSchema: { $schema: "http://json-schema.org/draft-07/schema#", type: "object", properties: { at: { type: "integer", minimum: 0, maximum: 86399 } }, required: ["at"] } },
  { name: "weather report v2", inputSchema: { type: "object", properties: {} } },
  { name: "echo", inputSchema: { type: "string" } },
  { name: "count", inputSchema: { type: "object", properties: { n: { type: "integer" } } }, outputSchema: { type: "object", properties: { total: { type: "integer" } }, required: ["total"] } },
];

export function pagedServer() {
  const server = new Server({ name: "paged-test-server", version: "1.4.2" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, (request) => {
    const start = Number(request.params?.cursor ?? 0);
    const end = start + 2;
    return { tools: PAGED_TOOLS.slice(start, end), ...(end < PAGED_TOOLS.length ? { nextCursor: String(end) } : {}) };
  });
  return server;
}

if (isMain) {
  if (mode === "hang") setInterval(() => {}, 1000);
  else await pagedServer().connect(new StdioServerTransport());
}
