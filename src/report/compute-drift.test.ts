import { describe, expect, test } from "vitest";
import { computeDrift } from "./compute-drift.js";
import type { ProbeSection, ResultsDocument, Section } from "./model.js";
import {
  buildFixtureDocument,
  fixtureCheckSection,
  fixtureCompatSection,
  fixtureConformanceSection,
  fixtureDispatchSection,
  fixtureFinding,
  fixtureFuzzSection,
  fixtureHeader,
} from "./test-support/fixture-document.js";

function documentOf(...sections: Section[]): ResultsDocument {
  return { header: fixtureHeader(), sections, footer: { kind: "footer", finishedAt: "2025-01-02T04:00:00.000Z", complete: true } };
}

function probeWith(status: string, feature = "pattern"): ProbeSection {
  return {
    kind: "probe",
    provider: "openai",
    model: "gpt",
    emulated: true,
    measuredAt: "2025-01-01T00:00:00Z",
    modes: [{ mode: "strict", features: { [feature]: { status: status as ProbeSection["modes"][0]["features"][string]["status"], evidence: null } } }],
    records: [],
    diffFromProfile: [],
    measuredWhereUnknown: [],
  };
}

describe("computeDrift", () => {
  test("a document compared with itself has no drift", () => {
    expect(computeDrift(buildFixtureDocument(), buildFixtureDocument())).toEqual([]);
  });

  test("new findings are regressions unless the reference is wrong; missing ones are fixed", () => {
    const baseline = documentOf(fixtureFuzzSection({ findings: [fixtureFinding({ id: "old", feature: "maximum" })] }));
    const current = documentOf(
      fixtureFuzzSection({ findings: [fixtureFinding({ id: "lax" }), fixtureFinding({ id: "ajv-bug", feature: "pattern", adjudication: "reference-wrong" })] }),
    );
    const drift = computeDrift(current, baseline);
    expect(drift.map((d) => [d.kind, d.key, d.regression])).toEqual([
      ["finding-new", "lite/crm.create_contact too-lax multipleOf", true],
      ["finding-new", "lite/crm.create_contact too-lax pattern", false],
      ["finding-fixed", "lite/crm.create_contact too-lax maximum", false],
    ]);
  });

  test("the same cause at a new path of the same schema is the same finding, not drift", () => {
    const baseline = documentOf(fixtureFuzzSection({ findings: [fixtureFinding({ id: "at-end", feature: "format:date-time", direction: "too-strict", path: "/end" })] }));
    const moved = documentOf(fixtureFuzzSection({ findings: [fixtureFinding({ id: "at-start", feature: "format:date-time", direction: "too-strict", path: "/start" })] }));
    expect(computeDrift(moved, baseline)).toEqual([]);
    const otherSchema = documentOf(fixtureFuzzSection({ findings: [fixtureFinding({ id: "x", schemaId: "other", feature: "format:date-time", direction: "too-strict" })] }));
    expect(computeDrift(otherSchema, baseline).map((d) => d.kind).sort()).toEqual(["finding-fixed", "finding-new"]);
  });

  test("undecided findings and known divergences are news, regressions only with failOnUndecided", () => {
    const baseline = documentOf(fixtureFuzzSection({ findings: [] }));
    const current = documentOf(
      fixtureFuzzSection({
        findings: [
          fixtureFinding({ id: "u", feature: "format:date-time", direction: "too-strict", adjudication: "undecided" }),
          fixtureFinding({ id: "k", feature: "pattern", adjudication: "candidate-wrong", knownDivergence: "unicode-classes" }),
        ],
      }),
    );
    expect(computeDrift(current, baseline).map((d) => d.regression)).toEqual([false, false]);
    expect(computeDrift(current, baseline)[1]!.detail).toMatch(/\| undecided/);
    expect(computeDrift(current, baseline, { failOnUndecided: true }).map((d) => d.regression)).toEqual([true, true]);
  });

  test("findings are only compared for validators both runs fuzzed", () => {
    const baseline = documentOf(fixtureFuzzSection({ validator: "other" }));
    expect(computeDrift(documentOf(fixtureFuzzSection()), baseline)).toEqual([]);
    expect(computeDrift(documentOf(), documentOf(fixtureFuzzSection()))).toEqual([]);
  });

  test("a matrix cell moving away from enforced is a regression, towards it is not", () => {
    const worse = computeDrift(documentOf(probeWith("ignored")), documentOf(probeWith("enforced")));
    expect(worse).toEqual([
      {
        kind: "matrix-changed",
        regression: true,
        key: "openai gpt (emulated) strict pattern",
        before: "enforced",
        after: "ignored",
        detail: "openai gpt (emulated) strict pattern: enforced → ignored",
      },
    ]);
    expect(computeDrift(documentOf(probeWith("enforced")), documentOf(probeWith("rejected")))[0]!.regression).toBe(false);
    expect(computeDrift(documentOf(probeWith("ignored", "enum")), documentOf(probeWith("enforced")))).toEqual([]);
  });

  test("a check verdict falling from native or translated to rejected or local validation is a regression", () => {
    const check = fixtureCheckSection();
    const native = { ...check, results: [{ ...check.results[0]!, verdict: "native" as const }] };
    const local = { ...check, results: [{ ...check.results[0]!, verdict: "needs-local-validation" as const }] };
    const translated = { ...check, results: [{ ...check.results[0]!, verdict: "translated" as const }] };
    expect(computeDrift(documentOf(local), documentOf(native)).map((d) => [d.before, d.after, d.regression])).toEqual([["native", "needs-local-validation", true]]);
    expect(computeDrift(documentOf(translated), documentOf(native))[0]!.regression).toBe(false);
    expect(computeDrift(documentOf(native), documentOf(local))[0]!.regression).toBe(false);
  });

  test("conformance totals per keyword that got worse are regressions, better ones are listed", () => {
    const baseline = fixtureConformanceSection();
    const pattern = baseline.byKeyword.pattern!;
    const worse = { ...baseline, byKeyword: { ...baseline.byKeyword, pattern: { ...pattern, passed: pattern.passed - 1, failed: pattern.failed + 1 } } };
    const better = { ...baseline, byKeyword: { ...baseline.byKeyword, pattern: { ...pattern, passed: pattern.passed + 1 } } };
    const [regression] = computeDrift(documentOf(worse), documentOf(baseline));
    expect(regression).toMatchObject({ kind: "conformance-changed", key: "lite pattern", regression: true });
    expect(regression!.after).toMatch(/1 failed/);
    expect(computeDrift(documentOf(better), documentOf(baseline))[0]!.regression).toBe(false);
  });

  test("dispatch cases that start failing and compat verdicts that turn breaking are regressions", () => {
    const dispatch = fixtureDispatchSection();
    const broken = { ...dispatch, cases: dispatch.cases.map((c, i) => (i === 0 ? { ...c, passed: false, detail: "handler ran twice" } : c)) };
    expect(computeDrift(documentOf(broken), documentOf(dispatch))).toEqual([
      expect.objectContaining({ kind: "dispatch-changed", regression: true, before: "passed", after: "failed", detail: expect.stringMatching(/now fails: handler ran twice/) }),
    ]);
    const compat = fixtureCompatSection();
    const nowBreaking = { ...compat, results: compat.results.map((r) => ({ ...r, verdict: "breaking" as const })) };
    expect(computeDrift(documentOf(nowBreaking), documentOf(compat))).toEqual([
      expect.objectContaining({ kind: "compat-changed", regression: true, key: "crm.merge_contacts backward" }),
      expect.objectContaining({ kind: "compat-changed", regression: true, key: "weather.get_forecast backward" }),
    ]);
    // A verdict that turns undetermined is a regression too: the release gate can no longer say it is safe.
    const nowUndetermined = { ...compat, results: compat.results.map((r) => ({ ...r, verdict: "undetermined" as const })) };
    expect(computeDrift(documentOf(nowUndetermined), documentOf(compat))).toEqual([
      expect.objectContaining({ kind: "compat-changed", regression: true, key: "crm.create_contact backward" }),
      expect.objectContaining({ kind: "compat-changed", regression: true, key: "weather.get_forecast backward" }),
    ]);
  });

  test("regressions come first, whatever their kind", () => {
    const baseline = documentOf(probeWith("enforced"), fixtureFuzzSection({ findings: [fixtureFinding({ id: "gone" })] }));
    const current = documentOf(probeWith("ignored"), fixtureFuzzSection({ findings: [fixtureFinding({ id: "ref", feature: "pattern", adjudication: "reference-wrong" })] }));
    expect(computeDrift(current, baseline).map((d) => [d.kind, d.regression])).toEqual([
      ["matrix-changed", true],
      ["finding-new", false],
      ["finding-fixed", false],
    ]);
  });
});
