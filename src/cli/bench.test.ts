// The benchmark is not a test: this only checks that it runs and what its JSON carries.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { memoryIo } from "./io.js";
import { main } from "./main.js";

const dir = mkdtempSync(join(tmpdir(), "schemalab-bench-"));
const moduleFile = join(dir, "always-valid.mjs");
writeFileSync(moduleFile, "export default { name: 'always-valid', compile: () => () => true };");

async function run(...argv: string[]) {
  const io = memoryIo();
  const code = await main(["bench", ...argv], io);
  return { code, ...io };
}

describe("schemalab bench", () => {
  it("--mutants runs the mutation benchmark and prints one JSON document", async () => {
    const { code, stdout } = await run("--mutants", "--runs", "150", "--schemas", "suites/mutation-bench", "--format", "json");
    expect(code).toBe(0);
    const result = JSON.parse(stdout);
    expect(result).toMatchObject({ kind: "mutation-bench", runsPerSchema: 150, total: 40 });
    expect(result.baselineFinding).toBeUndefined();
    expect(result.mutants.find((m: { id: string }) => m.id === "oneOf-as-anyOf")).toMatchObject({ found: true, finding: { family: "oneof-ambiguous" } });
    expect(result.found).toBeGreaterThanOrEqual(30);
  }, 120_000);

  it("times lite and a module against Ajv and prints one JSON document", async () => {
    const { code, stdout, stderr } = await run("--validator", "lite", "--validator", moduleFile, "--time", "5", "--format", "json");
    expect(code).toBe(0);
    expect(stdout.trim().split("\n")).toHaveLength(1);
    const report = JSON.parse(stdout);
    expect(report.kind).toBe("bench");
    expect(report.subjects.map((s: { name: string }) => s.name)).toEqual([report.reference, "schemalab/lite", "always-valid"]);
    for (const subject of report.subjects) {
      expect(subject.validPerSecond).toBeGreaterThan(0);
      expect(subject.invalidPerSecond).toBeGreaterThan(0);
      expect(subject.compileMicrosPerSchema).toBeGreaterThan(0);
    }
    expect(report.subjects[1].ratios).toEqual({ validate: expect.any(Number), validateInvalid: expect.any(Number), compile: expect.any(Number) });
    expect(report.corpus.schemas).toBeGreaterThan(0);
    expect(report.corpus.invalidInstances).toBeGreaterThan(0);
    expect(report.toolShaped.corpus.schemas).toBeGreaterThan(0);
    expect(report.toolShaped.subjects.map((s: { name: string }) => s.name)).toEqual(report.subjects.map((s: { name: string }) => s.name));
    expect(report.bundle.gzipBytes).toBeGreaterThan(report.coreBundle.gzipBytes);
    expect(report.targets).toHaveLength(13);
    expect(report.patternEngines.patterns).toBeGreaterThan(0);
    expect(report.patternEngines.perSecond.lite).toBeGreaterThan(0);
    expect(stderr).toContain("pattern engines");
    expect(stderr).toContain("targets:");
  });

  it.each([
    [["--time", "soon"], "--time: expected an integer >= 1, got 'soon'"],
    [["--warp"], "'--warp'"],
    [["--schemas", join(dir, "absent.json")], "absent.json"],
    [["--validator", join(dir, "absent.mjs")], "absent.mjs: file not found"],
  ])("exits 2 on %j", async (argv, reason) => {
    const { code, stdout, stderr } = await run(...argv);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain(reason);
  });
});
