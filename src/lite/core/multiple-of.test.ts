import fc from "fast-check";
import { expect, it } from "vitest";
import { multipleOfTest as lite } from "../decimal.js";
import { multipleOfTest } from "./multiple-of.js";

it("decides multipleOf as lite's decimal.ts does", () => {
  const divisors = fc.oneof(fc.double({ min: 1e-12, max: 1e12, noNaN: true }), fc.constantFrom(0.01, 0.1, 1e-7, 3, 2 ** 60, 1e-300, 5e-324), fc.integer({ min: 1, max: 1000 }).map((n) => n / 100));
  const values = fc.oneof(fc.double({ noNaN: true }), fc.integer().map((n) => n / 100), fc.constantFrom(19.99, 787.6700000000001, 0, -0, Infinity, -Infinity, 2 ** 53 + 2, 1e300));
  fc.assert(fc.property(divisors, fc.array(values, { maxLength: 8 }), (divisor, tests) => {
    const a = lite(divisor);
    const b = multipleOfTest(divisor);
    for (const value of tests) expect(b(value)).toBe(a(value));
    for (const k of [0, 1, 3, 7, -2]) expect(b(divisor * k)).toBe(a(divisor * k));
  }), { numRuns: 3000 });
});
