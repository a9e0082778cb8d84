import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ajvValidator } from "../validators/ajv-validator.js";
import type { CompileContext } from "../validators/types.js";
import { locateSuite } from "./locate-suite.js";
import { dialectsToRun, runConformance, runConformanceDialects } from "./run-conformance.js";
import { SuiteNotFoundError } from "./suite-layout.js";
import { SuiteFormatError } from "./test-groups.js";
import { loadFakeValidator, writeFakeSuite, writeFakeValidatorModule } from "./test-support/fake-suite.js";

describe("runConformance per dialect", () => {
  const files = {
    "tests/draft7/a.json": [{ description: "seen as draft7", schema: { "x-dialect": "draft7" }, tests: [{ description: "t", data: 1, valid: true }] }],
    "tests/draft2020-12/a.json": [{ description: "seen as 2020-12", schema: { "x-dialect": "draft2020-12" }, tests: [{ description: "t", data: 1, valid: true }] }],
  };
  // Passes only when compiled in the dialect its schema names, and counts the unknown keyword it is told of.
  const validator = {
    name: "dialect-aware",
    supportsRemotes: true as const,
    compile(schema: object | boolean, context: CompileContext = {}) {
      context.onUnknownKeyword?.("x-dialect", "#/x-dialect");
      const expected = (schema as Record<string, unknown>)["x-dialect"];
      return () => context.dialect === expected;
    },
  };

  it("runs each draft folder in its dialect, oldest first, one section each", async () => {
    const suiteDir = writeFakeSuite(files);
    expect(dialectsToRun(suiteDir, "all")).toEqual(["draft7", "draft2020-12"]);
    const sections = await runConformanceDialects({ validator, suiteDir, dialects: dialectsToRun(suiteDir, "all"), unknownKeywords: "annotate" });
    expect(sections.map((s) => [s.dialect, s.totals.passed, s.compliance])).toEqual([["draft7", 1, 1], ["draft2020-12", 1, 1]]);
    expect(sections[0]!.annotatedKeywords).toEqual({ "x-dialect": 1 });
  });

  it("does not call a module broken for declining one draft, only for running nothing in any", async () => {
    const suiteDir = writeFakeSuite(files);
    const dialects = dialectsToRun(suiteDir, "all");
    // Declares every draft-7 schema unsupported, runs the 2020-12 ones.
    const picky = {
      name: "picky",
      supportsRemotes: true as const,
      compile(_schema: object | boolean, context: CompileContext = {}) {
        if (context.dialect !== "draft2020-12") throw new Error(`unsupported dialect ${context.dialect}`);
        return () => true;
      },
    };
    const sections = await runConformanceDialects({ validator: picky, suiteDir, dialects });
    expect(sections.map((s) => [s.dialect, s.totals.skipped, s.totals.passed, s.broken])).toEqual([["draft7", 1, 0, undefined], ["draft2020-12", 0, 1, undefined]]);
    const refusesAll = { ...picky, name: "refuses-all", compile: () => { throw new Error("unsupported everywhere"); } };
    const refused = await runConformanceDialects({ validator: refusesAll, suiteDir, dialects });
    expect(refused.map((s) => s.broken)).toEqual([expect.stringContaining("ran none of 2 tests (2 skipped, 0 errored)"), expect.stringContaining("ran none of 2 tests")]);
  });

  it("stops at the first draft where an isolated module is declared broken", async () => {
    const suiteDir = writeFakeSuite(files);
    const modulePath = join(import.meta.dirname, "..", "validators", "test-support", "hostile", "compile-returns-string.mjs");
    const sections = await runConformanceDialects({ suiteDir, dialects: dialectsToRun(suiteDir, "all"), isolate: { modulePath, timeoutMs: 2000 } });
    expect(sections).toHaveLength(1);
    expect(sections[0]).toMatchObject({ dialect: "draft7", broken: expect.stringContaining("compile did not return a function") });
  });

  it("says which draft folder is missing", async () => {
    const suiteDir = writeFakeSuite(files);
    await expect(runConformance({ validator, suiteDir, dialect: "draft4" })).rejects.toThrow(/tests\/draft4/);
  });
});

