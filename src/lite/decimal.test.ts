import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isMultipleOf, toDecimal } from "./decimal.js";

/** Reference: exact decimal divisibility through BigInt on the printed form, no shortcuts. */
function referenceMultipleOf(value: number, divisor: number): boolean {
  const parse = (x: number) => {
    const [mantissa = "", power = "0"] = String(Math.abs(x)).split("e");
    const [whole = "", fraction = ""] = mantissa.split(".");
    return { digits: BigInt(whole + fraction), exponent: Number(power) - fraction.length };
  };
  const a = parse(value);
  const b = parse(divisor);
  const e = Math.min(a.exponent, b.exponent);
  return (a.digits * 10n ** BigInt(a.exponent - e)) % (b.digits * 10n ** BigInt(b.exponent - e)) === 0n;
}

describe("isMultipleOf: exact on the decimals the numbers print as", () => {
  it.each([
    [19.99, 0.01],
    [4.35, 0.01],
    [591.32, 0.01],
    [0.3, 0.1],
    [-0.3, 0.1],
    [0.0075, 0.0001],
    [4.5, 1.5],
    [12391239123, 1e-8],
    [7e21, 7],
    [1.5e-7, 5e-8],
    [0, 0.01],
  ])("%d is a multiple of %d", (value, divisor) => {
    expect(isMultipleOf(value, divisor)).toBe(true);
  });

  it.each([
    [787.6700000000001, 0.01],
    [116.60000000000001, 0.1],
    [0.00751, 0.0001],
    [35, 1.5],
    [1e308, 0.123456789],
    [1e21, 7],
    [19.999, 0.01],
  ])("%d is not a multiple of %d", (value, divisor) => {
    expect(isMultipleOf(value, divisor)).toBe(false);
  });

  it("never calls Infinity or NaN a multiple", () => {
    expect(isMultipleOf(Infinity, 1)).toBe(false);
    expect(isMultipleOf(NaN, 0.5)).toBe(false);
  });

  it("accepts k × step for any integer k and decimal step", () => {
    const decimalStep = fc.record({ digits: fc.integer({ min: 1, max: 99_999 }), exponent: fc.integer({ min: -8, max: 3 }) });
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), decimalStep, (k, { digits, exponent }) => {
        const step = Number(`${digits}e${exponent}`);
        const value = Number(`${BigInt(k) * BigInt(digits)}e${exponent}`);
        expect(isMultipleOf(value, step)).toBe(true);
      }),
    );
  });

  it("rejects k × step + r for 0 < r < step", () => {
    const decimalStep = fc.record({ digits: fc.integer({ min: 2, max: 99_999 }), exponent: fc.integer({ min: -8, max: 3 }) });
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), decimalStep, fc.integer({ min: 1, max: 99_998 }), (k, { digits, exponent }, r) => {
        fc.pre(r < digits);
        const step = Number(`${digits}e${exponent}`);
        const value = Number(`${BigInt(k) * BigInt(digits) + BigInt(r)}e${exponent}`);
        expect(isMultipleOf(value, step)).toBe(false);
      }),
    );
  });

  it("agrees with BigInt arithmetic on arbitrary doubles", () => {
    const divisor = fc.oneof(fc.double({ min: 1e-9, max: 1e6, noNaN: true }), fc.constantFrom(0.01, 0.1, 0.5, 1, 3, 1e-7, 2.5));
    const value = fc.oneof(fc.double({ min: -1e12, max: 1e12, noNaN: true }), fc.integer().map((n) => n / 100));
    fc.assert(
      fc.property(value, divisor, (v, d) => {
        expect(isMultipleOf(v, d)).toBe(referenceMultipleOf(v, d));
      }),
      { numRuns: 2000 },
    );
  });

});

describe("toDecimal", () => {
  it("reads the shortest printed form", () => {
    expect(toDecimal(19.99)).toEqual({ digits: "1999", exponent: -2 });
    expect(toDecimal(1e21)).toEqual({ digits: "1", exponent: 21 });
    expect(toDecimal(1.5e-7)).toEqual({ digits: "15", exponent: -8 });
    expect(toDecimal(0.01)).toEqual({ digits: "1", exponent: -2 });
  });
});
