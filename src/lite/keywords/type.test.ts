import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compile, InvalidSchemaError } from "../index.js";

const isValid = (schema: unknown, value: unknown) => compile(schema)(value).valid;

describe("type", () => {
  const samples: Record<string, unknown> = { string: "x", number: 1.5, integer: 2, boolean: false, null: null, array: [], object: {} };

  it.each(Object.keys(samples))("%s accepts its own kind only", (type) => {
    for (const [kind, value] of Object.entries(samples)) {
      const expected = kind === type || (type === "number" && kind === "integer");
      expect(isValid({ type }, value), `${type} vs ${kind}`).toBe(expected);
    }
  });

  it("counts 1.0 and 1e3 as integers, 1.5 not", () => {
    expect(isValid({ type: "integer" }, 1.0)).toBe(true);
    expect(isValid({ type: "integer" }, JSON.parse("1.0"))).toBe(true);
    expect(isValid({ type: "integer" }, 1e3)).toBe(true);
    expect(isValid({ type: "integer" }, 1.5)).toBe(false);
  });

  it("rejects a number sent as text", () => {
    expect(isValid({ type: "number" }, "75.5")).toBe(false);
    expect(isValid({ type: "number" }, "75,5")).toBe(false);
    expect(isValid({ type: "integer" }, "75")).toBe(false);
  });

  it("takes a union", () => {
    const schema = { type: ["string", "null"] };
    expect(isValid(schema, null)).toBe(true);
    expect(isValid(schema, "a")).toBe(true);
    expect(compile(schema)(1)).toEqual({
      valid: false,
      errors: [{ instancePath: "", schemaPath: "#/type", keyword: "type", params: { type: ["string", "null"] }, message: "must be string,null" }],
    });
  });

  it("agrees with a direct test of the value's kind for any JSON value", () => {
    const kinds = ["string", "number", "integer", "boolean", "null", "array", "object"];
    const kindOf = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);
    fc.assert(
      fc.property(fc.jsonValue(), fc.subarray(kinds, { minLength: 1 }), (value, types) => {
        const expected = types.includes(kindOf(value)) || (types.includes("integer") && Number.isInteger(value));
        expect(isValid({ type: types }, value)).toBe(expected);
      }),
    );
  });

  it.each([["strin"], [["string", "strin"]], [[]], [["string", "string"]], [3]])("refuses type %j with the schema path", (type) => {
    expect(() => compile({ properties: { a: { type } } })).toThrow(InvalidSchemaError);
    expect(() => compile({ properties: { a: { type } } })).toThrow(/#\/properties\/a\/type/);
  });
});

describe("enum", () => {
  const meals = { enum: ["desayuno", "almuerzo", "cena"] };

  it("matches exactly: no trimming, no case folding", () => {
    expect(isValid(meals, "desayuno")).toBe(true);
    expect(isValid(meals, " desayuno ")).toBe(false);
    expect(isValid(meals, "DESAYUNO")).toBe(false);
    expect(isValid(meals, "Desayuno")).toBe(false);
  });

  it("treats 1 and 1.0 as one value, and never 1 and '1'", () => {
    expect(isValid({ enum: [1, "a"] }, JSON.parse("1.0"))).toBe(true);
    expect(isValid({ enum: [1.0] }, 1)).toBe(true);
    expect(isValid({ enum: [1] }, "1")).toBe(false);
    expect(isValid({ enum: [false] }, 0)).toBe(false);
    expect(isValid({ enum: [null] }, 0)).toBe(false);
  });

  it("compares structures deeply, key order aside", () => {
    const schema = { enum: [{ a: 1, b: [1, 2] }, [1, { c: null }]] };
    expect(isValid(schema, { b: [1.0, 2], a: 1 })).toBe(true);
    expect(isValid(schema, [1, { c: null }])).toBe(true);
    expect(isValid(schema, { a: 1, b: [2, 1] })).toBe(false);
    expect(isValid(schema, { a: 1 })).toBe(false);
  });

  it("holds long enums of primitives too", () => {
    const values = Array.from({ length: 40 }, (_, i) => `v${i}`);
    expect(isValid({ enum: values }, "v39")).toBe(true);
    expect(isValid({ enum: values }, "v40")).toBe(false);
  });

  it("reports Ajv's error", () => {
    expect(compile(meals)("x")).toEqual({
      valid: false,
      errors: [{ instancePath: "", schemaPath: "#/enum", keyword: "enum", params: { allowedValues: meals.enum }, message: "must be equal to one of the allowed values" }],
    });
  });

  it("refuses an enum that is not an array", () => {
    expect(() => compile({ enum: "a" })).toThrow(InvalidSchemaError);
  });
});

describe("const", () => {
  it("compares deeply: 1 equals 1.0, key order ignored", () => {
    expect(isValid({ const: 1 }, 1.0)).toBe(true);
    expect(isValid({ const: { a: [1, { b: 2 }], c: "x" } }, { c: "x", a: [1.0, { b: 2 }] })).toBe(true);
    expect(isValid({ const: { a: 1 } }, { a: 1, b: 2 })).toBe(false);
  });

  it("can require null", () => {
    expect(isValid({ const: null }, null)).toBe(true);
    expect(isValid({ const: null }, 0)).toBe(false);
    expect(isValid({ const: null }, undefined)).toBe(false);
  });

  it("accepts exactly the const for any JSON value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (allowed, other) => {
        const validate = compile({ const: allowed });
        expect(validate(structuredClone(allowed)).valid).toBe(true);
        if (JSON.stringify(other) !== JSON.stringify(allowed)) expect(validate(other).valid).toBe(isValid({ enum: [allowed] }, other));
      }),
    );
  });
});
