// fuzz over a catalog mixing draft-04, draft-07, 2020-12 and OpenAPI tools made by real producers:
// every tool runs against the reference for its own dialect, and none is lost to "cannot compile".
import { describe, expect, it } from "vitest";
import { runFuzz } from "./run-fuzz.js";
import { writeRealProducerCatalogs } from "./test-support/real-producer-catalogs.js";

describe("fuzz over real producers' schemas in every dialect", () => {
  it("reads each tool in its dialect, compiles it with that dialect's reference, and fuzzes it", async () => {
    const catalogs = await writeRealProducerCatalogs(30);
    if (catalogs.githubComponents === 0) console.warn("../shared/corpora/github-openapi is absent: GitHub's OpenAPI components are left out");
    const section = await runFuzz({ schemas: [catalogs.dir], runs: 40 * Object.keys(catalogs.dialects).length, seed: 1, workers: 2, regressions: [], unknownKeywords: "annotate" });
    expect(Object.fromEntries(section.targets.map((target) => [target.schemaId, target.dialect]))).toEqual(catalogs.dialects);
    const referenceRefusals = section.unsupported.filter((entry) => /reference cannot compile|generators cannot/.test(entry.reason));
    expect(referenceRefusals).toEqual([]);
    const fuzzed = section.targets.filter((target) => target.cases > 0).map((target) => target.schemaId);
    const refused = new Set(section.unsupported.map((entry) => entry.schemaId));
    expect(fuzzed.length + refused.size).toBe(section.targets.length);
    // Every keyword the candidate took as an annotation is listed with its place.
    for (const target of section.targets) for (const entry of target.unknownKeywords ?? []) expect(entry.path).toMatch(/^(\/|$)/);
  }, 240_000);
});
