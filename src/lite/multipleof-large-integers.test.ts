// Regression: beyond 2^53 a float quotient rounds, so Ajv calls -16156372954901864 a multiple of 5
// (found by the Ajv parity property test). lite's multipleOf is exact at every magnitude.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { compile } from "./index.js";

describe("multipleOf on integers beyond 2^53", () => {
  const multipleOf5 = compile({ type: "number", multipleOf: 5 });

  it("rejects -16156372954901864 (ends in 4) and accepts -16156372954901860", () => {
    expect(multipleOf5(-16156372954901864).valid).toBe(false);
    expect(multipleOf5(-16156372954901860).valid).toBe(true);
  });

  it("agrees with BigInt arithmetic for every representable integer", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 62n), max: 2n ** 62n }), fc.constantFrom(2, 3, 5, 7, 10), (big, step) => {
        const value = Number(big); // the nearest double: check the integer it really is
        const exact = BigInt(value) % BigInt(step) === 0n;
        expect(compile({ multipleOf: step })(value).valid).toBe(exact);
      }),
      { numRuns: 2000 },
    );
  });
});