describe("runConformance over a fake suite", () => {
  const suiteDir = writeFakeSuite();

  it("ends every test passed, failed, skipped or errored, and counts them per file and keyword", async () => {
    const section = await runConformance({ validator: await loadFakeValidator(suiteDir), suiteDir, include: "required" });
    expect(section.totals).toEqual({ passed: 3, failed: 1, skipped: 3, errored: 3 });
    expect(section.compliance).toBeCloseTo(0.3);
    expect(section.byKeyword).toEqual({
      const: { passed: 3, failed: 1, skipped: 0, errored: 0 },
      misc: { passed: 0, failed: 0, skipped: 3, errored: 3 },
    });
    expect(section.files.map((file) => file.file)).toEqual(["const.json", "misc.json"]);
    expect(section.suite.commit).toBe("0123456789abcdef0123456789abcdef01234567");
  });

  it("keeps one skip per refused group, with the reason and the number of tests", async () => {
    const section = await runConformance({ validator: await loadFakeValidator(suiteDir), suiteDir, include: "required" });
    expect(section.skips).toEqual([{ file: "misc.json", group: "unsupported here", reason: "UnsupportedSchemaError: marker keyword", tests: 3 }]);
  });

  it("reports failures with what was expected and got; a throw or a bad return as an error", async () => {
    const section = await runConformance({ validator: await loadFakeValidator(suiteDir), suiteDir, include: "required" });
    const got = section.failures.map((failure) => [failure.group, failure.data, failure.expected, failure.got]);
    expect(got).toEqual([
      ["const with a wrong expectation", "b", true, false],
      ["throws while validating", 1, true, "error: boom"],
      ["throws while validating", 2, false, "error: boom"],
      ["returns a number", 1, true, expect.stringContaining("error: validator contract violation")],
    ]);
  });

  it("adds optional/format by default and every optional file with 'all', keyed by format:/optional:", async () => {
    const validator = await loadFakeValidator(suiteDir);
    const byDefault = await runConformance({ validator, suiteDir });
    expect(Object.keys(byDefault.byKeyword)).toEqual(["const", "misc", "format:date"]);
    const all = await runConformance({ validator, suiteDir, include: "all" });
    expect(Object.keys(all.byKeyword)).toEqual(["const", "misc", "optional:bignum", "format:date"]);
  });

  it("offers the remotes keyed by http://localhost:1234/ to validators that take them", async () => {
    const dir = writeFakeSuite({
      "tests/draft2020-12/refRemote.json": [{ description: "remote", schema: { $ref: "http://localhost:1234/name.json" }, tests: [{ description: "t", data: "remote", valid: true }] }],
      "remotes/name.json": { const: "remote" },
    });
    const section = await runConformance({ validator: await loadFakeValidator(dir), suiteDir: dir });
    expect(section.totals.passed).toBe(1);
    expect(section.suite.commit).toBeNull();
  });

  it("runs a module in a worker: a hang is an error ('timeout') and the group goes on", async () => {
    const dir = writeFakeSuite({
      "tests/draft2020-12/hang.json": [{ description: "hangs on 2", schema: { "x-hang-on": 2 }, tests: [1, 2, 3].map((data) => ({ description: `${data}`, data, valid: true })) }],
    });
    const modulePath = writeFakeValidatorModule(dir);
    const validator = await loadFakeValidator(dir);
    // The worker that replaces the hung one imports the module under the load limit, not test 3's
    // (worker-runner.test.ts pins that with a module slower to import than a call may take).
    const section = await runConformance({ validator, suiteDir: dir, isolate: { modulePath, timeoutMs: 2000 } });
    expect(section.totals).toEqual({ passed: 2, failed: 0, skipped: 0, errored: 1 });
    expect(section.failures[0]?.got).toMatch(/^error: timeout/);
  });

  it("reports a validate that calls process.exit as errored and goes on", async () => {
    const dir = writeFakeSuite({
      "tests/draft2020-12/exit.json": [
        { description: "exits", schema: { "x-exit": true }, tests: [{ description: "t", data: 1, valid: true }] },
        { description: "after", schema: { const: 1 }, tests: [{ description: "t", data: 1, valid: true }] },
      ],
    });
    const section = await runConformance({ validator: await loadFakeValidator(dir), suiteDir: dir, isolate: { modulePath: writeFakeValidatorModule(dir) } });
    expect(section.totals).toEqual({ passed: 1, failed: 0, skipped: 0, errored: 1 });
    expect(section.failures[0]?.got).toBe("error: ProcessExitCalled: the validator called process.exit(3)");
  });

  it("counts a compile that throws without declaring the schema unsupported as errored (Bowtie's rule)", async () => {
    const dir = writeFakeSuite({
      "tests/draft2020-12/ref.json": [{ description: "dangling", schema: { $ref: "nowhere" }, tests: [{ description: "t", data: 1, valid: true }, { description: "u", data: 2, valid: false }] }],
      "tests/draft2020-12/const.json": [{ description: "ok", schema: { const: 1 }, tests: [{ description: "t", data: 1, valid: true }] }],
    });
    const section = await runConformance({ validator: await loadFakeValidator(dir), suiteDir: dir });
    expect(section.totals).toEqual({ passed: 1, failed: 0, skipped: 0, errored: 2 });
    expect(section.failures[0]?.got).toBe("error: compile: cannot resolve nowhere");
  });

  it("gives the same outcomes in a worker as in-process", async () => {
    const modulePath = writeFakeValidatorModule(suiteDir);
    const validator = await loadFakeValidator(suiteDir);
    const isolated = await runConformance({ validator, suiteDir, include: "all", isolate: { modulePath } });
    const inProcess = await runConformance({ validator, suiteDir, include: "all" });
    expect(isolated).toEqual(inProcess);
  });

  it("names a missing suite and a damaged file", async () => {
    await expect(runConformance({ validator: ajvValidator, suiteDir: join(suiteDir, "absent") })).rejects.toThrow(SuiteNotFoundError);
    const damaged = writeFakeSuite({ "tests/draft2020-12/broken.json": "[{" });
    await expect(runConformance({ validator: ajvValidator, suiteDir: damaged })).rejects.toThrow(SuiteFormatError);
    const misshapen = writeFakeSuite({ "tests/draft2020-12/shape.json": [{ description: "g", schema: {}, tests: [{ data: 1 }] }] });
    await expect(runConformance({ validator: ajvValidator, suiteDir: misshapen })).rejects.toThrow(/shape\.json #\/0\/tests\/0: expected/);
    writeFileSync(join(damaged, "tests/draft2020-12/broken.json"), "[]");
    expect((await runConformance({ validator: ajvValidator, suiteDir: damaged })).totals.passed).toBe(0);
  });
});

const located = locateSuite();
const REAL_SUITE = located.found ? located.dir : "";
const realSuitePresent = located.found;
if (!realSuitePresent) console.warn(`skipping the real-suite conformance test: no suite (looked in ${located.found ? "" : located.looked.join(", ")})`);

describe.skipIf(!realSuitePresent)("runConformance over the official suite with Ajv", () => {
  it("gives plausible totals", async () => {
    const section = await runConformance({ validator: ajvValidator, suiteDir: REAL_SUITE, include: "required" });
    const { passed, failed, skipped, errored } = section.totals;
    expect(passed + failed + skipped + errored).toBeGreaterThan(1000);
    expect(section.compliance).toBeGreaterThan(0.9);
    expect(section.byKeyword.type).toEqual({ passed: expect.any(Number), failed: 0, skipped: 0, errored: 0 });
    expect(section.byKeyword.required!.failed).toBeGreaterThan(0); // inherited properties count as present (known divergence)
    expect(section.suite.commit).toMatch(/^[0-9a-f]{40}$/);
  });
});
