import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { main } from "./main.js";
import { memoryIo } from "./io.js";
import type { ProbeSection, ResultsDocument } from "../report/model.js";
import { ResultsWriter } from "../report/results-writer.js";
import { buildFixtureDocument, fixtureFuzzSection, fixtureHeader } from "../report/test-support/fixture-document.js";

function workspace(): string {
  return mkdtempSync(join(tmpdir(), "schemalab-report-cli-"));
}

function writeJsonLines(path: string, document: ResultsDocument, complete = true): string {
  const writer = ResultsWriter.open(path, document.header);
  for (const section of document.sections) writer.writeSection(section);
  if (complete) writer.close(document.footer.complete);
  return path;
}

async function report(args: string[]) {
  const io = memoryIo();
  const code = await main(["report", ...args], io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

describe("schemalab report", () => {
  test("merges inputs, writes all four reports and prints markdown by default", async () => {
    const dir = workspace();
    const { drift: _drift, ...document } = buildFixtureDocument();
    const run = writeJsonLines(join(dir, "run.jsonl"), document);
    const out = join(dir, "out");
    const { code, stdout, stderr } = await report(["--in", run, "--out", out]);
    expect(code).toBe(0);
    for (const file of ["results.json", "summary.md", "index.html", "junit.xml"]) expect(existsSync(join(out, file))).toBe(true);
    expect(stdout).toBe(readFileSync(join(out, "summary.md"), "utf8"));
    expect(stdout).toMatch(/^## schemalab results/);
    expect(stderr).toBe(`schemalab report: wrote summary.md, index.html, results.json, junit.xml in ${out}\n`);
  });

  test("shards and a bare section merge into one results.json", async () => {
    const dir = workspace();
    const one = fixtureFuzzSection({ shard: { index: 1, count: 2 } });
    const two = fixtureFuzzSection({ shard: { index: 2, count: 2 }, findings: [], disagreements: [] });
    const first = writeJsonLines(join(dir, "a.jsonl"), { header: fixtureHeader(), sections: [one], footer: { kind: "footer", finishedAt: "t", complete: true } });
    writeFileSync(join(dir, "b.json"), JSON.stringify(two));
    const { code, stdout } = await report(["--in", first, join(dir, "b.json"), "--out", join(dir, "out"), "--format", "json"]);
    expect(code).toBe(0);
    const merged = JSON.parse(stdout) as ResultsDocument;
    expect(merged.sections).toHaveLength(1);
    expect(merged.sections[0]).toMatchObject({ kind: "fuzz", cases: one.cases + two.cases });
    expect(merged.sections[0]).not.toHaveProperty("shard");
  });

  test("exit 1 when the baseline comparison finds a regression", async () => {
    const dir = workspace();
    const { drift: _drift, ...baseline } = buildFixtureDocument();
    const probe = baseline.sections.find((s): s is ProbeSection => s.kind === "probe")!;
    const [mode] = probe.modes;
    const enforced = Object.keys(mode!.features).find((f) => mode!.features[f]!.status === "enforced")!;
    const worse: ProbeSection = { ...probe, modes: [{ ...mode!, features: { ...mode!.features, [enforced]: { status: "ignored", evidence: null } } }, ...probe.modes.slice(1)] };
    const current = { ...baseline, sections: baseline.sections.map((s) => (s === probe ? worse : s)) };
    writeFileSync(join(dir, "baseline.json"), JSON.stringify(baseline));
    const run = writeJsonLines(join(dir, "run.jsonl"), current);
    const out = join(dir, "out");
    const { code, stdout, stderr } = await report(["--in", run, "--baseline", join(dir, "baseline.json"), "--out", out]);
    expect(code).toBe(1);
    expect(stdout).toContain("### ❌ 1 regression since");
    expect(stderr).toContain("1 regression against");
    const results = JSON.parse(readFileSync(join(out, "results.json"), "utf8")) as ResultsDocument;
    expect(results.drift?.items).toEqual([expect.objectContaining({ kind: "matrix-changed", regression: true, before: "enforced", after: "ignored" })]);
    expect((await report(["--in", run, "--baseline", run, "--out", out])).code).toBe(0);
  });

  test("a partial run is read, flagged and warned about", async () => {
    const dir = workspace();
    const run = writeJsonLines(join(dir, "run.jsonl"), buildFixtureDocument({ drift: false }), false);
    const { code, stdout, stderr } = await report(["--in", run, "--out", join(dir, "out")]);
    expect(code).toBe(0);
    expect(stdout).toContain("Partial run");
    expect(stderr).toMatch(/no footer.*partial/);
  });

  test("bad input exits 2 naming the file, the line and the path", async () => {
    const dir = workspace();
    const path = join(dir, "bad.jsonl");
    writeFileSync(path, `${JSON.stringify(fixtureHeader())}\n${JSON.stringify({ ...fixtureFuzzSection(), cases: -1 })}\n`);
    const { code, stderr } = await report(["--in", path, "--out", join(dir, "out")]);
    expect(code).toBe(2);
    expect(stderr).toBe(`schemalab report: ${path} line 2: /cases: must be >= 0\n`);
    expect(existsSync(join(dir, "out"))).toBe(false);
  });

  test("conflicting inputs exit 2 naming the files", async () => {
    const dir = workspace();
    const shard = fixtureFuzzSection({ shard: { index: 1, count: 2 } });
    writeFileSync(join(dir, "a.json"), JSON.stringify(shard));
    writeFileSync(join(dir, "b.json"), JSON.stringify({ ...shard, cases: 5 }));
    const { code, stderr } = await report(["--in", join(dir, "a.json"), "--in", join(dir, "b.json"), "--out", join(dir, "out")]);
    expect(code).toBe(2);
    expect(stderr).toContain(`merging ${join(dir, "a.json")}, ${join(dir, "b.json")}: cannot merge fuzz results: shard 1/2`);
  });

  test("usage errors exit 2; --help exits 0", async () => {
    expect(await report([])).toMatchObject({ code: 2, stderr: expect.stringMatching(/no input/) });
    expect(await report(["--in", "x", "--format", "pdf"])).toMatchObject({ code: 2, stderr: expect.stringMatching(/--format must be one of md, html, json, junit/) });
    expect(await report(["--in", "x", "--frobnicate"])).toMatchObject({ code: 2, stderr: expect.stringMatching(/frobnicate/) });
    expect(await report(["--help"])).toMatchObject({ code: 0, stdout: expect.stringMatching(/^usage: schemalab report/) });
  });
});
