// The special forms of leafPredicate give the general form's verdict on every value.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TYPE_BITS, typeBitsOf } from "./json-type.js";
import type { NumberRules } from "./keywords/number.js";
import type { StringRules } from "./keywords/string.js";
import { generalLeafPredicate, leafPredicate, typePredicate } from "./leaf-predicate.js";

const typeMask = fc.subarray(Object.values(TYPE_BITS), { minLength: 1 }).map((bits) => bits.reduce((mask, bit) => mask | bit, 0));
const limit = fc.oneof(fc.integer({ min: -5, max: 5 }), fc.double({ min: -5, max: 5, noNaN: true }));
const numberRules: fc.Arbitrary<NumberRules> = fc.record({
  minimum: fc.oneof(limit, fc.constant(-Infinity)),
  maximum: fc.oneof(limit, fc.constant(Infinity)),
  exclusiveMinimum: fc.oneof(limit, fc.constant(-Infinity)),
  exclusiveMaximum: fc.oneof(limit, fc.constant(Infinity)),
  isMultiple: fc.constantFrom(undefined, (value: number) => value % 2 === 0),
  format: fc.constantFrom(undefined, (value: number) => value < 3),
  sites: fc.constant([]),
});
const stringRules: fc.Arbitrary<StringRules> = fc.record({
  minLength: fc.nat(3),
  maxLength: fc.oneof(fc.nat(4), fc.constant(Infinity)),
  pattern: fc.constantFrom(undefined, { test: (text: string) => text.includes("a") }),
  format: fc.constant(undefined),
  sites: fc.constant([]),
});
const primitive = fc.oneof(fc.constantFrom(0, 1, -1, 2.5, 3, Infinity, NaN, "", "a", "ab", "😀", true, false, null), fc.integer({ min: -6, max: 6 }), fc.string({ maxLength: 3 }));
const anyValue = fc.oneof(primitive, fc.constantFrom(undefined, [], [1], {}, { a: 1 }));

describe("leafPredicate", () => {
  it("agrees with the general form for every types, values and rules", () => {
    const leaf = fc.record({
      types: typeMask,
      values: fc.option(fc.array(primitive, { minLength: 1, maxLength: 4 }), { nil: undefined }),
      string: fc.option(stringRules, { nil: undefined }),
      number: fc.option(numberRules, { nil: undefined }),
    });
    fc.assert(
      fc.property(leaf, fc.array(anyValue, { maxLength: 8 }), ({ types, values, string, number }, tested) => {
        const special = leafPredicate(types, values, string, number);
        const general = generalLeafPredicate(types, values, string, number);
        for (const value of tested) expect(special(value)).toBe(general(value));
      }),
      { numRuns: 400 },
    );
  });

  it("tests a type mask as typeBitsOf does", () => {
    fc.assert(
      fc.property(typeMask, anyValue, (types, value) => {
        expect(typePredicate(types)(value)).toBe((typeBitsOf(value) & types) !== 0);
      }),
    );
  });

  it("keeps an integer range strict about non-integers and non-numbers", () => {
    const rules: NumberRules = { minimum: 0, maximum: 23, exclusiveMinimum: -Infinity, exclusiveMaximum: Infinity, isMultiple: undefined, format: undefined, sites: [] };
    const accepts = leafPredicate(TYPE_BITS.integer!, undefined, undefined, rules);
    expect([0, 23, 7].map(accepts)).toEqual([true, true, true]);
    expect([-1, 24, 2.5, "3", null, NaN].map(accepts)).toEqual([false, false, false, false, false, false]);
  });
});
