import { describe, expect, it } from "vitest";
import { compile, InvalidSchemaError, type LiteError } from "../index.js";

const isValid = (schema: unknown, value: unknown) => compile(schema)(value).valid;
const errorsOf = (schema: unknown, value: unknown): readonly LiteError[] => {
  const result = compile(schema)(value);
  return result.valid ? [] : result.errors;
};

describe("dependentRequired", () => {
  it("needs the dependencies when the property is present", () => {
    const schema = { dependentRequired: { card: ["expiry", "cvc"] } };
    expect(isValid(schema, {})).toBe(true);
    expect(isValid(schema, { card: 1, expiry: 1, cvc: 1 })).toBe(true);
    expect(errorsOf(schema, { card: 1, expiry: 1 })).toEqual([
      {
        instancePath: "",
        schemaPath: "#/dependentRequired",
        keyword: "dependentRequired",
        params: { property: "card", missingProperty: "cvc", depsCount: 2, deps: "expiry, cvc" },
        message: "must have properties expiry, cvc when property card is present",
      },
    ]);
  });

  it("refuses dependencies that are not string arrays", () => {
    expect(() => compile({ dependentRequired: { a: "b" } })).toThrow(InvalidSchemaError);
  });
});

describe("dependentSchemas", () => {
  it("applies the schema to the whole object when the property is present", () => {
    const schema = { dependentSchemas: { card: { required: ["expiry"] } } };
    expect(isValid(schema, { expiry: 1 })).toBe(true);
    expect(isValid(schema, { card: 1 })).toBe(false);
    expect(isValid(schema, { card: 1, expiry: 1 })).toBe(true);
  });
});

describe("propertyNames", () => {
  it("checks each name and marks the errors with it, as Ajv does", () => {
    expect(errorsOf({ propertyNames: { maxLength: 2 } }, { ab: 1, abc: 2 })).toEqual([
      { instancePath: "", schemaPath: "#/propertyNames/maxLength", keyword: "maxLength", params: { limit: 2 }, message: "must NOT have more than 2 characters", propertyName: "abc" },
      { instancePath: "", schemaPath: "#/propertyNames", keyword: "propertyNames", params: { propertyName: "abc" }, message: "property name must be valid" },
    ]);
  });

  it("does not count as evaluating the properties", () => {
    expect(isValid({ propertyNames: { maxLength: 1 }, unevaluatedProperties: false }, { a: 1 })).toBe(false);
  });
});

describe("minProperties / maxProperties", () => {
  it("count own properties", () => {
    expect(isValid({ minProperties: 1 }, {})).toBe(false);
    expect(isValid({ minProperties: 1 }, { a: null })).toBe(true);
    expect(isValid({ maxProperties: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(isValid({ maxProperties: 0 }, [1])).toBe(true);
  });

  it("report Ajv's message", () => {
    expect(errorsOf({ minProperties: 2 }, {}).map((e) => e.message)).toEqual(["must NOT have fewer than 2 properties"]);
  });
});
