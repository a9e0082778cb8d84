import { describe, expect, it } from "vitest";
import { compile, InvalidSchemaError, type LiteError } from "../index.js";

const isValid = (schema: unknown, value: unknown) => compile(schema)(value).valid;
const errorsOf = (schema: unknown, value: unknown, options = {}): readonly LiteError[] => {
  const result = compile(schema, options)(value);
  return result.valid ? [] : result.errors;
};

describe("allOf", () => {
  it("needs every branch", () => {
    const schema = { allOf: [{ minimum: 1 }, { maximum: 3 }] };
    expect(isValid(schema, 2)).toBe(true);
    expect(isValid(schema, 4)).toBe(false);
  });
});

describe("anyOf", () => {
  const schema = { anyOf: [{ type: "string" }, { type: "number", minimum: 0 }] };

  it("needs one branch", () => {
    expect(isValid(schema, "x")).toBe(true);
    expect(isValid(schema, 1)).toBe(true);
    expect(isValid(schema, -1)).toBe(false);
  });

  it("reports no error when a later branch passes, and every branch's when none does", () => {
    expect(compile(schema)(1)).toEqual({ valid: true });
    expect(errorsOf(schema, -1).map((e) => `${e.schemaPath} ${e.keyword}`)).toEqual(["#/anyOf/0/type type", "#/anyOf/1/minimum minimum", "#/anyOf anyOf"]);
  });
});

describe("oneOf", () => {
  const schema = { oneOf: [{ type: "integer" }, { minimum: 2 }] };

  it("needs exactly one branch", () => {
    expect(isValid(schema, 1)).toBe(true);
    expect(isValid(schema, 2.5)).toBe(true);
    expect(isValid(schema, 3)).toBe(false);
    expect(isValid(schema, 1.5)).toBe(false);
  });

  it("names the passing pair, or null when none passes (Ajv's params)", () => {
    expect(errorsOf(schema, 3).map((e) => e.params)).toEqual([{ passingSchemas: [0, 1] }]);
    expect(errorsOf(schema, 1.5).at(-1)?.params).toEqual({ passingSchemas: null });
  });
});

describe("not", () => {
  it("inverts, with Ajv's error", () => {
    expect(isValid({ not: { type: "null" } }, 1)).toBe(true);
    expect(errorsOf({ not: { type: "null" } }, null)).toEqual([{ instancePath: "", schemaPath: "#/not", keyword: "not", params: {}, message: "must NOT be valid" }]);
  });
});

describe("if / then / else", () => {
  const schema = { if: { properties: { country: { const: "US" } } }, then: { required: ["zip"] }, else: { required: ["postcode"] } };

  it("applies then when if passes, else otherwise", () => {
    expect(isValid(schema, { country: "US", zip: "1" })).toBe(true);
    expect(isValid(schema, { country: "US", postcode: "1" })).toBe(false);
    expect(isValid(schema, { country: "ES", postcode: "1" })).toBe(true);
  });

  it("reports the branch's errors and then Ajv's if error", () => {
    expect(errorsOf(schema, { country: "ES" }).map((e) => [e.keyword, e.params])).toEqual([
      ["required", { missingProperty: "postcode" }],
      ["if", { failingKeyword: "else" }],
    ]);
  });

  it("ignores then/else without if, but still checks them", () => {
    expect(isValid({ then: false }, 1)).toBe(true);
    expect(() => compile({ else: 3 })).toThrow(InvalidSchemaError);
  });
});

describe("allErrors", () => {
  const schema = { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["c"] };
  const value = { a: "x", b: "y" };

  it("true (default) reports every failing field", () => {
    expect(errorsOf(schema, value).map((e) => e.instancePath || e.keyword)).toEqual(["/a", "/b", "required"]);
  });

  it("false stops at the first", () => {
    expect(errorsOf(schema, value, { allErrors: false })).toHaveLength(1);
  });
});

describe("boolean schemas", () => {
  it("true accepts, false rejects with Ajv's error", () => {
    expect(isValid(true, { any: 1 })).toBe(true);
    expect(errorsOf({ properties: { a: false } }, { a: 1 })).toEqual([
      { instancePath: "/a", schemaPath: "#/properties/a/false schema", keyword: "false schema", params: {}, message: "boolean schema is false" },
    ]);
  });
});

describe("anyOf whose branches are all leaves", () => {
  // A nullable enum, as zod and TypeBox write it; the same branches behind allOf are not leaves.
  const leaves = [{ type: "string", enum: ["celsius", "fahrenheit"] }, { type: "null" }];
  const wrapped = leaves.map((leaf) => ({ allOf: [leaf] }));
  const brief = (schema: unknown, value: unknown, options = {}) => errorsOf(schema, value, options).map((e) => `${e.instancePath} ${e.keyword}`);

  it("gives the verdict and errors of the same branches compiled as non-leaves", () => {
    for (const value of ["celsius", null, "kelvin", 3, {}, [], true]) {
      for (const allErrors of [true, false]) {
        expect(brief({ properties: { unit: { anyOf: leaves } } }, { unit: value }, { allErrors })).toEqual(
          brief({ properties: { unit: { anyOf: wrapped } } }, { unit: value }, { allErrors }),
        );
      }
    }
    expect(brief({ anyOf: leaves }, "kelvin")).toEqual([" enum", " type", " anyOf"]);
  });

  it("still fails quietly inside not, and passes when negated", () => {
    expect(isValid({ not: { anyOf: leaves } }, "kelvin")).toBe(true);
    expect(isValid({ not: { anyOf: leaves } }, null)).toBe(false);
  });
});
