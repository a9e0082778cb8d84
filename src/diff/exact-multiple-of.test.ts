import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isExactMultipleOf, toScaledDecimal } from "./exact-multiple-of.js";

describe("exact multipleOf (the adjudicator's own)", () => {
  it("decides on the decimals the JSON text spells, where float division fails", () => {
    expect(19.99 / 0.01).not.toBe(Math.round(19.99 / 0.01)); // why Ajv is wrong
    expect(isExactMultipleOf(19.99, 0.01)).toBe(true);
    expect(isExactMultipleOf(4.35, 0.01)).toBe(true);
    expect(isExactMultipleOf(787.6700000000001, 0.01)).toBe(false);
    expect(isExactMultipleOf(0.3, 0.1)).toBe(true);
    expect(isExactMultipleOf(0.35, 0.1)).toBe(false);
  });

  it("handles exponents, negatives and integers", () => {
    expect(toScaledDecimal(1e-7)).toEqual({ units: 1n, scale: 7 });
    expect(toScaledDecimal(-2.5e3)).toEqual({ units: -2500n, scale: 0 });
    expect(isExactMultipleOf(-7.5, 2.5)).toBe(true);
    expect(isExactMultipleOf(1e21, 7)).toBe(false);
    expect(isExactMultipleOf(3e-7, 1e-7)).toBe(true);
  });

  it("rejects what is not a finite number against a positive divisor", () => {
    expect(isExactMultipleOf(Number.NaN, 1)).toBe(false);
    expect(isExactMultipleOf(Number.POSITIVE_INFINITY, 1)).toBe(false);
    expect(isExactMultipleOf(2, 0)).toBe(false);
  });

  it("agrees with integer arithmetic on integers", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: 1, max: 1000 }), (value, divisor) => {
        expect(isExactMultipleOf(value, divisor)).toBe(value % divisor === 0);
      }),
    );
  });

  it("accepts every k × step with a two-decimal step, printed as a JSON author would", () => {
    fc.assert(
      fc.property(fc.integer({ min: -99_999, max: 99_999 }), (cents) => {
        expect(isExactMultipleOf(Number((cents / 100).toFixed(2)), 0.01)).toBe(true);
      }),
    );
  });
});
