// What lite accepts beyond draft 2020-12's own keywords, and only that: `x-` vendor extensions,
// draft-07 `definitions`, and the annotation names a caller lists. Everything else is still refused.
import { describe, expect, it } from "vitest";
import { compile, InvalidSchemaError, SUPPORTED_KEYWORDS, UnsupportedSchemaError } from "./index.js";

const isValid = (schema: unknown, value: unknown, options = {}) => compile(schema, options)(value).valid;

describe("x- vendor extensions", () => {
  it("are accepted as annotations at any depth, whatever their value", () => {
    const schema = {
      "x-schemalab-name": "search",
      type: "object",
      properties: { q: { type: "string", "x-order": 1, "x-hints": { minLength: "not a rule" } } },
      "x-": null,
    };
    expect(isValid(schema, { q: "" })).toBe(true);
    expect(isValid(schema, { q: 1 })).toBe(false);
  });

  it("carry no validation, even when they look like subschemas", () => {
    expect(isValid({ "x-items": { type: "string" } }, [1])).toBe(true);
    expect(() => compile({ "x-broken": { $ref: "#/nowhere", type: "strin" } })).not.toThrow();
  });

  it("are named by their prefix only: other unknown keywords are still refused", () => {
    for (const keyword of ["X-order", "xorder", "ext-x", "nullable"]) {
      expect(() => compile({ [keyword]: 1 })).toThrow(UnsupportedSchemaError);
    }
  });
});

describe("definitions (draft-07 container)", () => {
  const schema = {
    type: "object",
    properties: { user: { $ref: "#/definitions/User" }, tags: { type: "array", items: { $ref: "#/definitions/Tag" } } },
    definitions: { User: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] }, Tag: { type: "string", minLength: 1 } },
  };

  it("holds subschemas that refs resolve into", () => {
    expect(isValid(schema, { user: { id: 1 }, tags: ["a"] })).toBe(true);
    const result = compile(schema)({ user: {}, tags: [""] });
    expect(result.valid ? [] : result.errors.map((e) => [e.instancePath, e.schemaPath])).toEqual([
      ["/user", "#/definitions/User/required"],
      ["/tags/0", "#/definitions/Tag/minLength"],
    ]);
  });

  it("is checked like $defs: its entries must be schemas lite supports", () => {
    expect(() => compile({ definitions: { a: { nullable: true } } })).toThrow(UnsupportedSchemaError);
    expect(() => compile({ definitions: { a: 3 } })).toThrow(InvalidSchemaError);
    expect(() => compile({ definitions: [] })).toThrow(InvalidSchemaError);
    expect(() => compile({ $ref: "#/definitions/missing", definitions: {} })).toThrow(InvalidSchemaError);
  });

  it("is a supported keyword", () => {
    expect(SUPPORTED_KEYWORDS).toContain("definitions");
  });
});

describe("options.annotations", () => {
  const gemini = { type: "object", properties: { b: { type: "string" }, a: { type: "number" } }, propertyOrdering: ["b", "a"] };

  it("accepts the listed keywords anywhere and ignores them", () => {
    const options = { annotations: ["propertyOrdering", "schema_version"] };
    expect(isValid({ ...gemini, schema_version: 3, items: { propertyOrdering: [] } }, { a: 1 }, options)).toBe(true);
    expect(isValid(gemini, { a: "1" }, options)).toBe(false);
  });

  it("refuses them when not listed", () => {
    expect(() => compile(gemini)).toThrow(UnsupportedSchemaError);
    expect(() => compile(gemini, { annotations: ["schema_version"] })).toThrow(UnsupportedSchemaError);
  });

  it("cannot turn a keyword lite checks (or a $ keyword) into an annotation", () => {
    for (const name of ["minimum", "required", "$ref", "$dynamicRef"]) {
      expect(() => compile({}, { annotations: [name] })).toThrow(InvalidSchemaError);
    }
    expect(() => compile({}, { annotations: ["title"] })).not.toThrow();
  });
});
