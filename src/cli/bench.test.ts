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

  it("times lite, a module and the peers against default-option Ajv on each corpus and prints one JSON document", async () => {
    const { code, stdout, stderr } = await run("--validator", "lite", "--validator", moduleFile, "--time", "5", "--corpus", "catalogs", "--corpus", "real-producers", "--format", "json");
    expect(code).toBe(0);
    expect(stdout.trim().split("\n")).toHaveLength(1);
    const report = JSON.parse(stdout);
    expect(report.kind).toBe("bench");
    expect(report.reference).toMatch(/^ajv@[\d.]+ \(defaults, ajv-formats/);
    expect(report.corpora.map((c: { name: string }) => c.name)).toEqual(["catalogs", "real-producers"]);
    for (const corpus of report.corpora) {
      expect(corpus.schemas).toBeGreaterThan(0);
      expect(corpus.invalidInstances).toBeGreaterThan(0);
      const names = corpus.subjects.map((s: { name: string }) => s.name);
      expect(names.slice(0, 3)).toEqual([report.reference, "schemalab/lite", "always-valid"]);
      // every installed peer is timed or named with the reason it was not
      const peers = report.setups.map((s: { name: string }) => s.name).slice(3);
      for (const peer of peers) expect([...names, ...corpus.peersNotMeasured.map((p: { name: string }) => p.name)]).toContain(peer);
      for (const subject of corpus.subjects) {
        expect(subject.validPerSecond).toBeGreaterThan(0);
        expect(subject.invalidPerSecond).toBeGreaterThan(0);
        expect(subject.compileMicrosPerSchema).toBeGreaterThan(0);
      }
      expect(corpus.subjects[1].ratios).toEqual({ validate: expect.any(Number), validateInvalid: expect.any(Number), compile: expect.any(Number) });
    }
    expect(report.setups.map((s: { name: string }) => s.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^@cfworker\/json-schema@/), expect.stringMatching(/^@exodus\/schemasafe@/), expect.stringMatching(/^@hyperjump\/json-schema@/)]));
    expect(report.loadAverage.start).toHaveLength(3);
    expect(report.bundle.gzipBytes).toBeGreaterThan(report.coreBundle.gzipBytes);
    // A program importing compileWith with no module ships less than one with patterns, that less than one with
    // four modules, and all less than all of core.
    const [bare, patterns, tools] = report.coreImports;
    expect(bare.modules).toEqual([]);
    expect(patterns.modules).toEqual(["patternKeywords"]);
    expect(bare.bundle.gzipBytes).toBeLessThan(patterns.bundle.gzipBytes);
    expect(patterns.bundle.gzipBytes).toBeLessThan(tools.bundle.gzipBytes);
    expect(tools.bundle.gzipBytes).toBeLessThan(report.coreBundle.gzipBytes);
    expect(stderr).toContain("core's compileWith([arrayKeywords, applicatorKeywords, refKeywords, patternKeywords]) bundle:");
    expect(report.targets).toHaveLength(2 * 3 + 1); // lite's three ratios per corpus, then the core bundle
    expect(report.patternEngines.patterns).toBeGreaterThan(0);
    expect(report.patternEngines.perSecond.lite).toBeGreaterThan(0);
    expect(stderr).toContain("pattern engines");
    expect(stderr).toContain("targets:");
  }, 60_000);

  it("says so when GitHub's description is absent", async () => {
    const { code, stdout } = await run("--time", "2", "--corpus", "catalogs", "--corpus", "github-openapi", "--no-peers", "--github", join(dir, "absent-github.json"), "--format", "json");
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.absentCorpora).toEqual([{ name: "github-openapi", reason: expect.stringContaining("absent-github.json is absent") }]);
    expect(report.setups).toHaveLength(2);
  }, 60_000);

  it.each([
    [["--time", "soon"], "--time: expected an integer >= 1, got 'soon'"],
    [["--warp"], "'--warp'"],
    [["--corpus", "nope"], "--corpus: expected one of catalogs, tool-shaped, real-producers, github-openapi, got 'nope'"],
    [["--schemas", join(dir, "absent.json")], "absent.json"],
    [["--validator", join(dir, "absent.mjs")], "absent.mjs: file not found"],
  ])("exits 2 on %j", async (argv, reason) => {
    const { code, stdout, stderr } = await run(...argv);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain(reason);
  });
});
