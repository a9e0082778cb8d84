import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compile, InvalidSchemaError, SUPPORTED_FORMATS, UnsupportedSchemaError } from "../index.js";
import { codePointLength } from "./string.js";

const isValid = (schema: unknown, value: unknown, options = {}) => compile(schema, options)(value).valid;

describe("minLength / maxLength count code points", () => {
  it("counts an astral character once", () => {
    expect(codePointLength("😀")).toBe(1);
    expect(isValid({ maxLength: 1 }, "😀")).toBe(true);
    expect(isValid({ minLength: 2 }, "😀")).toBe(false);
    expect(isValid({ minLength: 2, maxLength: 2 }, "a😀")).toBe(true);
    expect(isValid({ maxLength: 2 }, "😀😀😀")).toBe(false);
  });

  it("counts a lone surrogate as one", () => {
    expect(codePointLength("\ud83d")).toBe(1);
    expect(codePointLength("\ude00\ud83d")).toBe(2);
  });

  it("agree with Array.from(text).length for any string", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.nat(12), (text, limit) => {
        const length = Array.from(text).length;
        expect(codePointLength(text)).toBe(length);
        expect(isValid({ minLength: limit }, text)).toBe(length >= limit);
        expect(isValid({ maxLength: limit }, text)).toBe(length <= limit);
      }),
    );
  });

  it("apply only to strings", () => {
    expect(isValid({ minLength: 3 }, 12)).toBe(true);
    expect(isValid({ maxLength: 0 }, ["a"])).toBe(true);
  });

  it.each([{ minLength: -1 }, { maxLength: 1.5 }, { minLength: "2" }])("refuses %j", (schema) => {
    expect(() => compile(schema)).toThrow(InvalidSchemaError);
  });
});

describe("pattern", () => {
  it("searches, it does not anchor", () => {
    expect(isValid({ pattern: "b" }, "abc")).toBe(true);
    expect(isValid({ pattern: "^b" }, "abc")).toBe(false);
  });

  it("is a Unicode regex", () => {
    expect(isValid({ pattern: "^\\p{Letter}+$" }, "añoÆ")).toBe(true);
    expect(isValid({ pattern: "^.$" }, "😀")).toBe(true);
  });

  it("gives the same answer on every call (no lastIndex state)", () => {
    const validate = compile({ pattern: "a" });
    expect([validate("a"), validate("a"), validate("a")].every((r) => r.valid)).toBe(true);
  });

  it("refuses an invalid regex with the schema path", () => {
    expect(() => compile({ properties: { a: { pattern: "(" } } })).toThrow(InvalidSchemaError);
    expect(() => compile({ properties: { a: { pattern: "(" } } })).toThrow(/#\/properties\/a\/pattern/);
    expect(() => compile({ patternProperties: { "[": {} } })).toThrow(InvalidSchemaError);
  });
});

describe("format", () => {
  it("asserts known formats by default, on strings only", () => {
    expect(SUPPORTED_FORMATS).toEqual(expect.arrayContaining(["date", "date-time", "email", "uuid", "ipv4"]));
    expect(isValid({ format: "date" }, "2024-02-29")).toBe(true);
    expect(isValid({ format: "date" }, "2023-02-29")).toBe(false);
    expect(isValid({ format: "date" }, 20240229)).toBe(true);
  });

  it("is an annotation with formats: ignore", () => {
    expect(isValid({ format: "date" }, "not a date", { formats: "ignore" })).toBe(true);
    expect(isValid({ format: "no-such-format" }, "x", { formats: "ignore" })).toBe(true);
  });

  it("refuses an unknown format when asserting", () => {
    expect(() => compile({ format: "no-such-format" })).toThrow(UnsupportedSchemaError);
  });

  it("reports Ajv's error", () => {
    expect(compile({ format: "date" })("x")).toEqual({
      valid: false,
      errors: [{ instancePath: "", schemaPath: "#/format", keyword: "format", params: { format: "date" }, message: 'must match format "date"' }],
    });
  });
});
