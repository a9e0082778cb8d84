import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readResultsFile } from "../report/read-results.js";
import { fromRoot } from "../package-root.js";
import { memoryIo } from "./io.js";
import { main } from "./main.js";
import { evolutionPairs } from "./run-steps.js";

const REPORT_FILES = ["results.json", "summary.md", "index.html", "junit.xml"];

describe("schemalab run", () => {
  it("writes the four reports with a section from every step, and prints the summary", async () => {
    const out = mkdtempSync(join(tmpdir(), "schemalab-run-"));
    const io = memoryIo();
    const code = await main(["run", "--out", out, "--runs", "400", "--fuzz-seconds", "5", "--providers", "anthropic", "--seed", "7"], io);
    expect([0, 1]).toContain(code);
    for (const file of REPORT_FILES) expect(existsSync(join(out, file)), file).toBe(true);
    const { document } = readResultsFile(join(out, "results.json"));
    expect(document.footer.complete).toBe(true);
    expect(document.header.seed).toBe(7);
    const kinds = new Set(document.sections.map((section) => section.kind));
    for (const kind of ["catalog", "check", "compat", "probe", "fuzz"]) expect(kinds, kind).toContain(kind);
    const probe = document.sections.find((section) => section.kind === "probe");
    expect(probe?.kind === "probe" && probe.emulated).toBe(true);
    // The terminal gets the answer per target and the report's path, not the Markdown (issue 22).
    expect(io.stdout).not.toContain("## schemalab results");
    expect(io.stdout).toContain("can the catalog go there?");
    expect(io.stdout).toContain(`report: ${join(out, "index.html")}`);
    expect(readFileSync(join(out, "summary.md"), "utf8")).toContain("## schemalab results");
  });

  it("runs on the user's catalogs with --catalog, writes the job summary where GITHUB_STEP_SUMMARY says, and exits 2 for a bad file", async () => {
    const out = mkdtempSync(join(tmpdir(), "schemalab-run-cat-"));
    const folder = mkdtempSync(join(tmpdir(), "schemalab-run-cat-in-"));
    copyFileSync(fromRoot("src", "check", "test-support", "mcp-tools", "server-filesystem.json"), join(folder, "fs.json"));
    writeFileSync(join(folder, "zz-bad.json"), JSON.stringify({ unknownKey: true }));
    const stepSummary = join(out, "step-summary.md");
    const previous = process.env.GITHUB_STEP_SUMMARY;
    process.env.GITHUB_STEP_SUMMARY = stepSummary;
    try {
      const io = memoryIo();
      const code = await main(["run", "--catalog", folder, "--out", out, "--runs", "200", "--fuzz-seconds", "2", "--providers", "anthropic", "--seed", "5"], io);
      expect(code).toBe(2);
      const { document } = readResultsFile(join(out, "results.json"));
      const check = document.sections.find((section) => section.kind === "check");
      expect(check?.kind === "check" && check.results.every((result) => result.schemaId.startsWith("fs/"))).toBe(true);
      expect(check?.kind === "check" && check.badFiles.map((bad) => bad.file)).toEqual([join(folder, "zz-bad.json")]);
      // The per-target answer is folded as check's view: openai:chat.tools.strict's line, alone or in its group.
      expect(io.stdout).toMatch(/(openai:chat\.tools\.strict +yes, if .*app: drop nulls 6)|(yes, if [^\n]*app: drop nulls 6 \| \d+ targets:\n(?:\s+[^\n]*\n)*?\s+[^\n]*openai: (?:[^\n;]*, )?chat\.tools\.strict\b)/);
      expect(readFileSync(stepSummary, "utf8")).toBe(readFileSync(join(out, "summary.md"), "utf8"));
    } finally {
      if (previous === undefined) delete process.env.GITHUB_STEP_SUMMARY;
      else process.env.GITHUB_STEP_SUMMARY = previous;
    }
  });

  it("rejects an unknown provider and a bad number with exit 2", async () => {
    const io = memoryIo();
    expect(await main(["run", "--providers", "openai,acme"], io)).toBe(2);
    expect(io.stderr).toContain("unknown provider 'acme'");
    expect(await main(["run", "--runs", "many"], memoryIo())).toBe(2);
  });

  it("pairs each evolution file with the version before it", () => {
    const pairs = evolutionPairs(fromRoot("suites", "evolution")).map(({ oldPath, newPath }) => [oldPath.split("/").pop(), newPath.split("/").pop()]);
    expect(pairs).toContainEqual(["support-0.9.0.json", "support-0.10.0.json"]);
    expect(pairs).toContainEqual(["fitness-1.2.0.json", "fitness-1.3.0.json"]);
  });

  it("leaves a readable partial report marked incomplete when interrupted midway", async () => {
    const out = mkdtempSync(join(tmpdir(), "schemalab-run-int-"));
    const script = `import { main } from ${JSON.stringify(fromRoot("src", "cli", "main.ts"))};\nprocess.exitCode = await main(["run", "--out", ${JSON.stringify(out)}, "--runs", "100000000", "--fuzz-seconds", "600", "--providers", "openai", "--seed", "3"]);\n`;
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: fromRoot(), stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      // Interrupt once the fuzz step (the last, long one) has started: earlier sections are on disk.
      if (stderr.includes("probe: openai")) child.kill("SIGINT");
    });
    const exit = await new Promise<{ code: number | null; signal: string | null }>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
    expect(stderr).toContain("interrupted");
    // 130 from our handler; under tsx the loader re-raises the signal after our handler ran.
    expect(exit.code === 130 || exit.signal === "SIGINT", JSON.stringify(exit)).toBe(true);
    const { document } = readResultsFile(join(out, "results.jsonl"));
    expect(document.footer.complete).toBe(false);
    expect(document.sections.map((section) => section.kind)).toContain("probe");
    for (const file of REPORT_FILES) expect(existsSync(join(out, file)), file).toBe(true);
    expect(readFileSync(join(out, "summary.md"), "utf8").toLowerCase()).toContain("partial run");
  }, 120_000);
});
