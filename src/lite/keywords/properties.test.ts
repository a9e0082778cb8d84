import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compile, InvalidSchemaError, type LiteError } from "../index.js";

const isValid = (schema: unknown, value: unknown) => compile(schema)(value).valid;
const errorsOf = (schema: unknown, value: unknown, options = {}): readonly LiteError[] => {
  const result = compile(schema, options)(value);
  return result.valid ? [] : result.errors;
};

const measurement = {
  type: "object",
  properties: {
    date: { type: "string" },
    data: { type: "object", properties: { weight_kg: { type: "number" }, notes: { type: "array", items: { type: "object", properties: { qty: { type: "integer" } } } } } },
  },
  required: ["date"],
};

describe("properties", () => {
  it("null is not absent: an optional number rejects null, at any depth", () => {
    expect(isValid(measurement, { date: "d", data: { weight_kg: null } })).toBe(false);
    expect(isValid(measurement, { date: "d", data: null })).toBe(false);
    expect(isValid(measurement, { date: "d", data: { notes: [{ qty: 1 }, { qty: null }] } })).toBe(false);
    expect(isValid(measurement, { date: "d", data: {} })).toBe(true);
  });

  it("puts the failing field's path in instancePath", () => {
    expect(errorsOf(measurement, { date: "d", data: { notes: [{}, {}, { qty: "2" }] } }).map((e) => e.instancePath)).toEqual(["/data/notes/2/qty"]);
  });

  it("passes extra fields unless additionalProperties is false", () => {
    expect(isValid(measurement, { date: "d", extra: 1 })).toBe(true);
    const closed = { ...measurement, additionalProperties: false };
    expect(errorsOf(closed, { date: "d", extra: 1, more: 2 }).map((e) => e.params)).toEqual([{ additionalProperty: "extra" }, { additionalProperty: "more" }]);
  });

  it("checks additional properties against a schema", () => {
    const schema = { properties: { a: {} }, patternProperties: { "^x-": { type: "string" } }, additionalProperties: { type: "number" } };
    expect(isValid(schema, { a: "any", "x-note": "s", other: 1 })).toBe(true);
    expect(errorsOf(schema, { "x-note": 1, other: "s" }).map((e) => e.instancePath)).toEqual(["/x-note", "/other"]);
  });

  it("applies every matching patternProperties schema", () => {
    const schema = { patternProperties: { a: { minLength: 2 }, b: { maxLength: 3 } } };
    expect(isValid(schema, { ab: "xyz" })).toBe(true);
    expect(isValid(schema, { ab: "x" })).toBe(false);
    expect(isValid(schema, { ab: "wxyz" })).toBe(false);
  });

  it("treats __proto__, constructor, toString as ordinary names", () => {
    const schema = { properties: { __proto__: { type: "number" }, constructor: { type: "number" }, toString: { type: "number" } }, additionalProperties: false };
    const parsedSchema = JSON.parse(JSON.stringify(schema).replace('"properties":{', '"properties":{"__proto__":{"type":"number"},'));
    expect(isValid(parsedSchema, JSON.parse('{"__proto__": 1, "constructor": 2, "toString": 3}'))).toBe(true);
    expect(isValid(parsedSchema, JSON.parse('{"__proto__": "x"}'))).toBe(false);
    expect(isValid(parsedSchema, { constructor: "x" })).toBe(false);
    expect(isValid(parsedSchema, {})).toBe(true);
    expect(isValid({ additionalProperties: false }, JSON.parse('{"__proto__": 1}'))).toBe(false);
  });

  it("refuses properties that is not an object", () => {
    expect(() => compile({ properties: [] })).toThrow(InvalidSchemaError);
    expect(() => compile({ properties: { a: 3 } })).toThrow(/#\/properties\/a/);
  });
});

describe("required", () => {
  it("needs own properties: required toString fails {}", () => {
    expect(isValid({ required: ["toString"] }, {})).toBe(false);
    expect(isValid({ required: ["constructor", "__proto__"] }, {})).toBe(false);
    expect(isValid({ required: ["__proto__"] }, JSON.parse('{"__proto__": null}'))).toBe(true);
    expect(isValid({ properties: { toString: {} }, required: ["toString"] }, {})).toBe(false);
  });

  it("reports each missing name with Ajv's error", () => {
    expect(errorsOf({ properties: { a: {} }, required: ["a", "b"] }, {})).toEqual([
      { instancePath: "", schemaPath: "#/required", keyword: "required", params: { missingProperty: "a" }, message: "must have required property 'a'" },
      { instancePath: "", schemaPath: "#/required", keyword: "required", params: { missingProperty: "b" }, message: "must have required property 'b'" },
    ]);
  });

  it("counts a present null as present", () => {
    expect(isValid({ required: ["a"] }, { a: null })).toBe(true);
  });

  it("agrees with Object.hasOwn for any object and names", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 1 })), fc.uniqueArray(fc.string()), fc.boolean(), (value, names, declare) => {
        const schema = { required: names, ...(declare ? { properties: Object.fromEntries(names.map((name) => [name, {}])) } : {}) };
        expect(isValid(schema, value)).toBe(names.every((name) => Object.hasOwn(value, name)));
      }),
    );
  });

  it.each([{ required: "x" }, { required: [1] }, { required: ["a", "a"] }])("refuses %j", (schema) => {
    expect(() => compile(schema)).toThrow(InvalidSchemaError);
  });
});

describe("unevaluatedProperties", () => {
  it("sees properties evaluated by in-place subschemas that passed", () => {
    const schema = { properties: { kind: {} }, anyOf: [{ properties: { a: { type: "string" } } }, { properties: { b: { type: "string" } } }], unevaluatedProperties: false };
    expect(isValid(schema, { kind: 1, a: "x" })).toBe(true);
    expect(isValid(schema, { kind: 1, a: "x", b: "y" })).toBe(true);
    expect(isValid(schema, { kind: 1, a: 1, b: "y" })).toBe(false);
    expect(errorsOf(schema, { c: 1 }).map((e) => e.params)).toEqual([{ unevaluatedProperty: "c" }]);
  });

  it("follows $ref", () => {
    const schema = { $defs: { base: { properties: { a: {} } } }, $ref: "#/$defs/base", unevaluatedProperties: false };
    expect(isValid(schema, { a: 1 })).toBe(true);
    expect(isValid(schema, { a: 1, b: 2 })).toBe(false);
  });
});

describe("required, many names", () => {
  it("checks every one of more than 31 required names, declared or not", () => {
    const names = Array.from({ length: 40 }, (_, i) => `p${i}`);
    const schema = { properties: Object.fromEntries(names.slice(0, 35).map((name) => [name, {}])), required: names };
    const all = Object.fromEntries(names.map((name) => [name, 1]));
    expect(isValid(schema, all)).toBe(true);
    for (const missing of ["p0", "p30", "p31", "p32", "p34", "p35", "p39"]) {
      const { [missing]: _, ...rest } = all;
      expect(errorsOf(schema, rest).map((e) => e.params)).toEqual([{ missingProperty: missing }]);
    }
  });
});
