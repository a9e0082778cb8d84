// Modules under test that break the contract every way we know: each run ends within its limits with
// exit 1 or 2 and a line saying what broke, never 0 ("all unsupported", "all skipped") and never a
// native abort. Small runs, short timeouts and a small heap keep this fast.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { fromRoot } from "../package-root.js";
import { SMALL_SCHEMA, tempFolder, writeSchemaCatalog } from "../diff/test-support/temp-catalog.js";
import { writeFakeSuite } from "../conformance/test-support/fake-suite.js";
import { memoryIo } from "./io.js";
import { main } from "./main.js";

const hostile = (name: string) => fromRoot("src", "validators", "test-support", "hostile", `${name}.mjs`);
let catalog: string;
let noRegressions: string;

beforeAll(async () => {
  catalog = await writeSchemaCatalog("small", SMALL_SCHEMA);
  noRegressions = await tempFolder();
});

async function run(verb: string, ...argv: string[]) {
  const io = memoryIo();
  const code = await main([verb, ...argv], io);
  return { code, ...io };
}

const fuzz = (module: string) =>
  run("fuzz", "--validator", hostile(module), "--schemas", catalog, "--runs", "40", "--seed", "1", "--workers", "1",
    "--timeout-ms", "300", "--heap-mb", "32", "--max-lost", "2", "--regressions", noRegressions);

describe("fuzz against hostile candidates", () => {
  it.each([
    ["exit-in-compile", /BROKEN: .*process\.exit\(0\)/],
    ["compile-returns-string", /BROKEN: .*compile did not return a function \(it returned string\)/],
    ["refuses-everything", /BROKEN: .*refused every schema \(1 of 1\); first reason: not today/],
    ["hangs-in-compile", /BROKEN: .*compiling it did not finish: no answer within 300 ms/],
    ["hangs-in-validate", /BROKEN: .*declared broken after 2 hangs/],
    ["allocates-without-end", /BROKEN: .*(memory limit|no answer within 300 ms)/],
  ])("%s is declared broken (exit 1)", async (module, line) => {
    const { code, stdout } = await fuzz(module);
    expect(stdout).toMatch(line);
    expect(code).toBe(1);
  });

  it.each([
    ["throws-number", "42"],
    ["throws-null-prototype", "a non-Error object {}"],
    ["returns-garbage", "validator contract violation"],
  ])("%s is a crash finding (exit 1), not an abort of the lab", async (module, error) => {
    const { code, stdout } = await fuzz(module);
    expect(stdout).toContain(error);
    expect(code).toBe(1);
  });

  it("throws-from-timer ends its worker, never the lab (it once aborted with exit 134)", async () => {
    const { code, stdout } = await fuzz("throws-from-timer");
    expect(stdout).toMatch(/worker at \(root\)[\s\S]*the worker exited with code 70/);
    expect(code).toBe(1);
  });

  it("carries `broken` in the JSON section, and the report shows it", async () => {
    const folder = await tempFolder();
    const out = join(folder, "fuzz.json");
    const { code } = await run("fuzz", "--validator", hostile("refuses-everything"), "--schemas", catalog, "--runs", "10", "--workers", "1", "--regressions", noRegressions, "--format", "json", "--out", out);
    expect(code).toBe(1);
    expect(JSON.parse(await readFile(out, "utf8"))).toMatchObject({ kind: "fuzz", broken: expect.stringContaining("refused every schema") });
    const report = await run("report", "--in", out, "--out", join(folder, "report"));
    expect(report.stdout).toContain("BROKEN: the candidate refused every schema");
  });

  it("exit-at-import is bad input (exit 2) naming the module", async () => {
    const { code, stderr } = await fuzz("exit-at-import");
    expect(stderr).toMatch(/exit-at-import\.mjs: cannot import it: .*process\.exit\(0\)/);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(code).toBe(2);
  });
});

