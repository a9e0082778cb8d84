// Guards #15: no taxonomy feature is without a near-miss family, unless it says why no value can
// break it (structure limits, annotations, the any type, unknown formats).
import { describe, expect, it } from "vitest";
import { FEATURES, featureInfo } from "../src/schema/features.js";
import { NEAR_MISS_FAMILIES } from "./near-miss.js";
import { nearMissCoverage } from "./near-miss-coverage.js";

describe("near-miss coverage of the taxonomy", () => {
  const coverage = nearMissCoverage();

  it("has one row per feature id, in taxonomy order", () => {
    expect(coverage.map((row) => row.feature)).toEqual(FEATURES.map((feature) => feature.id));
  });

  it("gives every feature a family, or an explicit reason why none applies", () => {
    const uncovered = coverage.filter((row) => row.families.length === 0 && !row.reason).map((row) => row.feature);
    expect(uncovered).toEqual([]);
  });

  it("keeps reasons for features no value can break: structure, annotations, any type, unknown formats, property order", () => {
    for (const row of coverage.filter((r) => r.reason)) {
      const { category } = featureInfo(row.feature);
      expect(["structure", "annotation"].includes(category) || ["type:any", "format:other", "order:properties"].includes(row.feature), row.feature).toBe(true);
    }
  });

  it("names only taxonomy ids in the families' feature lists", () => {
    const ids = new Set(FEATURES.map((feature) => feature.id));
    for (const family of NEAR_MISS_FAMILIES) for (const feature of family.features) expect(ids.has(feature), `${family.id}: ${feature}`).toBe(true);
  });

  it("targets oneOf ambiguity and if/then/else with their own families", () => {
    const familiesOf = (feature: string) => coverage.find((row) => row.feature === feature)!.families;
    expect(familiesOf("oneOf")).toContain("oneof-ambiguous");
    expect(familiesOf("if-then-else")).toContain("if-then-else");
  });
});
