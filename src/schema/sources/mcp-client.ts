// A live MCP server's tools, through the official @modelcontextprotocol/sdk client: stdio (a command
// the lab starts and always ends) or Streamable HTTP (SSE when the server only has that). The SDK is
// imported only here, and only when an MCP source is used. `tools/list` is read page by page with
// the SDK's loose result schema, not its strict one: the strict client throws away the whole list
// when one tool lacks `type: "object"`, and that tool is exactly what the lab must report.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { splitCommandLine } from "./command-line.js";

export type McpSpec = { readonly kind: "stdio"; readonly command: string } | { readonly kind: "http"; readonly url: string };

export interface McpLimits {
  /** Start-up and `initialize` (default 30 s: an `npx` server may download first). */
  readonly startMs?: number;
  /** Each `tools/list` page (default 30 s). */
  readonly listMs?: number;
}

export interface McpListing {
  /** How the user named the server: the command line or the URL. */
  readonly label: string;
  readonly serverName: string;
  readonly serverVersion: string | null;
  /** The tools as the server sent them, every page in order. */
  readonly tools: readonly Record<string, unknown>[];
  readonly pages: number;
  /** The transport that answered: stdio, streamable-http, or sse (the fallback). */
  readonly transport: "stdio" | "streamable-http" | "sse";
  /** The process id of a stdio server (ended before the listing is returned). */
  readonly pid?: number;
}

/** The server could not be started, hung, died or answered nonsense: bad input (exit 2), naming it. */
export class McpSourceError extends Error {
  override readonly name = "McpSourceError";
}

const DEFAULT_START_MS = 30_000;
const DEFAULT_LIST_MS = 30_000;
/** A server that hands out cursors for ever is cut off here, not followed. */
const MAX_PAGES = 1_000;
const STDERR_TAIL = 600;

export function mcpLabel(spec: McpSpec): string {
  return spec.kind === "stdio" ? `--mcp "${spec.command}"` : `--mcp-url ${spec.url}`;
}

export async function listMcpTools(spec: McpSpec, limits: McpLimits = {}): Promise<McpListing> {
  const label = mcpLabel(spec);
  const sdk = await loadSdk(label);
  if (spec.kind === "stdio") return listOverStdio(spec.command, label, sdk, limits);
  try {
    return await listOver(label, sdk, new sdk.StreamableHTTPClientTransport(parseUrl(spec.url, label)), "streamable-http", limits);
  } catch (error) {
    // Servers of the 2024-11-05 protocol speak SSE only: the SDK's documented fallback.
    if (error instanceof McpSourceError && /timed out/.test(error.message)) throw error;
    try {
      return await listOver(label, sdk, new sdk.SSEClientTransport(parseUrl(spec.url, label)), "sse", limits);
    } catch (sseError) {
      throw new McpSourceError(`${label}: neither Streamable HTTP (${describe(error)}) nor SSE (${describe(sseError)}) answered`);
    }
  }
}

type Sdk = Awaited<ReturnType<typeof importSdk>>;

async function importSdk() {
  const [client, stdio, http, sse, types] = await Promise.all([
    import("@modelcontextprotocol/sdk/client/index.js"),
    import("@modelcontextprotocol/sdk/client/stdio.js"),
    import("@modelcontextprotocol/sdk/client/streamableHttp.js"),
    import("@modelcontextprotocol/sdk/client/sse.js"),
    import("@modelcontextprotocol/sdk/types.js"),
  ]);
  return { Client: client.Client, StdioClientTransport: stdio.StdioClientTransport, StreamableHTTPClientTransport: http.StreamableHTTPClientTransport, SSEClientTransport: sse.SSEClientTransport, ResultSchema: types.ResultSchema };
}

async function loadSdk(label: string): Promise<Sdk> {
  try {
    return await importSdk();
  } catch (error) {
    throw new McpSourceError(`${label}: cannot load @modelcontextprotocol/sdk (${describe(error)}); install it beside schemalab`);
  }
}

function parseUrl(url: string, label: string): URL {
  try {
    return new URL(url);
  } catch {
    throw new McpSourceError(`${label}: not a URL`);
  }
}