describe("conformance against hostile candidates", () => {
  const group = (description: string, schema: object) => ({ description, schema, tests: [{ description: "a", data: 1, valid: true }, { description: "b", data: "x", valid: false }] });
  let suite: string;
  beforeAll(() => {
    suite = writeFakeSuite({
      "tests/draft2020-12/type.json": [group("integer", { type: "integer" }), group("number", { type: "number" })],
      "tests/draft2020-12/const.json": [group("one", { const: 1 }), group("two", { const: 1 })],
    });
  });
  const conformance = (module: string) =>
    run("conformance", "--validator", hostile(module), "--suite", suite, "--timeout", "300", "--heap-mb", "32", "--max-lost", "2");

  it.each([
    ["exit-in-compile", /BROKEN: .*broke the contract: ProcessExitCalled: the validator called process\.exit\(0\)/],
    ["compile-returns-string", /BROKEN: .*compile did not return a function \(it returned string\)/],
    ["refuses-everything", /BROKEN: .*ran none of 8 tests \(0 skipped, 8 errored\); first reason: error: compile: not today/],
    ["hangs-in-compile", /BROKEN: .*declared broken after 2 hangs or crashes .*timeout \(no answer within 300 ms\)/],
    ["hangs-in-validate", /BROKEN: .*declared broken after 2 hangs/],
    ["allocates-without-end", /BROKEN: .*declared broken after 2 hangs or crashes/],
    ["throws-number", /BROKEN: .*ran none of 8 tests .*error: 42/],
    ["throws-null-prototype", /BROKEN: .*ran none of 8 tests .*a non-Error object \{\}/],
    ["returns-garbage", /BROKEN: .*ran none of 8 tests .*validator contract violation/],
  ])("%s is declared broken (exit 1)", async (module, line) => {
    const { code, stdout } = await conformance(module);
    expect(stdout).toMatch(line);
    expect(code).toBe(1);
  });

  it("throws-from-timer ends its worker, never the lab", async () => {
    const { code, stdout } = await conformance("throws-from-timer");
    expect(stdout).toMatch(/^conformance: throws-from-timer/);
    expect(code).toBe(1);
  });

  it("exit-at-import is bad input (exit 2) naming the module, never an empty exit 0", async () => {
    const { code, stderr } = await conformance("exit-at-import");
    expect(stderr).toMatch(/exit-at-import\.mjs: cannot import it: .*process\.exit\(0\)/);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(code).toBe(2);
  });
});

describe("dispatch against hostile dispatchers", () => {
  const dispatcher = (name: string) => fromRoot("src", "harness", "test-support", "hostile", `${name}.mjs`);
  const dispatch = (module: string) => run("dispatch", "--dispatcher", dispatcher(module), "--timeout", "300", "--heap-mb", "32", "--max-lost", "2");

  it.each([
    ["exits", /BROKEN: exits: the dispatcher answered none of \d+ rounds; first error: ProcessExitCalled: the dispatcher called process\.exit\(0\)/],
    ["loops-synchronously", /BROKEN: .*declared broken after 2 hangs or crashes .*did not finish within 300 ms \(its worker was stopped\)/],
    ["allocates-without-end", /BROKEN: .*declared broken after 2 hangs or crashes/],
    ["throws-null-prototype", /BROKEN: .*first error: a non-Error object \{\}/],
    ["leaves-unhandled-rejection", /BROKEN: .*unhandled rejection: forgotten/],
    ["returns-garbage", /BROKEN: .*answered none of \d+ rounds with an array of results/],
  ])("%s is declared broken (exit 1)", async (module, line) => {
    const { code, stderr } = await dispatch(module);
    expect(stderr).toMatch(line);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(code).toBe(1);
  });

  it("exit-at-import is bad input (exit 2) naming the module", async () => {
    const { code, stderr } = await dispatch("exit-at-import");
    expect(stderr).toMatch(/exit-at-import\.mjs: cannot import it: .*process\.exit\(0\)/);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(code).toBe(2);
  });
});
