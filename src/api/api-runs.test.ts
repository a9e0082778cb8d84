// The verbs that run workers or servers, from code: small, seeded runs that still check the section's
// contract (fuzz counts, abort, probe cells, dispatcher cases, suite totals).
import { describe, expect, it } from "vitest";
import { locateSuite } from "../conformance/locate-suite.js";
import { fromRoot } from "../package-root.js";
import { conformance, dispatchConformance, failsRun, fuzz, probe, ProbeInputError } from "../index.js";

const FITNESS = fromRoot("suites", "catalogs", "fitness.json");

describe("fuzz()", () => {
  it("runs lite against Ajv with progress and no failing findings", async () => {
    let calls = 0;
    const section = await fuzz({ schemas: [FITNESS], runs: 300, seed: 7, workers: 1, regressions: [], onProgress: () => void calls++ });
    expect(section.kind).toBe("fuzz");
    expect(section.seed).toBe(7);
    expect(section.cases).toBe(300);
    expect(section.findings.filter(failsRun)).toEqual([]);
    expect(calls).toBeGreaterThan(0);
  });

  it("stops handing out cases when aborted", async () => {
    const controller = new AbortController();
    const section = await fuzz({ schemas: [FITNESS], runs: 20_000, seed: 7, workers: 1, regressions: [], signal: controller.signal, onProgress: () => controller.abort() });
    expect(section.cases).toBeGreaterThan(0);
    expect(section.cases).toBeLessThan(20_000);
    await expect(fuzz({ signal: AbortSignal.abort() })).rejects.toThrow(/abort/i);
  });
});

describe("probe()", () => {
  it("probes an emulator, feature by feature", async () => {
    const section = await probe({ provider: "anthropic", emulator: true, features: ["pattern", "minimum"] });
    expect(section.emulated).toBe(true);
    expect(section.modes.length).toBeGreaterThan(0);
    for (const mode of section.modes) expect(Object.keys(mode.features).sort()).toEqual(["minimum", "pattern"]);
  });

  it("refuses an unknown provider by name", async () => {
    await expect(probe({ provider: "nope" as never })).rejects.toBeInstanceOf(ProbeInputError);
    await expect(probe({ provider: "openai", emulator: true, features: ["string.pattern"] })).rejects.toThrow(/string\.pattern/);
  });
});

describe("dispatchConformance()", () => {
  it("the reference dispatcher passes every fixture", async () => {
    const section = await dispatchConformance();
    expect(section.cases.length).toBeGreaterThan(0);
    expect(section.totals.failed).toBe(0);
  });
});

const suite = locateSuite();
describe.skipIf(!suite.found)("conformance() (needs the JSON-Schema-Test-Suite: set JSON_SCHEMA_TEST_SUITE)", () => {
  it("runs one draft of the suite against lite, in this thread", async () => {
    const sections = await conformance({ dialect: "draft4", include: "required" });
    expect(sections).toHaveLength(1);
    expect(sections[0]!.totals.passed).toBeGreaterThan(100);
  });
});