async function listOverStdio(command: string, label: string, sdk: Sdk, limits: McpLimits): Promise<McpListing> {
  let words: string[];
  try {
    words = splitCommandLine(command);
  } catch (error) {
    throw new McpSourceError(`${label}: ${(error as Error).message}`);
  }
  const [program, ...args] = words;
  if (program === undefined) throw new McpSourceError(`${label}: an empty command`);
  // The whole environment, as a shell would pass it: the SDK's default keeps only HOME, PATH and a few,
  // and servers read their tokens from it (GITHUB_TOKEN=... schemalab check --mcp "...").
  const env = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const transport = new sdk.StdioClientTransport({ command: program, args, env, stderr: "pipe" });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString("utf8")).slice(-STDERR_TAIL);
  });
  try {
    return await listOver(label, sdk, transport, "stdio", limits, () => transport.pid ?? undefined);
  } catch (error) {
    const tail = stderr.trim().split("\n").slice(-3).join(" | ");
    if (error instanceof McpSourceError) throw new McpSourceError(`${error.message}${tail ? `; its stderr ended: ${tail}` : ""}`);
    throw error;
  }
}

/** Connects, lists every page, and always closes (a stdio server's process is ended by the SDK's close). */
async function listOver(label: string, sdk: Sdk, transport: Transport, kind: McpListing["transport"], limits: McpLimits, pidOf?: () => number | undefined): Promise<McpListing> {
  const client: Client = new sdk.Client({ name: "schemalab", version: "0.1.0" }, { capabilities: {} });
  let pid: number | undefined;
  try {
    await bounded(client.connect(transport, { timeout: limits.startMs ?? DEFAULT_START_MS }), limits.startMs ?? DEFAULT_START_MS, `${label}: did not start and initialise`);
    pid = pidOf?.();
    const server = client.getServerVersion();
    const tools: Record<string, unknown>[] = [];
    const cursors = new Set<string>();
    let cursor: string | undefined;
    let pages = 0;
    do {
      if (++pages > MAX_PAGES) throw new McpSourceError(`${label}: tools/list still had more pages after ${MAX_PAGES}`);
      const listMs = limits.listMs ?? DEFAULT_LIST_MS;
      const page = await bounded(client.request({ method: "tools/list", params: cursor === undefined ? {} : { cursor } }, sdk.ResultSchema, { timeout: listMs }), listMs, `${label}: tools/list page ${pages} did not answer`);
      const { tools: pageTools, nextCursor } = page as { tools?: unknown; nextCursor?: unknown };
      if (!Array.isArray(pageTools)) throw new McpSourceError(`${label}: tools/list page ${pages} has no "tools" array`);
      for (const tool of pageTools) {
        if (typeof tool !== "object" || tool === null || Array.isArray(tool)) throw new McpSourceError(`${label}: tools/list page ${pages} holds a tool that is not an object`);
        tools.push(tool as Record<string, unknown>);
      }
      cursor = typeof nextCursor === "string" && nextCursor !== "" ? nextCursor : undefined;
      if (cursor !== undefined && cursors.has(cursor)) throw new McpSourceError(`${label}: tools/list repeated the cursor ${JSON.stringify(cursor)} (pages would loop)`);
      if (cursor !== undefined) cursors.add(cursor);
    } while (cursor !== undefined);
    return {
      label,
      serverName: server?.name ?? "mcp-server",
      serverVersion: server?.version ?? null,
      tools,
      pages,
      transport: kind,
      ...(pid === undefined ? {} : { pid }),
    };
  } catch (error) {
    // A hung server would wait out the SDK's 2 s grace after stdin closes: it has had its time already.
    const hung = pidOf?.();
    if (error instanceof McpSourceError && /timed out/.test(error.message) && hung !== undefined) killQuietly(hung);
    if (error instanceof McpSourceError) throw error;
    throw new McpSourceError(`${label}: ${describe(error)}`);
  } finally {
    await client.close().catch(() => undefined);
    await transport.close().catch(() => undefined);
  }
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, "SIGTERM");
  } catch {
    // already gone
  }
}

/** The promise, or a named refusal once `ms` have passed (the finally above then ends the server). */
async function bounded<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new McpSourceError(`${what}: timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/Connection closed/i.test(message)) return "the server closed the connection (it exited or crashed)";
  if (/ENOENT/.test(message)) return `cannot run the command (${message})`;
  return message.replace(/\s+/g, " ").slice(0, 300);
}
