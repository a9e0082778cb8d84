import { execFileSync } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fromRoot } from "../../package-root.js";
import { CatalogError } from "../catalog-error.js";
import { loadCatalogSources, writeCatalogFiles } from "./catalog-sources.js";
import { startHttpMcpServer } from "./test-support/http-mcp-server.js";

const PAGED = fromRoot("src", "schema", "sources", "test-support", "paged-mcp-server.mjs");
const bin = (pkg: string) => fromRoot("node_modules", pkg, "dist", "index.js");

/** The processes this test process started that are still running. */
function children(): number[] {
  try {
    const lines = execFileSync("ps", ["-o", "pid=,comm=", "--ppid", String(process.pid)], { encoding: "utf8" }).split("\n");
    // The ps itself is a child too: left out.
    return lines.map((line) => line.trim().split(/\s+/)).filter(([pid, command]) => Number(pid) > 0 && command !== "ps").map(([pid]) => Number(pid));
  } catch {
    return [];
  }
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("a live MCP server over stdio", () => {
  it("lists every page, names the catalog after the server, names the rules broken, and ends the server", async () => {
    const before = children();
    const pidFile = join(await mkdtemp(join(tmpdir(), "mcp-pid-")), "pid");
    const [source] = await loadCatalogSources([{ kind: "mcp", command: `node ${PAGED} ${pidFile}` }]);
    expect(source!.schemas.map((schema) => schema.id)).toEqual([
      "paged-test-server/get_weather", "paged-test-server/set_alarm", "paged-test-server/weather report v2", "paged-test-server/echo", "paged-test-server/count", "paged-test-server/count#output",
    ]);
    expect(source!.schemas.every((schema) => schema.version === "1.4.2")).toBe(true);
    expect(source!.schemas.find((schema) => schema.name === "set_alarm")!.dialect).toBe("draft7");
    expect(source!.notes[0]).toMatch(/paged-test-server 1\.4\.2 over stdio, 5 tool\(s\) in 3 page\(s\)/);
    const rules = source!.rules.map((rule) => `${rule.tool} ${rule.rule}`);
    expect(rules).toEqual(["weather report v2 tool-name:openai", "weather report v2 tool-name:anthropic", "weather report v2 tool-name:google", "weather report v2 tool-name:mcp", "echo input-root-object"]);
    expect(source!.rules.find((rule) => rule.rule === "input-root-object")!.failsWholeRequestOn).toContain("openai");
    expect(isRunning(Number(await readFile(pidFile, "utf8")))).toBe(false);
    expect(children()).toEqual(before);
  });

  it("gives a catalog file for verbs that read files, removed afterwards", async () => {
    const sources = await loadCatalogSources([{ kind: "mcp", command: `node ${PAGED}` }]);
    const files = await writeCatalogFiles(sources);
    expect(JSON.parse(await readFile(files.paths[0]!, "utf8"))).toMatchObject({ catalog: "paged-test-server", version: "1.4.2", format: "mcp" });
    await files.cleanup();
    await expect(readFile(files.paths[0]!, "utf8")).rejects.toThrow();
  });

  it("refuses a server that never initialises within the bound, naming it, and ends it", async () => {
    const pidFile = join(await mkdtemp(join(tmpdir(), "mcp-pid-")), "pid");
    const command = `node ${PAGED} ${pidFile} hang`;
    const error = await loadCatalogSources([{ kind: "mcp", command }], { mcp: { startMs: 1500 } }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(CatalogError);
    expect((error as Error).message).toContain(`--mcp "${command}"`);
    expect((error as Error).message).toMatch(/did not start and initialise: timed out after 1500 ms/);
    expect(isRunning(Number(await readFile(pidFile, "utf8")))).toBe(false);
  });

  it("refuses a server that dies, with the end of its stderr; the server had the whole environment", async () => {
    process.env.SCHEMALAB_TEST_TOKEN = "t0k3n";
    const command = `node -e "console.error('no config, token ' + process.env.SCHEMALAB_TEST_TOKEN); process.exit(3)"`;
    const error = await loadCatalogSources([{ kind: "mcp", command }]).catch((thrown: unknown) => thrown);
    delete process.env.SCHEMALAB_TEST_TOKEN;
    expect((error as Error).message).toMatch(/closed the connection.*its stderr ended: no config, token t0k3n/);
  });

  it("reads server-filesystem 2025.7.1 as published: every tool but one has lost its parameters", async () => {
    const [source] = await loadCatalogSources([{ kind: "mcp", command: `node ${bin("old-fs")} ${tmpdir()}` }]);
    const broken = source!.rules.filter((rule) => rule.rule === "input-root-object");
    expect(broken.length).toBe(11);
    expect(broken[0]!.message).toMatch(/an empty schema \(only \$schema\)/);
  });
});

describe("a live MCP server over HTTP", () => {
  it("reads Streamable HTTP, and falls back to SSE when that is all the server has", async () => {
    for (const kind of ["streamable-http", "sse"] as const) {
      const server = await startHttpMcpServer(kind);
      try {
        const [source] = await loadCatalogSources([{ kind: "mcp-url", url: server.url }]);
        expect(source!.notes[0], kind).toContain(`over ${kind}, 5 tool(s) in 3 page(s)`);
        expect(source!.schemas).toHaveLength(6);
      } finally {
        await server.close();
      }
    }
  });

  it("names a URL nothing answers", async () => {
    const error = await loadCatalogSources([{ kind: "mcp-url", url: "http://127.0.0.1:9/mcp" }], { mcp: { startMs: 2000 } }).catch((thrown: unknown) => thrown);
    expect((error as Error).message).toMatch(/--mcp-url http:\/\/127\.0\.0\.1:9\/mcp.*neither Streamable HTTP/);
  });
});
