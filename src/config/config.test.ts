import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { memoryIo } from "../cli/io.js";
import { main } from "../cli/main.js";
import { argvWithConfig } from "./config-args.js";
import { findConfigFile, loadConfig } from "./load-config.js";

const scratch = () => mkdtempSync(join(tmpdir(), "schemalab-config-"));

describe("schemalab.config.json", () => {
  it("is found from a subfolder up, its paths read from its own folder", async () => {
    const dir = scratch();
    mkdirSync(join(dir, "a", "b"), { recursive: true });
    writeFileSync(join(dir, "schemalab.config.json"), JSON.stringify({ catalogs: ["tools.json", { mcp: "node server.js" }], seed: 5, baseline: "reports/baseline.json" }));
    expect(findConfigFile(join(dir, "a", "b"))).toBe(join(dir, "schemalab.config.json"));
    const loaded = await loadConfig(undefined, join(dir, "a", "b"));
    expect(loaded!.config.catalogs).toEqual([join(dir, "tools.json"), { mcp: "node server.js" }]);
    expect(loaded!.config.out).toBe(join(dir, "reports", "latest"));
  });

  it("flags the user gives override the config's, repeatable ones replaced rather than added to", () => {
    const config = { catalogs: ["/x/a.json", "/x/b.json"], targets: ["openai:chat.tools.strict"], seed: 3, runs: 10 };
    expect(argvWithConfig("check", ["--target", "anthropic:tools"], config)).toEqual(["--catalog=/x/a.json", "--catalog=/x/b.json", "--target", "anthropic:tools"]);
    expect(argvWithConfig("fuzz", ["--seed=9"], config)).toEqual(["--schemas=/x/a.json", "--schemas=/x/b.json", "--runs=10", "--seed=9"]);
    expect(argvWithConfig("fuzz", [], { ...config, seed: "random" })).not.toContain("--seed=random");
    expect(argvWithConfig("check", ["--x"], undefined)).toEqual(["--x"]);
    expect(argvWithConfig("check", [], { catalogs: [{ mcp: "node server.mjs" }, { module: "/x/tools.mjs" }] })).toEqual(["--mcp=node server.mjs", "--module=/x/tools.mjs"]);
  });

  it("a bad config is one line naming the file and the place, exit 2", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "schemalab.config.json"), JSON.stringify({ runs: "many", catalog: [] }));
    const io = memoryIo();
    expect(await main(["check", "--config", join(dir, "schemalab.config.json")], io)).toBe(2);
    expect(io.stderr).toMatch(/schemalab\.config\.json at \/: unknown key 'catalog'|schemalab\.config\.json at \/runs/);
  });

  it("a .mjs config exporting the same object loads the same", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "schemalab.config.mjs"), "export default { catalogs: ['t.json'], seed: 2 };\n");
    expect((await loadConfig(undefined, dir))!.config).toMatchObject({ catalogs: [join(dir, "t.json")], seed: 2 });
  });

  it("init writes a starter config from the catalogs and .mcp.json it finds", async () => {
    const dir = scratch();
    mkdirSync(join(dir, "schemas"));
    writeFileSync(join(dir, "schemas", "tools.json"), JSON.stringify({ tools: [{ type: "function", function: { name: "f", parameters: { type: "object", properties: {} } } }] }));
    writeFileSync(join(dir, "notes.json"), JSON.stringify({ hello: 1 }));
    writeFileSync(join(dir, ".mcp.json"), JSON.stringify({ mcpServers: { fs: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "."] }, web: { url: "https://x" } } }));
    const io = memoryIo();
    expect(await main(["init", "--dir", dir], io)).toBe(0);
    const written = JSON.parse(readFileSync(join(dir, "schemalab.config.json"), "utf8"));
    expect(written.catalogs).toEqual(["schemas/tools.json", { mcp: "npx -y @modelcontextprotocol/server-filesystem ." }]);
    expect(written.seed).toBe(1);
    expect((await loadConfig(undefined, dir))!.config.seed).toBe(1); // it validates against the shipped schema
    expect(await main(["init", "--dir", dir], memoryIo())).toBe(2); // never overwritten silently
  });
});
