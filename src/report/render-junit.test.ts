import { describe, expect, test } from "vitest";
import { renderJunit } from "./render-junit.js";
import type { ResultsDocument } from "./model.js";
import { buildFixtureDocument, fixtureHeader, HOSTILE_SCHEMA_ID } from "./test-support/fixture-document.js";

function suiteAttributes(xml: string): Record<string, string> {
  const suites: Record<string, string> = {};
  for (const match of xml.matchAll(/<testsuite name="schemalab\.([a-z]+)" (tests="\d+" failures="\d+" errors="\d+" skipped="\d+")/g)) suites[match[1]!] = match[2]!;
  return suites;
}

describe("renderJunit", () => {
  const xml = renderJunit(buildFixtureDocument());

  test("one testsuite per section kind present, plus the run", () => {
    expect(Object.keys(suiteAttributes(xml))).toEqual(["fuzz", "conformance", "probe", "check", "dispatch", "compat", "run"]);
  });

  test("failures are the things to act on", () => {
    const suites = suiteAttributes(xml);
    // fuzz: 4 targets + 1 unsupported; crm (candidate-wrong) and the hostile schema (undecided) fail, weather is reference-wrong only.
    expect(suites.fuzz).toBe('tests="5" failures="2" errors="0" skipped="1"');
    // conformance: 10 keywords; multipleOf and unevaluatedProperties fail, $ref errored.
    expect(suites.conformance).toMatch(/^tests="10" failures="2" errors="1" skipped="0"$/);
    // check: 4 schemas x 3 targets, one in four rejected.
    expect(suites.check).toBe('tests="12" failures="3" errors="0" skipped="0"');
    expect(suites.dispatch).toBe('tests="9" failures="1" errors="0" skipped="0"');
    // compat: one break without a major bump, one undetermined, one compatible.
    expect(suites.compat).toBe('tests="3" failures="2" errors="0" skipped="0"');
    // run: completeness + 4 drift items, 2 of them regressions.
    expect(suites.run).toBe('tests="5" failures="2" errors="0" skipped="0"');
  });

  test("probe failures are cells that contradict the documented profile; inconclusive cells are errors", () => {
    const document = buildFixtureDocument();
    const probes = document.sections.filter((s) => s.kind === "probe");
    const cells = probes.flatMap((p) => p.modes.flatMap((m) => Object.values(m.features)));
    const diffs = probes.flatMap((p) => p.diffFromProfile).length;
    const errors = cells.filter((c) => c.status === "error").length;
    expect(suiteAttributes(xml).probe).toBe(`tests="${cells.length}" failures="${diffs}" errors="${errors}" skipped="0"`);
  });

  test("a cell measured where the profile says unknown passes, saying it is new", () => {
    const document = buildFixtureDocument();
    const probe = document.sections.find((s) => s.kind === "probe")!;
    const gap = probe.measuredWhereUnknown[0]!;
    const classname = `probe.${probe.provider}.${probe.model}${probe.emulated ? ".emulated" : ""}.${gap.mode}`;
    const testcase = xml.split("<testcase ").find((chunk) => chunk.startsWith(`classname="${classname}" name="${gap.feature}"`))!;
    expect(testcase).not.toContain("<failure");
    expect(testcase).toContain("(new: the profile says unknown)");
  });

  test("testsuites totals add up the suites", () => {
    const totals = Object.values(suiteAttributes(xml)).map((attrs) => attrs.match(/\d+/g)!.map(Number));
    const sum = totals.reduce((acc, row) => acc.map((v, i) => v + row[i]!), [0, 0, 0, 0]);
    expect(xml).toContain(`<testsuites name="schemalab" tests="${sum[0]}" failures="${sum[1]}" errors="${sum[2]}" skipped="${sum[3]}">`);
  });

  test("hostile text is escaped everywhere, and control characters are dropped", () => {
    expect(xml).not.toContain("</script>");
    expect(xml).not.toContain("\u0000");
    expect(xml).toContain(`name="evil&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&lt;b&gt;"`);
    expect(HOSTILE_SCHEMA_ID).toContain("</script>");
  });

  test("a partial run errors its completeness case; an empty document is still a valid report", () => {
    const partial = renderJunit(buildFixtureDocument({ complete: false, drift: false }));
    expect(partial).toMatch(/<testcase classname="run" name="results complete">\n\s+<error message="partial run/);
    const empty: ResultsDocument = { header: fixtureHeader(), sections: [], footer: { kind: "footer", finishedAt: "x", complete: true } };
    expect(renderJunit(empty)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="schemalab" tests="1" failures="0" errors="0" skipped="0">\n' +
        `  <testsuite name="schemalab.run" tests="1" failures="0" errors="0" skipped="0" timestamp="${fixtureHeader().startedAt}">\n` +
        '    <testcase classname="run" name="results complete"/>\n  </testsuite>\n</testsuites>\n',
    );
  });
});
