import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listTargets, loadProfiles } from "../../providers/profiles/load-profiles.js";
import type { TargetSummary } from "../targets/summarise-targets.js";
import { memoryIo } from "./io.js";
import { main } from "./main.js";

const dir = mkdtempSync(join(tmpdir(), "schemalab-targets-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(...args: string[]) {
  const io = memoryIo();
  const code = await main(["targets", ...args], io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

describe("schemalab targets", () => {
  it("lists every target check and probe know, with counts that add up to the taxonomy", async () => {
    const { code, stdout } = await run("--format", "json");
    expect(code).toBe(0);
    const { targets } = JSON.parse(stdout) as { targets: TargetSummary[] };
    expect(targets.map((target) => target.target)).toEqual(listTargets());
    for (const target of targets) expect(target.counts.documented + target.counts.observed + target.counts.unknown).toBe(75);
    expect(targets.map((target) => target.provider)).toEqual(expect.arrayContaining(["openai-compatible/xai", "openai-compatible/groq", "openai-compatible/mistral", "openai-compatible/deepseek", "openai-compatible/openrouter"]));
  });

  it("prints a table and per-provider totals as text", async () => {
    const { code, stdout } = await run();
    expect(code).toBe(0);
    expect(stdout).toMatch(/^target +role +enforcement +date +documented +observed +unknown/);
    expect(stdout).toMatch(/anthropic: \d+ documented, \d+ observed, \d+ unknown/);
  });

  it("writes the HTML matrix with measured columns beside the documented ones", async () => {
    const openai = loadProfiles().find((profile) => profile.provider === "openai")!;
    const strict = openai.modes.find((mode) => mode.mode === "chat.tools.strict")!;
    const measured = { ...strict, features: { ...strict.features, pattern: { status: "ignored", source: "schemalab-probe:openai@m@2026-12-01T10:00:00Z", quote: "measured ignored", date: "2026-12-01", evidence: "observed" } } };
    const matrix = join(dir, "matrix.json");
    writeFileSync(matrix, JSON.stringify({ ...openai, modes: [measured], measuredAt: "2026-12-01T10:00:00Z" }));
    const { code, stderr } = await run("--html", join(dir, "html"), "--matrix", matrix);
    expect(code).toBe(0);
    expect(stderr).toContain("targets.html");
    const html = readFileSync(join(dir, "html", "targets.html"), "utf8");
    const heads = [...html.matchAll(/<th data-col="\d+" data-target="([^"]+)" data-basis="(\w+)"/g)].map((match) => `${match[1]} ${match[2]}`);
    const at = heads.indexOf("openai:chat.tools.strict documented");
    expect(heads[at + 1]).toBe("openai:chat.tools.strict measured");
    expect(heads.length).toBe(listTargets().length + 1);
    expect(html).not.toMatch(/<(link|img|iframe)\b|src="http/);
  });

  it("refuses a bad matrix file with exit 2, naming it", async () => {
    const bad = join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify({ provider: "openai" }));
    const { code, stderr } = await run("--matrix", bad);
    expect(code).toBe(2);
    expect(stderr).toContain(bad);
  });
});
