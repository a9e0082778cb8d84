import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { describeThrown } from "./describe-thrown.js";

describe("describeThrown (a null-prototype throw once aborted a fuzz worker)", () => {
  it("names Errors by class and message", () => {
    expect(describeThrown(new TypeError("bad"))).toBe("TypeError: bad");
    expect(describeThrown(new Error("plain"))).toBe("plain");
  });

  it("describes non-Error values without throwing", () => {
    expect(describeThrown(42)).toBe("42");
    expect(describeThrown(Object.create(null))).toBe("a non-Error object {}");
    expect(describeThrown(Symbol("s"))).toBe("Symbol(s)");
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(describeThrown(cyclic)).toBe("a thrown value that cannot be described");
    const hostile = new Error("x");
    Object.defineProperty(hostile, "message", { get: () => { throw new Error("no"); } });
    expect(describeThrown(hostile)).toBe("a thrown value that cannot be described");
  });

  it("returns a short string for any value", () => {
    fc.assert(fc.property(fc.anything({ withNullPrototype: true, withBigInt: true }), (value) => {
      const text = describeThrown(value);
      expect(typeof text).toBe("string");
      expect(text.length).toBeLessThanOrEqual(501);
    }));
  });
});
