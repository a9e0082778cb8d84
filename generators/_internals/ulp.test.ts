import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextDown, nextUp } from "./ulp.js";

describe("one-ulp steps", () => {
  it("steps to the adjacent doubles", () => {
    expect(nextUp(1)).toBe(1 + Number.EPSILON);
    expect(nextDown(1)).toBe(1 - Number.EPSILON / 2);
    expect(nextUp(0)).toBe(Number.MIN_VALUE);
    expect(nextDown(0)).toBe(-Number.MIN_VALUE);
    expect(nextUp(-Number.MIN_VALUE)).toBe(-0);
    expect(nextUp(Number.MAX_VALUE)).toBe(Infinity);
  });

  it("has nothing strictly between a value and its next step", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e300, max: 1e300 }), (value) => {
        const up = nextUp(value);
        expect(up).toBeGreaterThan(value);
        expect(nextDown(up)).toBe(value === 0 ? 0 : value);
        expect((value + up) / 2 === value || (value + up) / 2 === up).toBe(true);
      }),
    );
  });
});
