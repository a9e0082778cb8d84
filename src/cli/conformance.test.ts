import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeFakeSuite, writeFakeValidatorModule } from "../conformance/test-support/fake-suite.js";
import { parseResultsText } from "../report/read-results.js";
import { memoryIo } from "./io.js";
import { main } from "./main.js";

const passingSuite = writeFakeSuite({
  "tests/draft2020-12/const.json": [{ description: "const", schema: { const: 1 }, tests: [{ description: "one", data: 1, valid: true }] }],
});
const mixedSuite = writeFakeSuite();

async function run(...argv: string[]) {
  const io = memoryIo();
  const code = await main(["conformance", ...argv], io);
  return { code, ...io };
}

describe("schemalab conformance", () => {
  it("exits 0 when nothing failed, with one JSON document on stdout", async () => {
    const { code, stdout, stderr } = await run("--validator", "ajv", "--suite", passingSuite, "--format", "json");
    expect(code).toBe(0);
    const section = JSON.parse(stdout);
    expect(section).toMatchObject({ kind: "conformance", totals: { passed: 1, failed: 0, skipped: 0, errored: 0 }, compliance: 1 });
    expect(stdout.trim().split("\n")).toHaveLength(1);
    expect(stderr).toContain("1 tests: 1 passed");
  });

  it("exits 1 on failures or errors, carrying the issue's shape, for a module run in a worker", async () => {
    const modulePath = writeFakeValidatorModule(mixedSuite);
    const { code, stdout } = await run("--validator", modulePath, "--suite", mixedSuite, "--format", "json", "--required-only");
    expect(code).toBe(1);
    const section = JSON.parse(stdout);
    expect(section.validator).toBe("fake");
    expect(section.suite).toEqual({ path: mixedSuite, commit: "0123456789abcdef0123456789abcdef01234567" });
    expect(section.totals).toEqual({ passed: 3, failed: 1, skipped: 3, errored: 3 });
    expect(Object.keys(section.failures[0]).sort()).toEqual(["data", "expected", "file", "got", "group", "schema", "test"]);
  });

  it("prints the readable view on stdout by default", async () => {
    const modulePath = writeFakeValidatorModule(mixedSuite);
    const { code, stdout } = await run("--validator", modulePath, "--suite", mixedSuite);
    expect(code).toBe(1);
    expect(stdout).toContain("compliance 36.4%");
    expect(stdout).toContain("misc.json > unsupported here (3): UnsupportedSchemaError: marker keyword");
    expect(stdout).toContain("failures and errors: 4");
  });

  it("runs every draft folder by default: a table of drafts, and JSON Lines that report reads", async () => {
    const twoDrafts = writeFakeSuite({
      "tests/draft7/items.json": [{ description: "tuple", schema: { items: [{ type: "string" }], additionalItems: false }, tests: [{ description: "extra item", data: ["a", 1], valid: false }] }],
      "tests/draft2020-12/const.json": [{ description: "const", schema: { const: 1 }, tests: [{ description: "one", data: 1, valid: true }] }],
    });
    const text = await run("--suite", twoDrafts);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/dialect\s+tests\s+passed\s+failed\s+skipped\s+errored\s+compliance/);
    expect(text.stdout).toMatch(/draft7\s+1\s+1\s+0\s+0\s+0\s+100\.0%/);
    expect(text.stdout).toContain("against JSON-Schema-Test-Suite draft2020-12");
    const json = await run("--suite", twoDrafts, "--format", "json");
    const { document } = parseResultsText(json.stdout, "stdout");
    expect(document.sections.map((s) => s.kind === "conformance" && [s.dialect, s.compliance])).toEqual([["draft7", 1], ["draft2020-12", 1]]);
    expect(document.footer.complete).toBe(true);
    const one = await run("--suite", twoDrafts, "--dialect", "draft-07", "--format", "json");
    expect(JSON.parse(one.stdout)).toMatchObject({ dialect: "draft7", totals: { passed: 1 } });
  });

  it("--unknown-keywords annotate lists the keywords accepted as annotations", async () => {
    const typo = writeFakeSuite({
      "tests/draft2020-12/typo.json": [{ description: "typo", schema: { minLenght: 2 }, tests: [{ description: "short", data: "a", valid: true }] }],
    });
    expect((await run("--suite", typo)).stdout).toContain("skipped: 1 tests in 1 groups");
    const annotated = await run("--suite", typo, "--unknown-keywords", "annotate");
    expect(annotated.code).toBe(0);
    expect(annotated.stdout).toContain("accepted as annotations (--unknown-keywords annotate): minLenght (1)");
  });

  it.each([
    [["--suite", "/nonexistent/suite"], "looked in /nonexistent/suite (--suite)"],
    [["--suite", "/nonexistent/suite"], "https://github.com/json-schema-org/JSON-Schema-Test-Suite"],
    [["--frobnicate"], "'--frobnicate'"],
    [["--optional", "--required-only"], "exclude each other"],
    [["--format", "xml"], "--format: expected text or json, got 'xml'"],
    [["--dialect", "draft5", "--suite", passingSuite], "--dialect: expected one of draft4, draft6, draft7, draft2019-09, draft2020-12 or all, got 'draft5'"],
    [["--unknown-keywords", "keep", "--suite", passingSuite], "--unknown-keywords: expected refuse or annotate, got 'keep'"],
    [["--validator", "./no-such-validator.mjs", "--suite", passingSuite], "no-such-validator.mjs: file not found"],
  ])("exits 2 on bad usage %j with a one-line reason", async (argv, reason) => {
    const { code, stdout, stderr } = await run(...argv);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toContain(reason);
    expect(stderr.trim().split("\n")).toHaveLength(1);
  });

  it("names a damaged suite file and the place in it (exit 2)", async () => {
    const damaged = writeFakeSuite({ "tests/draft2020-12/bad.json": { not: "an array" } });
    const { code, stderr } = await run("--validator", "ajv", "--suite", damaged);
    expect(code).toBe(2);
    expect(stderr).toContain(`${join(damaged, "tests/draft2020-12/bad.json")}: expected an array of test groups`);
  });
});
