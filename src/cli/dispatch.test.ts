import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { DispatchSection } from "../report/model.js";
import { memoryIo } from "./io.js";
import { main } from "./main.js";

const BROKEN = "src/harness/test-support";

describe("schemalab dispatch", () => {
  test("the reference dispatcher passes on all four wire formats (text)", async () => {
    const io = memoryIo();
    expect(await main(["dispatch"], io)).toBe(0);
    for (const provider of ["openai-chat", "openai-responses", "anthropic", "google"]) expect(io.stdout).toMatch(new RegExp(`${provider}\\s+92 passed\\s+0 failed`));
    expect(io.stdout).not.toContain("FAIL");
  });

  test("--format json prints one DispatchSection on stdout and the summary on stderr", async () => {
    const io = memoryIo();
    expect(await main(["dispatch", "--format", "json"], io)).toBe(0);
    const section = JSON.parse(io.stdout) as DispatchSection;
    expect(section).toMatchObject({ kind: "dispatch", dispatcher: "schemalab reference dispatcher", totals: { failed: 0 } });
    expect(section.cases[0]).toEqual({ provider: expect.any(String), fixture: expect.any(String), property: expect.any(String), passed: true, detail: "ok" });
    expect(io.stderr).toMatch(/368 passed, 0 failed/);
  });

  test("a correct dispatcher reporting Ajv's errorsText() passes; its variant answering \"ok\" when refusing fails on the OpenAI wires", async () => {
    const correct = memoryIo();
    expect(await main(["dispatch", "--dispatcher", `${BROKEN}/ajv-errors-text-dispatcher-module.ts`], correct)).toBe(0);
    const ok = memoryIo();
    expect(await main(["dispatch", "--dispatcher", `${BROKEN}/answer-ok-when-refusing-dispatcher.ts`], ok)).toBe(1);
    expect(ok.stdout).toContain('FAIL openai-chat unknown-tool error-result-reads-as-error: the result for');
    expect(ok.stdout).toContain("FAIL openai-responses unparseable-arguments-no-required.stream error-result-reads-as-error");
    expect(ok.stdout).not.toMatch(/FAIL (anthropic|google) /);
  });

  test("a broken dispatcher exits 1 and the failures name the property it broke", async () => {
    const io = memoryIo();
    expect(await main(["dispatch", "--dispatcher", `${BROKEN}/run-incomplete-answers-dispatcher.ts`], io)).toBe(1);
    expect(io.stdout).toContain("FAIL openai-chat stream-truncated-mid-arguments.stream incomplete-answer-runs-nothing: round 1 (truncated): write_measurement ran");
    expect(io.stdout).toContain("FAIL google refusal incomplete-answer-runs-nothing");
  });

  test.each([
    ["parse-failure-as-empty-object", "invalid-call-never-runs"],
    ["skip-validation", "error-result-names-paths"],
    ["drop-call-id", "error-result-carries-call-id"],
  ])("--dispatcher %s fails %s", async (breakage, property) => {
    const io = memoryIo();
    expect(await main(["dispatch", "--dispatcher", `${BROKEN}/${breakage}-dispatcher.ts`, "--format", "json"], io)).toBe(1);
    const section = JSON.parse(io.stdout) as DispatchSection;
    expect(section.dispatcher).toBe(`broken: ${breakage}`);
    expect(section.cases.some((entry) => entry.property === property && !entry.passed)).toBe(true);
  });

  test("bad usage and bad input exit 2 with a one-line reason naming the place", async () => {
    const dir = await mkdtemp(join(tmpdir(), "schemalab-dispatch-cli-"));
    try {
      const notModule = join(dir, "not-a-dispatcher.mjs");
      await writeFile(notModule, "export default { name: 'x' };\n");
      const cases: [string[], RegExp][] = [
        [["--format", "yaml"], /--format: expected text or json/],
        [["--dispatcher", join(dir, "missing.mjs")], /missing\.mjs: file not found/],
        [["--dispatcher", notModule], /not-a-dispatcher\.mjs: default export is missing 'dispatch'/],
        [["--suite", dir], /suite\.json: cannot read it as JSON/],
        [["--timeout", "soon"], /--timeout: expected a positive whole number/],
        [["--verbose"], /Unknown option/],
      ];
      for (const [argv, message] of cases) {
        const io = memoryIo();
        expect(await main(["dispatch", ...argv], io), argv.join(" ")).toBe(2);
        expect(io.stderr).toMatch(message);
        expect(io.stdout).toBe("");
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("--help prints the options and the module contract", async () => {
    const io = memoryIo();
    expect(await main(["dispatch", "--help"], io)).toBe(0);
    expect(io.stdout).toContain("--dispatcher PATH");
    expect(io.stdout).toContain("dispatch({ provider, response | chunks, tools })");
  });
});
