import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deepEqual } from "./deep-equal.js";

function shuffleKeys(value: unknown, seed: number): unknown {
  if (Array.isArray(value)) return value.map((item) => shuffleKeys(item, seed));
  if (typeof value !== "object" || value === null) return value;
  const keys = Object.keys(value);
  const rotated = [...keys.slice(seed % Math.max(keys.length, 1)), ...keys.slice(0, seed % Math.max(keys.length, 1))].reverse();
  const copy: Record<string, unknown> = {};
  for (const key of rotated) Object.defineProperty(copy, key, { value: shuffleKeys((value as Record<string, unknown>)[key], seed), enumerable: true, writable: true, configurable: true });
  return copy;
}

describe("deepEqual", () => {
  it("compares numbers by value, so 1 equals 1.0", () => {
    expect(deepEqual(1, 1.0)).toBe(true);
    expect(deepEqual([1], [1.0])).toBe(true);
    expect(deepEqual({ a: 1 }, { a: 1.0 })).toBe(true);
  });

  it("does not mix types", () => {
    expect(deepEqual(1, "1")).toBe(false);
    expect(deepEqual(0, false)).toBe(false);
    expect(deepEqual(null, {})).toBe(false);
    expect(deepEqual([], {})).toBe(false);
    expect(deepEqual({ 0: "a" }, ["a"])).toBe(false);
  });

  it("needs the same own keys", () => {
    expect(deepEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(deepEqual({ a: undefined }, { b: undefined })).toBe(false);
    expect(deepEqual({}, { toString: Object.prototype.toString })).toBe(false);
  });

  it("treats __proto__ as an ordinary key", () => {
    expect(deepEqual(JSON.parse('{"__proto__": 1}'), JSON.parse('{"__proto__": 1}'))).toBe(true);
    expect(deepEqual(JSON.parse('{"__proto__": 1}'), JSON.parse('{"__proto__": 2}'))).toBe(false);
    expect(deepEqual(JSON.parse('{"__proto__": 1}'), {})).toBe(false);
  });

  it("ignores key order, at any depth", () => {
    fc.assert(fc.property(fc.jsonValue(), fc.nat(), (value, seed) => deepEqual(value, shuffleKeys(value, seed))));
  });

  it("is true for a value and its copy, and symmetric", () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => deepEqual(value, structuredClone(value))));
    fc.assert(fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => deepEqual(a, b) === deepEqual(b, a)));
  });

  it("agrees with comparing canonical JSON text", () => {
    const canonical = (value: unknown): string =>
      JSON.stringify(value, (_key, v) =>
        typeof v === "object" && v !== null && !Array.isArray(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : Object.is(v, -0) ? 0 : v,
      );
    const small = fc.jsonValue({ maxDepth: 2 });
    fc.assert(fc.property(small, small, (a, b) => deepEqual(a, b) === (canonical(a) === canonical(b))));
  });
});
