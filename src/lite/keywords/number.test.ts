import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compile, InvalidSchemaError } from "../index.js";

const isValid = (schema: unknown, value: unknown) => compile(schema)(value).valid;

describe("number limits", () => {
  it("minimum and maximum include the limit; exclusive ones do not", () => {
    expect(isValid({ minimum: 3 }, 3)).toBe(true);
    expect(isValid({ minimum: 3 }, 2.999)).toBe(false);
    expect(isValid({ maximum: 3 }, 3)).toBe(true);
    expect(isValid({ exclusiveMinimum: 3 }, 3)).toBe(false);
    expect(isValid({ exclusiveMaximum: 3 }, 3)).toBe(false);
    expect(isValid({ exclusiveMaximum: 3 }, 2.5)).toBe(true);
  });

  it("apply only to numbers", () => {
    expect(isValid({ minimum: 3 }, "1")).toBe(true);
    expect(isValid({ minimum: 3 }, null)).toBe(true);
  });

  it("agree with plain comparisons for any numbers", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.double({ noNaN: true, noDefaultInfinity: true }), (value, limit) => {
        expect(isValid({ minimum: limit }, value)).toBe(value >= limit);
        expect(isValid({ maximum: limit }, value)).toBe(value <= limit);
        expect(isValid({ exclusiveMinimum: limit }, value)).toBe(value > limit);
        expect(isValid({ exclusiveMaximum: limit }, value)).toBe(value < limit);
      }),
    );
  });

  it("report every failing limit with Ajv's params", () => {
    const result = compile({ minimum: 5, exclusiveMaximum: 0 })(2);
    expect(result.valid ? [] : result.errors.map(({ keyword, params, message }) => ({ keyword, params, message }))).toEqual([
      { keyword: "minimum", params: { comparison: ">=", limit: 5 }, message: "must be >= 5" },
      { keyword: "exclusiveMaximum", params: { comparison: "<", limit: 0 }, message: "must be < 0" },
    ]);
  });

  it.each([{ minimum: "3" }, { maximum: null }, { exclusiveMinimum: true }, { multipleOf: 0 }, { multipleOf: -1 }, { multipleOf: "0.1" }])("refuses %j", (schema) => {
    expect(() => compile(schema)).toThrow(InvalidSchemaError);
  });
});

describe("multipleOf", () => {
  it("is exact on decimals (where Ajv's float division is not)", () => {
    expect(isValid({ multipleOf: 0.01 }, 19.99)).toBe(true);
    expect(isValid({ multipleOf: 0.01 }, 4.35)).toBe(true);
    expect(isValid({ multipleOf: 0.01 }, 591.32)).toBe(true);
    expect(isValid({ multipleOf: 0.01 }, 787.6700000000001)).toBe(false);
    expect(isValid({ multipleOf: 0.1 }, 0.3)).toBe(true);
  });

  it("accepts any price with two decimals", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (cents) => {
        expect(isValid({ multipleOf: 0.01 }, Number((cents / 100).toFixed(2)))).toBe(true);
      }),
    );
  });

  it("reports Ajv's error", () => {
    expect(compile({ multipleOf: 0.5 })(0.7)).toEqual({
      valid: false,
      errors: [{ instancePath: "", schemaPath: "#/multipleOf", keyword: "multipleOf", params: { multipleOf: 0.5 }, message: "must be multiple of 0.5" }],
    });
  });
});
