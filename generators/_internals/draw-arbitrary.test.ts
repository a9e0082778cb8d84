import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ABSENT, codePointStringArbitrary, integerArbitrary, optionalArbitrary } from "./draw-arbitrary.js";

describe("drawn leaf arbitraries", () => {
  it("keep integers in range and shrink towards the value nearest zero", () => {
    const arbitrary = integerArbitrary(5, 900);
    for (const n of fc.sample(arbitrary, { numRuns: 500, seed: 1 })) expect(n >= 5 && n <= 900).toBe(true);
    const failure = fc.check(fc.property(arbitrary, (n) => n < 300), { seed: 3 });
    expect(failure.counterexample?.[0]).toBe(300);
  });

  it("draw strings of bounded length from the pool and shrink them to the shortest plain one", () => {
    const arbitrary = codePointStringArbitrary(["a", "😀", "b"], 2, 6);
    for (const text of fc.sample(arbitrary, { numRuns: 500, seed: 1 })) expect([...text].length).toBeGreaterThanOrEqual(2);
    const failure = fc.check(fc.property(arbitrary, (text) => !text.includes("😀")), { seed: 5 });
    const shrunk = failure.counterexample?.[0] as string;
    expect([...shrunk]).toHaveLength(2);
    expect(shrunk).toContain("😀");
  });

  it("leave an optional value out half the time and shrink to leaving it out", () => {
    const values = fc.sample(optionalArbitrary(fc.nat()), { numRuns: 400, seed: 2 });
    const absent = values.filter((v) => v === ABSENT).length;
    expect(absent).toBeGreaterThan(120);
    expect(absent).toBeLessThan(280);
    const failure = fc.check(fc.property(optionalArbitrary(fc.nat()), () => false), { seed: 1 });
    expect(failure.counterexample?.[0]).toBe(ABSENT);
  });
});
