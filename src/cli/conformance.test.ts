import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeFakeSuite, writeFakeValidatorModule } from "../conformance/test-support/fake-suite.js";
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

  it.each([
    [["--suite", "/nonexistent/suite"], "looked in /nonexistent/suite (--suite)"],
    [["--suite", "/nonexistent/suite"], "https://github.com/json-schema-org/JSON-Schema-Test-Suite"],
    [["--frobnicate"], "'--frobnicate'"],
    [["--optional", "--required-only"], "exclude each other"],
    [["--format", "xml"], "--format: expected text or json, got 'xml'"],
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
