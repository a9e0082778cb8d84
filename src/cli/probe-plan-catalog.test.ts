// probe --plan (requests per mode, cost for live providers only), --pairs through the matrix into check,
// and --catalog's bad input, from the command line.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadMatrix } from "../../providers/profiles/load-profiles.js";
import { memoryIo } from "./io.js";
import { main } from "./main.js";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const temp = (): string => {
  const dir = mkdtempSync(join(tmpdir(), "schemalab-probe-plan-"));
  dirs.push(dir);
  return dir;
};

async function run(args: string[]): Promise<{ exit: number; out: string; err: string }> {
  const io = memoryIo();
  const exit = await main(args, io);
  return { exit, out: io.stdout, err: io.stderr };
}

describe("probe --plan", () => {
  it("prints the requests per mode and a cost estimate for a live provider, and sends nothing", async () => {
    const { exit, out } = await run(["probe", "--provider", "openai", "--mode", "chat.tools.strict", "--plan"]);
    expect(exit).toBe(0);
    expect(out).toMatch(/chat\.tools\.strict: features \d+ \(\d+ probes\) · limits \d+–\d+ → \d+ planned, at most \d+/);
    expect(out).toMatch(/est\. cost of the planned requests: \$\d+\.\d{4}/);
  });
  it("prints no cost for an emulated run, before or after", async () => {
    const plan = await run(["probe", "--provider", "openai", "--emulator", "--mode", "chat.tools.strict", "--pairs-only", "--plan"]);
    expect(plan.out).toContain("nothing is billed");
    expect(plan.out).not.toContain("est. cost");
    expect(plan.out).toMatch(/pairs \d+ \(\d+ directions\)/);
    const done = await run(["probe", "--provider", "openai", "--emulator", "--mode", "chat.tools.strict", "--features", "minLength"]);
    expect(done.out).not.toContain("est. cost");
  });
  it("plans a catalog's tools", async () => {
    const { out } = await run(["probe", "--provider", "openai", "--mode", "chat.tools.strict", "--catalog", "suites/catalogs/fitness.json", "--plan"]);
    expect(out).toMatch(/tools \d+ \(3 tools, \d+ sites\)/);
  });
});

describe("probe --pairs into check --matrix", () => {
  it("writes pair cells a check run reads", async () => {
    const dir = temp();
    const matrix = join(dir, "m.json");
    const probed = await run(["probe", "--provider", "openai", "--emulator", "--mode", "chat.tools.strict", "--pairs-only", "--features", "minLength", "pattern", "--out", matrix]);
    expect(probed.out).toMatch(/pairs \(1\)/);
    expect(Object.keys(loadMatrix(matrix).modes[0]!.pairs!)).toEqual(["minLength+pattern"]);
    const checked = await run(["check", "--catalog", "suites/catalogs/fitness.json", "--target", "openai:chat.tools.strict", "--matrix", matrix, "--format", "json"]);
    expect([0, 1]).toContain(checked.exit);
  });
});

describe("probe --catalog bad input", () => {
  it("names the broken catalog file and exits 2", async () => {
    const dir = temp();
    const bad = join(dir, "bad.json");
    writeFileSync(bad, "{ not json");
    const { exit, err } = await run(["probe", "--provider", "openai", "--emulator", "--catalog", bad]);
    expect(exit).toBe(2);
    expect(err).toContain("bad.json");
  });
});
