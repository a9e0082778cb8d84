// Fuzz once labelled Ajv's endless recursion on {"$ref": "#"} with the value 0 as the known divergence
// "a value nested tens of thousands deep": a label must match its cause.
import { describe, expect, it } from "vitest";
import { adjudicate, nestingDepthAtLeast, type AdjudicationInput } from "./adjudicate.js";
import { loadKnownDivergences } from "./known-divergences.js";

const crashOn = (value: unknown): AdjudicationInput => ({
  difference: "reference-crash",
  fuzzCase: { value, family: "valid", path: "", feature: "", expectedValid: true },
  candidate: { kind: "verdict", valid: true },
  reference: { kind: "crash", error: "RangeError: Maximum call stack size exceeded" },
  correctedVerdict: () => null,
});

const deep = (depth: number): unknown => {
  let value: unknown = 0;
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
};

describe("divergence labels match their cause", () => {
  it("gives the deep-recursion label only to deep values", async () => {
    const divergences = await loadKnownDivergences();
    expect(adjudicate(crashOn(deep(20_000)), divergences).knownDivergence).toBe("ajv-deep-recursion-stack-overflow");
    const shallow = adjudicate(crashOn(0), divergences);
    expect(shallow.knownDivergence).toBeUndefined();
    expect(shallow.adjudication).toBe("undecided");
  });

  it("measures depth without recursion", () => {
    expect(nestingDepthAtLeast(deep(100_000), 100_000)).toBe(true);
    expect(nestingDepthAtLeast(deep(5), 6)).toBe(false);
    expect(nestingDepthAtLeast({ a: [1, { b: [] }] }, 3)).toBe(true);
  });
});
