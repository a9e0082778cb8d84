// codePointLength counts what minLength/maxLength count: code points, a lone surrogate as one.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { codePointLength } from "./string-schema-to-arbitrary.js";

describe("codePointLength", () => {
  it("equals the string iterator's count, lone surrogates and astral pairs included", () => {
    const units = fc.constantFrom("a", "é", "中", "\uD83D", "\uDE00", "😀", "\uDBFF", "\uDC00");
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "binary" }), fc.array(units, { maxLength: 40 }).map((parts) => parts.join(""))), (text) => {
        expect(codePointLength(text)).toBe([...text].length);
      }),
      { numRuns: 500 },
    );
  });
});
