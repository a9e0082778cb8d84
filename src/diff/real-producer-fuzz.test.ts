// fuzz over a catalog mixing draft-04, draft-07, 2020-12 and OpenAPI tools made by real producers:
// every tool runs against the reference for its own dialect, and none is lost to "cannot compile".
import { describe, expect, it } from "vitest";
import { failsRun } from "./adjudicate.js";
import { runFuzz } from "./run-fuzz.js";
import { writeRealProducerCatalogs } from "./test-support/real-producer-catalogs.js";

describe("fuzz over real producers' schemas in every dialect", () => {
  it("reads each tool in its dialect, compiles it with that dialect's reference, and fuzzes it", async () => {
    const catalogs = await writeRealProducerCatalogs(30);
    if (catalogs.githubComponents === 0) console.warn("../shared/corpora/github-openapi is absent: GitHub's OpenAPI components are left out");
    const section = await runFuzz({ schemas: [catalogs.dir], runs: 40 * Object.keys(catalogs.dialects).length, seed: 1, workers: 2, regressions: [], unknownKeywords: "annotate" });
    expect(Object.fromEntries(section.targets.map((target) => [target.schemaId, target.dialect]))).toEqual(catalogs.dialects);
    // Neither the reference, nor the generators, nor lite (in the schema's own dialect) refuses any of them.
    expect(section.unsupported).toEqual([]);
    for (const target of section.targets) expect(target.cases, target.schemaId).toBeGreaterThan(0);
    // lite and the reference disagree only where the reference is known to be wrong or the point is disputed.
    expect(section.findings.filter(failsRun).map((finding) => `${finding.schemaId} ${finding.feature} ${finding.direction}`)).toEqual([]);
    // Every keyword the producers write is one lite checks or knows as an annotation (discriminator,
    // Gemini's propertyOrdering...): none had to be taken as unknown.
    expect(section.targets.flatMap((target) => (target.unknownKeywords ?? []).map((entry) => `${target.schemaId} ${entry.keyword} at ${entry.path}`))).toEqual([]);
  }, 240_000);
});
