import { describe, expect, it } from "vitest";
import { errorsTouchKeywords, judgeSample, type SampleError } from "../judge-sample.js";
import { buildPairProbes, pairId, splitPairId } from "./pair-suite.js";

const GROUPS: Record<string, string[]> = {
  string: ["minLength", "maxLength", "pattern", "format:email", "format:date", "enum"],
  number: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "enum"],
  array: ["minItems", "maxItems", "uniqueItems", "contains"],
  object: ["minProperties", "maxProperties", "required", "additionalProperties:false", "propertyNames", "patternProperties", "dependentRequired"],
};

describe("keyword pair suite", () => {
  const probes = buildPairProbes();
  it("covers every pair of keywords that share a value, for strings, numbers, arrays and objects", () => {
    const pairs = new Set(probes.map((probe) => probe.pair));
    for (const features of Object.values(GROUPS)) {
      // Two formats are one keyword (`format`): no value holds both.
      for (const a of features) for (const b of features) if (a !== b && !(a.startsWith("format:") && b.startsWith("format:"))) expect(pairs.has(pairId(a, b)), pairId(a, b)).toBe(true);
    }
  });
  it("asks in each direction for a value that breaks one keyword and keeps the other", () => {
    for (const probe of probes) {
      const pair = splitPairId(probe.pair)!;
      expect(pair).toContain(probe.broken);
      expect(pair).toContain(probe.kept);
      expect(judgeSample(probe.schema, probe.tempting).valid, probe.feature).toBe(false);
      const errors = (judgeSample(probe.schema, probe.tempting) as { errors: readonly SampleError[] }).errors;
      expect(errorsTouchKeywords(errors, probe.keywords!), `${probe.feature}: ${JSON.stringify(errors)}`).toBe(true);
    }
  });
  it("keeps to the features in play", () => {
    const only = buildPairProbes(new Set(["minLength", "pattern", "maximum"]));
    expect([...new Set(only.map((probe) => probe.pair))]).toEqual(["minLength+pattern"]);
    expect(only.map((probe) => probe.broken).sort()).toEqual(["minLength", "pattern"]);
  });
});
