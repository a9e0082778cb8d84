// Regression: beyond 2^53 a float quotient rounds, so Ajv calls -16156372954901864 a multiple of 5
// (found by the Ajv parity property test). lite's multipleOf is exact at every magnitude, on the number
// as JSON writes it: the shortest decimal that reads back as the same double (as 19.99 is read as 19.99,
// not as the binary 19.989999999999998..., 30023997515803310 is read as itself, not as the double's
// exact value 30023997515803312).
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { compile } from "./index.js";

describe("multipleOf on integers beyond 2^53", () => {
  const multipleOf5 = compile({ type: "number", multipleOf: 5 });

  it("rejects -16156372954901864 (ends in 4) and accepts -16156372954901860", () => {
    expect(multipleOf5(-16156372954901864).valid).toBe(false);
    expect(multipleOf5(-16156372954901860).valid).toBe(true);
    expect(multipleOf5(30023997515803310).valid).toBe(true);
  });

  it("agrees with BigInt arithmetic on the integer as JSON writes it", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.constantFrom(2, 3, 5, 7, 10), (big, step) => {
        const value = Number(big);
        const exact = BigInt(String(value)) % BigInt(step) === 0n;
        expect(compile({ multipleOf: step })(value).valid).toBe(exact);
      }),
      { numRuns: 2000 },
    );
  });
});
