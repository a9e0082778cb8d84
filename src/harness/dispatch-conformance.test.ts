// The reference dispatcher against every committed fixture, and deliberately broken dispatchers that
// must each be caught with the property they break named.
import { readFile } from "node:fs/promises";
import { beforeAll, describe, expect, test } from "vitest";
import type { DispatchSection } from "../report/model.js";
import { DISPATCH_PROPERTIES } from "./check-dispatch-properties.js";
import { fixtureName } from "./dispatch-fixture.js";
import { buildDispatchFixtures } from "./fixtures/build-dispatch-fixtures.js";
import { DISPATCH_CASES } from "./fixtures/dispatch-cases.js";
import { fixtureFile, fixtureText } from "./fixtures/write-dispatch-fixtures.js";
import { DISPATCH_SUITE_DIR, loadDispatchSuite } from "./load-dispatch-suite.js";
import { runDispatchConformance } from "./run-dispatch-conformance.js";
import { brokenDispatcher, type Breakage } from "./test-support/broken-dispatcher.js";
import { WIRE_FORMATS } from "./wire-format.js";

let reference: DispatchSection;

beforeAll(async () => {
  reference = await runDispatchConformance();
});

describe("the reference dispatcher", () => {
  test("passes every fixture", () => {
    expect(reference.cases.filter((entry) => !entry.passed)).toEqual([]);
    expect(reference.totals.failed).toBe(0);
  });

  test.each(WIRE_FORMATS)("%s: every case runs, streamed and not, and every property is judged", (provider) => {
    const cases = reference.cases.filter((entry) => entry.provider === provider);
    const expectedFixtures = DISPATCH_CASES.flatMap((entry) => entry.modes.map((mode) => (mode === "stream" ? `${entry.fixture}.stream` : entry.fixture)));
    expect(new Set(cases.map((entry) => entry.fixture))).toEqual(new Set(expectedFixtures));
    expect(new Set(cases.map((entry) => entry.property))).toEqual(new Set(DISPATCH_PROPERTIES));
  });
});

const BREAKAGES: readonly { breakage: Breakage; property: string; fixture: RegExp }[] = [
  { breakage: "parse-failure-as-empty-object", property: "invalid-call-never-runs", fixture: /^unparseable-arguments-no-required/ },
  { breakage: "skip-validation", property: "invalid-call-never-runs", fixture: /^(number-as-text|extra-field|enum-with-whitespace)/ },
  { breakage: "run-incomplete-answers", property: "incomplete-answer-runs-nothing", fixture: /^(refusal|truncated-max-tokens|stream-truncated-mid-arguments)/ },
  { breakage: "drop-call-id", property: "error-result-carries-call-id", fixture: /./ },
];

describe.each(BREAKAGES)("a dispatcher that breaks $breakage", ({ breakage, property, fixture }) => {
  test(`fails ${property}, named, with a detail`, async () => {
    const section = await runDispatchConformance({ dispatcher: brokenDispatcher(breakage) });
    const failures = section.cases.filter((entry) => !entry.passed);
    expect(section.totals.failed).toBe(failures.length);
    const named = failures.filter((entry) => entry.property === property && fixture.test(entry.fixture));
    expect(named.length).toBeGreaterThan(0);
    for (const entry of named) expect(entry.detail).not.toBe("ok");
  });
});

test("skipping validation is caught on every wire, for every invalid-arguments case", async () => {
  const section = await runDispatchConformance({ dispatcher: brokenDispatcher("skip-validation") });
  for (const provider of WIRE_FORMATS) {
    for (const name of ["number-as-text", "measurement-as-json-string", "enum-with-whitespace", "null-in-optional-nested-field", "extra-field", "parallel-one-invalid"]) {
      const entry = section.cases.find((c) => c.provider === provider && c.fixture === name && c.property === "invalid-call-never-runs");
      expect(entry, `${provider} ${name}`).toMatchObject({ passed: false });
    }
  }
});

describe("the committed fixtures", () => {
  test("are exactly what the case table generates (regenerate: npx tsx src/harness/fixtures/write-dispatch-fixtures.ts)", async () => {
    const generated = buildDispatchFixtures();
    for (const fixture of generated) expect(await readFile(fixtureFile(DISPATCH_SUITE_DIR, fixture), "utf8"), fixtureName(fixture)).toBe(fixtureText(fixture));
    const suite = await loadDispatchSuite();
    expect(suite.fixtures.length).toBe(generated.length);
  });
});
