import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decimalToNumber, isExactMultiple, lcmOfSteps, multipleIndexRange, toDecimal } from "./decimal.js";

describe("decimal arithmetic for multipleOf", () => {
  it("reads the shortest decimal spelling, exponents included", () => {
    expect(toDecimal(19.99)).toEqual({ digits: 1999n, scale: 2 });
    expect(toDecimal(1e-7)).toEqual({ digits: 1n, scale: 7 });
    expect(toDecimal(1.5e21)).toEqual({ digits: 15n, scale: -20 });
    expect(toDecimal(-0.25)).toEqual({ digits: -25n, scale: 2 });
  });

  it("judges multiples on the decimal a JSON text names, not on binary division", () => {
    for (const value of [19.99, 4.35, 591.32, 306.09]) expect(isExactMultiple(value, 0.01), String(value)).toBe(true);
    for (const value of [306.09000000000003, 787.6700000000001, 0.30000000000000004]) expect(isExactMultiple(value, 0.01), String(value)).toBe(false);
    expect(isExactMultiple(7.5, 2.5)).toBe(true);
    expect(isExactMultiple(0.1 * 3, 0.1)).toBe(false);
    expect(isExactMultiple(3e-7, 1e-7)).toBe(true);
  });

  it("finds the k range, dropping exact hits on exclusive bounds", () => {
    expect(multipleIndexRange(0.01, { min: 0, max: 1 })).toEqual({ low: 0n, high: 100n });
    expect(multipleIndexRange(0.01, { min: 0, minExcluded: true, max: 1, maxExcluded: true })).toEqual({ low: 1n, high: 99n });
    expect(multipleIndexRange(5, { min: -12, max: 12 })).toEqual({ low: -2n, high: 2n });
    expect(multipleIndexRange(0.5, {})).toEqual({ low: null, high: null });
  });

  it("builds k × step as the double nearest the exact decimal", () => {
    expect(decimalToNumber(1999n, 2)).toBe(19.99);
    expect(decimalToNumber(30609n, 2)).toBe(306.09);
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.constantFrom(0.01, 0.05, 0.1, 0.25, 3, 0.001), (k, step) => {
        const { digits, scale } = toDecimal(step);
        expect(isExactMultiple(decimalToNumber(BigInt(k) * digits, scale), step)).toBe(true);
      }),
    );
  });

  it("takes the exact lcm of two steps", () => {
    expect(lcmOfSteps(0.2, 0.3)).toBe(0.6);
    expect(lcmOfSteps(0.01, 1)).toBe(1);
    expect(lcmOfSteps(0.25, 1)).toBe(1);
    expect(lcmOfSteps(1.5, 1)).toBe(3);
  });
});
