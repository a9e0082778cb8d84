import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { FuzzSection, ResultsDocument, Section } from "./model.js";
import { mergeDocuments } from "./merge-results.js";
import { buildFixtureDocument, fixtureCheckSection, fixtureConformanceSection, fixtureFuzzSection, fixtureHeader, fixtureProbeSection } from "./test-support/fixture-document.js";
import { fuzzSectionFromCases, type SimulatedCase } from "./test-support/fuzz-section-from-cases.js";

const SCHEMAS = ["alpha", "beta", "gamma"];

function documentOf(sections: readonly Section[], overrides: Partial<ResultsDocument> = {}): ResultsDocument {
  return { header: fixtureHeader(), sections, footer: { kind: "footer", finishedAt: "2025-01-02T04:00:00.000Z", complete: true }, ...overrides };
}

const caseArbitrary: fc.Arbitrary<SimulatedCase> = fc
  .record({
    schemaId: fc.constantFrom(...SCHEMAS),
    family: fc.constantFrom("valid", "near-miss:string", "near-miss:number"),
    valid: fc.boolean(),
    finding: fc.option(fc.record({ klass: fc.constantFrom("x", "y"), instance: fc.string({ maxLength: 4 }) }), { nil: undefined }),
  })
  .map(({ finding, ...rest }) => ({
    ...rest,
    // A finding id is a hash of what makes it the same finding, so it names its schema.
    ...(finding ? { disagreement: { findingId: `${rest.schemaId}-${finding.klass}`, instance: finding.instance } } : {}),
  }));

function shardRun(cases: readonly SimulatedCase[], assignment: readonly number[], count: number): FuzzSection[] {
  return Array.from({ length: count }, (_, i) => {
    const indexes = cases.map((_, caseIndex) => caseIndex).filter((caseIndex) => assignment[caseIndex] === i);
    return fuzzSectionFromCases(indexes.map((k) => cases[k]!), indexes, { seed: 7, shard: { index: i + 1, count }, schemaIds: SCHEMAS });
  });
}

describe("mergeDocuments: fuzz shards", () => {
  test("a complete shard set merges to the unsharded run of the same seed, in any order", () => {
    const run = fc
      .integer({ min: 2, max: 4 })
      .chain((count) => fc.array(fc.tuple(caseArbitrary, fc.nat(count - 1)), { maxLength: 60 }).map((pairs) => ({ count, pairs })));
    fc.assert(
      fc.property(run, fc.boolean(), ({ count, pairs }, reverse) => {
        const cases = pairs.map(([item]) => item);
        const unsharded = fuzzSectionFromCases(cases, cases.map((_, i) => i), { seed: 7, schemaIds: SCHEMAS });
        const shards = shardRun(cases, pairs.map(([, shard]) => shard), count);
        const merged = mergeDocuments((reverse ? [...shards].reverse() : shards).map((s) => documentOf([s])));
        expect(merged.sections).toEqual(mergeDocuments([documentOf([unsharded])]).sections);
        const [section] = merged.sections as FuzzSection[];
        expect(section!.shard).toBeUndefined();
        expect(section!.cases).toBe(cases.length);
      }),
      { numRuns: 150 },
    );
  });

  test("findings with the same id sum their counts and keep the smallest example", () => {
    const a = fixtureFuzzSection({ shard: { index: 1, count: 2 } });
    const b = fixtureFuzzSection({
      shard: { index: 2, count: 2 },
      findings: [{ ...a.findings[0]!, count: 4, example: { schema: {}, instance: 1 } }],
      disagreements: [],
    });
    const [merged] = mergeDocuments([documentOf([b]), documentOf([a])]).sections as FuzzSection[];
    const finding = merged!.findings.find((f) => f.id === a.findings[0]!.id)!;
    expect(finding.count).toBe(a.findings[0]!.count + 4);
    expect(finding.example).toEqual({ schema: {}, instance: 1 });
    expect(merged!.findings).toHaveLength(a.findings.length);
    expect(merged!.cases).toBe(a.cases + b.cases);
    expect(merged!.targets.find((t) => t.schemaId === "crm.create_contact")).toEqual({ schemaId: "crm.create_contact", cases: 2000, findings: 1 });
    expect(merged!.stats.validShare).toBe(0.5);
    expect(merged!.stats.byFamily.valid).toEqual({ cases: 4000, validShare: 1 });
  });

  test("a missing shard leaves the set marked, one shard alone keeps its shard field", () => {
    const shard = (index: number) => fixtureFuzzSection({ shard: { index, count: 3 } });
    const twoOfThree = mergeDocuments([documentOf([shard(3)]), documentOf([shard(1)])]).sections[0] as FuzzSection;
    expect(twoOfThree.shards).toEqual({ count: 3, merged: [1, 3] });
    expect(twoOfThree.shard).toBeUndefined();
    const allThree = mergeDocuments([documentOf([twoOfThree]), documentOf([shard(2)])]).sections[0] as FuzzSection;
    expect(allThree.shards).toBeUndefined();
    expect((mergeDocuments([documentOf([shard(2)])]).sections[0] as FuzzSection).shard).toEqual({ index: 2, count: 3 });
  });

  test("the same file twice counts once; two different sections for one shard are refused", () => {
    const shard = fixtureFuzzSection({ shard: { index: 1, count: 2 } });
    const twice = mergeDocuments([documentOf([shard]), documentOf([shard])]).sections[0] as FuzzSection;
    expect(twice.cases).toBe(shard.cases);
    const other = { ...shard, cases: 1 };
    expect(() => mergeDocuments([documentOf([shard]), documentOf([other])])).toThrow("cannot merge fuzz results: shard 1/2 of lite (seed 42) appears twice");
  });

  test("different seeds or validators stay separate sections", () => {
    const merged = mergeDocuments([documentOf([fixtureFuzzSection()]), documentOf([fixtureFuzzSection({ seed: 43 }), fixtureFuzzSection({ validator: "mine" })])]);
    expect(merged.sections.map((s) => (s as FuzzSection).validator + "/" + (s as FuzzSection).seed).sort()).toEqual(["lite/42", "lite/43", "mine/42"]);
  });
});

