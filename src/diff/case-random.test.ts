import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { biasFactorFor, caseSeed, hashText, randomForCase } from "./case-random.js";

describe("per-case random sources", () => {
  it("gives the same value for the same (seed, schema, case) and another for another case", () => {
    const arbitrary = fc.array(fc.integer(), { minLength: 5, maxLength: 5 });
    const draw = (k: number) => arbitrary.generate(randomForCase(caseSeed(42, "fitness/log_meal", k)), biasFactorFor(k)).value;
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
  });

  it("separates schemas and run seeds", () => {
    expect(caseSeed(1, "a", 0)).not.toBe(caseSeed(1, "b", 0));
    expect(caseSeed(1, "a", 0)).not.toBe(caseSeed(2, "a", 0));
    expect(hashText("x")).toBe(hashText("x"));
  });

  it("spreads draws over the whole range", () => {
    const random = randomForCase(1);
    const draws = Array.from({ length: 2000 }, () => random.nextInt(0, 9));
    for (let digit = 0; digit <= 9; digit++) expect(draws.filter((draw) => draw === digit).length).toBeGreaterThan(120);
  });

  it("biases early cases more than late ones, as fast-check does", () => {
    expect(biasFactorFor(0)).toBe(2);
    expect(biasFactorFor(10_000)).toBe(6);
  });
});
