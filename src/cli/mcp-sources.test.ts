import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { describe, expect, it } from "vitest";
import { fromRoot } from "../package-root.js";
import type { CheckResult, CompatSection, FuzzSection } from "../report/model.js";
import { tempFolder } from "../diff/test-support/temp-catalog.js";
import { memoryIo } from "./io.js";
import { main } from "./main.js";
import { parseCheckJson } from "../check/compact-expand.js";

const node = (pkg: string, ...args: string[]) => ["node", fromRoot("node_modules", pkg, "dist", "index.js"), ...args].join(" ");
// The four reference servers as published, started with node on their installed bin (no download).
const SERVERS = {
  "server-filesystem": node("@modelcontextprotocol/server-filesystem", tmpdir()),
  "server-memory": node("@modelcontextprotocol/server-memory"),
  "server-everything": node("@modelcontextprotocol/server-everything"),
  "server-sequential-thinking": node("@modelcontextprotocol/server-sequential-thinking"),
};

async function run(...argv: string[]) {
  const io = memoryIo();
  const code = await main(argv, io);
  return { code, ...io };
}

function children(): string[] {
  const lines = execFileSync("ps", ["-o", "pid=,comm=", "--ppid", String(process.pid)], { encoding: "utf8" }).split("\n");
  return lines.map((line) => line.trim()).filter((line) => line !== "" && !line.endsWith(" ps"));
}

describe("check and fuzz on live MCP servers", () => {
  // One run of each verb over the four servers: one fuzz worker start instead of four.
  it("checks and fuzzes four real servers as they list their tools, and ends every one", async () => {
    const before = children();
    const sources = Object.values(SERVERS).flatMap((command) => ["--mcp", command]);
    const checked = await run("check", ...sources, "--target", "anthropic:messages.tools", "--format", "json", "--workers", "0");
    expect(checked.code, checked.stderr).toBe(0);
    const results = parseCheckJson(checked.stdout).results;
    const catalogs = new Set(results.map((result) => result.schemaId.split("/")[0]));
    expect([...catalogs].sort()).toEqual(["mcp-servers-everything", "memory-server", "secure-filesystem-server", "sequential-thinking-server"]);
    expect(checked.stderr.match(/over stdio, \d+ tool\(s\) in 1 page\(s\)/g)).toHaveLength(4);
    const regressions = await tempFolder();
    const fuzzed = await run("fuzz", ...sources, "--runs", "400", "--seed", "1", "--workers", "1", "--regressions", regressions, "--format", "json", "--fail-on-unsupported");
    const section = JSON.parse(fuzzed.stdout) as FuzzSection;
    expect(section.unsupported, fuzzed.stderr).toEqual([]);
    // Every schema checked is fuzzed (tool results too: check reports those apart).
    const fuzzedIds = new Set(section.targets.map((target) => target.schemaId));
    for (const result of results) expect(fuzzedIds.has(result.schemaId), result.schemaId).toBe(true);
    expect(new Set([...fuzzedIds].map((id) => id.split("/")[0]))).toEqual(catalogs);
    expect(section.targets.every((target) => target.cases > 0)).toBe(true);
    expect(fuzzed.code).toBe(0);
    expect(children()).toEqual(before);
  });

  it("fails the check on a server whose tool fails a whole request there (server-filesystem 2025.7.1)", async () => {
    const checked = await run("check", "--mcp", node("old-fs", tmpdir()), "--target", "openai:chat.tools", "--workers", "0");
    expect(checked.code).toBe(1);
    expect(checked.stderr).toMatch(/✗ secure-filesystem-server\/read_file: input-root-object: .*makes the whole request fail on openai/);
  });
});

describe("compat between two published versions of one server", () => {
  it("server-sequential-thinking 2025.7.1 → 2026.8.31: the new maximum witnessed at 2^53", async () => {
    const compared = await run("compat", "--mcp", node("old-seq"), "--mcp", SERVERS["server-sequential-thinking"], "--format", "json");
    const section = JSON.parse(compared.stdout) as CompatSection;
    const input = section.results.find((result) => result.schemaId === "sequential-thinking-server/sequentialthinking")!;
    expect(input).toMatchObject({ verdict: "breaking", oldVersion: "0.2.0", newVersion: "2026.8.31", versionBumped: true });
    expect(input.changes.filter((change) => change.kind === "maximum-tightened" && change.status === "confirmed")).toHaveLength(4);
    expect(input.changes.every((change) => change.status === "confirmed")).toBe(true);
    expect(JSON.stringify(input.changes.map((change) => change.counterexample?.value))).toContain("9007199254740992");
    expect(input.counterexample?.replay).toContain("--mcp 'node ");
  });

  it("server-filesystem 2025.7.1 → 2026.8.31: every tool that lost its parameters breaks, same version", async () => {
    const compared = await run("compat", "--mcp", node("old-fs", tmpdir()), "--mcp", SERVERS["server-filesystem"], "--format", "json");
    const section = JSON.parse(compared.stdout) as CompatSection;
    expect(compared.code).toBe(1);
    expect(section.results.filter((result) => result.verdict === "breaking" && result.counterexample !== undefined)).toHaveLength(11);
  });
});