describe("mergeDocuments: documents and other sections", () => {
  test("header from the earliest run, footer complete only when every input is", () => {
    const early = documentOf([], { header: fixtureHeader({ startedAt: "2025-01-01T00:00:00.000Z", seed: 1 }) });
    const partial = documentOf([], { header: fixtureHeader({ seed: 2 }), footer: { kind: "footer", finishedAt: "2025-01-09T00:00:00.000Z", complete: false } });
    const merged = mergeDocuments([partial, early]);
    expect(merged.header.startedAt).toBe("2025-01-01T00:00:00.000Z");
    expect(merged.header.seed).toBeUndefined();
    expect(merged.footer).toEqual({ kind: "footer", finishedAt: "2025-01-09T00:00:00.000Z", complete: false });
    expect(mergeDocuments([early, early]).header.seed).toBe(1);
  });

  test("sections come out in kind order whatever order they came in", () => {
    const sections = buildFixtureDocument().sections;
    const forward = mergeDocuments([documentOf(sections)]);
    const backward = mergeDocuments([documentOf([...sections].reverse())]);
    expect(backward).toEqual(forward);
    expect(forward.sections.map((s) => s.kind)).toEqual(["catalog", "fuzz", "conformance", "probe", "probe", "probe", "probe", "check", "dispatch", "compat"]);
  });

  test("probe modes of one provider and model from two files join; emulated and live stay apart", () => {
    const strict = fixtureProbeSection({ provider: "openai", model: "m", modes: ["strict"] });
    const loose = fixtureProbeSection({ provider: "openai", model: "m", modes: ["loose"] });
    const live = fixtureProbeSection({ provider: "openai", model: "m", modes: ["strict"], emulated: false });
    const probes = mergeDocuments([documentOf([strict, live]), documentOf([loose])]).sections;
    expect(probes).toHaveLength(2);
    const emulated = probes.find((s) => s.kind === "probe" && s.emulated);
    expect(emulated?.kind === "probe" && emulated.modes.map((m) => m.mode)).toEqual(["loose", "strict"]);
  });

  test("conflicting results for one identity are refused with the identity named", () => {
    const strict = fixtureProbeSection({ provider: "openai", model: "m", modes: ["strict"] });
    const remeasured = fixtureProbeSection({ provider: "openai", model: "m", modes: ["strict"], seed: 4 });
    expect(() => mergeDocuments([documentOf([strict]), documentOf([remeasured])])).toThrow("two different probe results (openai m) for strict");
    const conformance = fixtureConformanceSection();
    expect(() => mergeDocuments([documentOf([conformance]), documentOf([{ ...conformance, compliance: 0.1 }])])).toThrow(
      "two different conformance sections for validator lite",
    );
    const check = fixtureCheckSection();
    const flipped = { ...check, results: [{ ...check.results[0]!, verdict: "rejected" as const }] };
    expect(() => mergeDocuments([documentOf([check]), documentOf([flipped])])).toThrow(/two different documented check results for crm\.create_contact \/ openai:chat\.tools\.strict/);
  });

  test("conformance sections of one validator in different drafts are kept apart; one without a dialect is draft 2020-12", () => {
    const latest = fixtureConformanceSection();
    const draft7 = { ...latest, dialect: "draft7" as const, compliance: 0.5 };
    const merged = mergeDocuments([documentOf([latest]), documentOf([draft7])]);
    expect(merged.sections.filter((s) => s.kind === "conformance")).toHaveLength(2);
    expect(() => mergeDocuments([documentOf([latest]), documentOf([{ ...latest, dialect: "draft2020-12" as const, compliance: 0.1 }])])).toThrow(
      "two different conformance sections for validator lite (draft2020-12)",
    );
  });

  test("check results of one source from two catalogs join", () => {
    const check = fixtureCheckSection();
    const firstHalf = { ...check, results: check.results.slice(0, 5) };
    const secondHalf = { ...check, results: check.results.slice(5) };
    const [merged] = mergeDocuments([documentOf([secondHalf]), documentOf([firstHalf])]).sections;
    expect(merged?.kind === "check" && merged.results).toHaveLength(check.results.length);
  });
});
