import { describe, expect, it } from "vitest";
import { createAjvValidator, ajvValidator } from "./ajv-validator.js";

describe("ajvValidator", () => {
  it("returns every error with its instance path (allErrors)", () => {
    const validate = ajvValidator.compile({ type: "object", properties: { a: { type: "string" }, b: { minimum: 0 } } });
    expect(validate({ a: "x", b: 1 })).toEqual({ valid: true });
    const result = validate({ a: 1, b: -1 });
    expect(result).toMatchObject({ valid: false });
    const paths = typeof result === "object" ? result.errors?.map((error) => error.instancePath) : [];
    expect(paths).toEqual(["/a", "/b"]);
  });

  it("asserts formats (ajv-formats) and ignores unknown ones (strict off)", () => {
    expect(ajvValidator.compile({ format: "date" })("2023-02-29")).toMatchObject({ valid: false });
    expect(ajvValidator.compile({ format: "no-such-format" })("anything")).toEqual({ valid: true });
  });

  it("lets the next schema reuse an $id on the shared instance", () => {
    const first = ajvValidator.compile({ $id: "http://example.com/s", type: "string" });
    const second = ajvValidator.compile({ $id: "http://example.com/s", type: "number" });
    expect(first("x")).toEqual({ valid: true });
    expect(second(1)).toEqual({ valid: true });
    expect(second("x")).toMatchObject({ valid: false });
  });

  it("forgets a schema whose compile threw", () => {
    const broken = { $id: "http://example.com/broken", $ref: "#/$defs/missing" };
    expect(() => ajvValidator.compile(broken)).toThrow();
    expect(ajvValidator.compile({ $id: "http://example.com/broken", type: "null" })(null)).toEqual({ valid: true });
  });

  it("resolves $ref against the remotes it is offered", () => {
    const remotes = { "http://localhost:1234/integer.json": { type: "integer" } };
    const validate = ajvValidator.compile({ $ref: "http://localhost:1234/integer.json" }, { remotes });
    expect(validate(1)).toEqual({ valid: true });
    expect(validate("1")).toMatchObject({ valid: false });
    expect(() => ajvValidator.compile({ $ref: "http://localhost:1234/integer.json" })).toThrow();
  });

  it("compiles boolean schemas", () => {
    const fresh = createAjvValidator({ isolation: "fresh" });
    expect(fresh.compile(false)(1)).toMatchObject({ valid: false });
    expect(ajvValidator.compile(true)(1)).toEqual({ valid: true });
  });
});

describe("the reference per dialect", () => {
  const valid = (schema: object, dialect: Parameters<typeof ajvValidator.compile>[1] extends infer C ? (C extends { dialect?: infer D } ? D : never) : never, value: unknown) => {
    const result = ajvValidator.compile(schema, { dialect })(value);
    return typeof result === "boolean" ? result : result.valid;
  };

  it("compiles every spelling of a draft's $schema URI (http or https, with or without #)", () => {
    for (const uri of ["http://json-schema.org/draft-07/schema#", "https://json-schema.org/draft-07/schema", "http://json-schema.org/draft-07/schema"]) {
      expect(valid({ $schema: uri, type: "string" }, "draft7", 1)).toBe(false);
    }
    expect(valid({ $schema: "https://json-schema.org/draft/2019-09/schema#", type: "string" }, "draft2019-09", "x")).toBe(true);
  });

  it("reads draft-04's boolean exclusive bounds, and ignores what draft-04 never defined", () => {
    expect(valid({ maximum: 5, exclusiveMaximum: true }, "draft4", 5)).toBe(false);
    expect(valid({ maximum: 5, exclusiveMaximum: true }, "draft4", 4.9)).toBe(true);
    expect(valid({ const: 1, contains: false, propertyNames: false }, "draft4", 2)).toBe(true);
  });

  it("applies if/then/else from draft-07 on, and never before", () => {
    const schema = { if: { type: "string" }, then: { minLength: 2 } };
    expect(valid(schema, "draft6", "a")).toBe(true);
    expect(valid(schema, "draft7", "a")).toBe(false);
  });

  it("reads OpenAPI's nullable as a rule in OpenAPI 3.0 (and, a known divergence, in every draft)", () => {
    // Ajv's type check reads `nullable` itself: suites/known-divergences.json "ajv-nullable-in-json-schema".
    expect(valid({ type: "string", nullable: true }, "draft7", null)).toBe(true);
    expect(valid({ type: "string", nullable: true }, "openapi-3.0", null)).toBe(true);
    expect(valid({ type: "integer", format: "int32" }, "openapi-3.0", 2 ** 31)).toBe(false);
  });

  it("reads a draft-07 `id` as an annotation (Ajv's later classes refuse to compile it)", () => {
    expect(valid({ id: "foo", type: "string" }, "draft7", "x")).toBe(true);
  });

  it("follows 2019-09's $recursiveRef", () => {
    const tree = { $id: "http://x.test/tree", $recursiveAnchor: true, type: "object", properties: { kids: { type: "array", items: { $recursiveRef: "#" } } } };
    expect(valid(tree, "draft2019-09", { kids: [{ kids: [] }] })).toBe(true);
    expect(valid(tree, "draft2019-09", { kids: [1] })).toBe(false);
  });
});
