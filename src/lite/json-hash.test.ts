import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deepEqual } from "./deep-equal.js";
import { jsonHash, lastRepeatByHash } from "./json-hash.js";

function naiveLastRepeat(items: readonly unknown[]): [number, number] | undefined {
  for (let i = items.length - 1; i > 0; i--) for (let j = i - 1; j >= 0; j--) if (deepEqual(items[i], items[j])) return [i, j];
  return undefined;
}

const reversedKeys = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reversedKeys(v)]));
};

// Small values, so equal ones are frequent.
const small = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom(0, -0, 1, 1.0, 2, "a", "b", true, false, null),
    fc.array(tie("value"), { maxLength: 2 }),
    fc.dictionary(fc.constantFrom("a", "b", "c"), tie("value"), { maxKeys: 3 }),
  ),
})).value;

describe("jsonHash", () => {
  it("gives equal values the same hash, whatever the key order", () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => {
      expect(jsonHash(reversedKeys(value))).toBe(jsonHash(value));
    }));
    expect(jsonHash(1)).toBe(jsonHash(1.0));
    expect(jsonHash(-0)).toBe(jsonHash(0));
  });

  it("finds the pair the pairwise scan from the end finds", () => {
    fc.assert(fc.property(fc.array(small, { maxLength: 40 }), (items) => {
      expect(lastRepeatByHash(items)).toEqual(naiveLastRepeat(items));
    }));
  });

  it("is linear: a million distinct objects, then one repeat at the end", () => {
    const items: unknown[] = Array.from({ length: 1_000_000 }, (_, i) => ({ id: i, tags: ["x"] }));
    expect(lastRepeatByHash(items)).toBeUndefined();
    items.push({ tags: ["x"], id: 5 });
    expect(lastRepeatByHash(items)).toEqual([1_000_000, 5]);
  });
});
