import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compile, UnsupportedSchemaError, type CompileOptions, type Dialect } from "./index.js";

const DRAFT4 = "http://json-schema.org/draft-04/schema#";
const DRAFT7 = "http://json-schema.org/draft-07/schema#";
const DRAFT2019 = "https://json-schema.org/draft/2019-09/schema";

const isValid = (schema: unknown, value: unknown, options: CompileOptions = {}) => compile(schema, options)(value).valid;

describe("the dialect comes from $schema, options.dialect, else draft 2020-12", () => {
  it.each([
    ["http://json-schema.org/draft-07/schema#"],
    ["https://json-schema.org/draft-07/schema#"],
    ["http://json-schema.org/draft-07/schema"],
    ["https://json-schema.org/draft-07/schema"],
  ])("%s reads array-form items as a tuple", ($schema) => {
    const schema = { $schema, items: [{ type: "string" }], additionalItems: false };
    expect(isValid(schema, ["a"])).toBe(true);
    expect(isValid(schema, [1])).toBe(false);
    expect(isValid(schema, ["a", "b"])).toBe(false);
  });

  it("draft 2020-12 (the default) refuses array-form items as malformed", () => {
    expect(() => compile({ items: [{ type: "string" }] })).toThrow(/prefixItems/);
  });

  it("options.dialect overrides $schema", () => {
    const schema = { $schema: DRAFT7, minimum: 5, exclusiveMinimum: true };
    expect(() => compile(schema)).toThrow(/exclusiveMinimum/);
    expect(isValid(schema, 5, { dialect: "draft4" })).toBe(false);
    expect(isValid(schema, 5.5, { dialect: "draft4" })).toBe(true);
  });

  it("an unknown $schema is refused by name, even with options.dialect", () => {
    for (const options of [{}, { dialect: "draft7" as const }]) {
      expect(() => compile({ $schema: "https://example.com/meta" }, options)).toThrow(UnsupportedSchemaError);
      expect(() => compile({ $schema: "https://example.com/meta" }, options)).toThrow(/example\.com\/meta/);
    }
  });

  it("an embedded resource with its own $schema switches dialect", () => {
    const schema = {
      $schema: DRAFT2019,
      properties: { a: { $id: "https://example.com/a", $schema: DRAFT7, dependencies: { x: ["y"] } } },
    };
    expect(isValid(schema, { a: { x: 1 } })).toBe(false);
    expect(isValid(schema, { a: { x: 1, y: 2 } })).toBe(true);
  });
});

describe("draft 4", () => {
  it("boolean exclusive bounds make minimum and maximum exclusive, as a numeric bound does in 2020-12", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.double({ noNaN: true, noDefaultInfinity: true }), (limit, value) => {
        expect(isValid({ $schema: DRAFT4, minimum: limit, exclusiveMinimum: true }, value)).toBe(isValid({ exclusiveMinimum: limit }, value));
        expect(isValid({ $schema: DRAFT4, maximum: limit, exclusiveMaximum: false }, value)).toBe(isValid({ maximum: limit }, value));
      }),
    );
  });

  it("names schemas with id, a fragment-only id as an anchor", () => {
    const schema = { $schema: DRAFT4, id: "http://example.com/root.json", definitions: { a: { id: "#num", type: "number" } }, properties: { x: { $ref: "#num" } } };
    expect(isValid(schema, { x: 1 })).toBe(true);
    expect(isValid(schema, { x: "1" })).toBe(false);
  });

  it("ignores the siblings of $ref", () => {
    const schema = { $schema: DRAFT4, definitions: { s: { type: "string" } }, properties: { x: { $ref: "#/definitions/s", maxLength: 1 } } };
    expect(isValid(schema, { x: "long" })).toBe(true);
  });

  it("refuses keywords draft 4 does not define", () => {
    for (const keyword of ["const", "contains", "propertyNames", "if", "$id"]) {
      expect(() => compile({ $schema: DRAFT4, [keyword]: {} })).toThrow(UnsupportedSchemaError);
    }
  });
});

describe("draft 6 and 7", () => {
  it("dependencies takes property lists and schemas", () => {
    const schema = { $schema: DRAFT7, dependencies: { a: ["b"], c: { required: ["d"] } } };
    expect(isValid(schema, { a: 1, b: 2 })).toBe(true);
    expect(isValid(schema, { a: 1 })).toBe(false);
    expect(isValid(schema, { c: 1 })).toBe(false);
    expect(compile(schema)({ a: 1 })).toMatchObject({ errors: [{ keyword: "dependencies", schemaPath: "#/dependencies", message: "must have property b when property a is present" }] });
  });

  it("reports additionalItems as written", () => {
    const result = compile({ $schema: DRAFT7, items: [{}], additionalItems: { type: "string" } })([1, 2]);
    expect(result).toMatchObject({ valid: false, errors: [{ keyword: "type", schemaPath: "#/additionalItems/type", instancePath: "/1" }] });
  });

  it("array-form items read like 2020-12's prefixItems", () => {
    const item = fc.oneof(fc.string(), fc.integer(), fc.boolean());
    fc.assert(
      fc.property(fc.array(item, { maxLength: 5 }), fc.boolean(), (value, closed) => {
        const legacy = { $schema: DRAFT7, items: [{ type: "string" }, { type: "integer" }], ...(closed ? { additionalItems: false } : {}) };
        const modern = { prefixItems: [{ type: "string" }, { type: "integer" }], ...(closed ? { items: false } : {}) };
        expect(isValid(legacy, value)).toBe(isValid(modern, value));
      }),
    );
  });

  it("if/then/else is draft 7's, not draft 6's", () => {
    expect(isValid({ $schema: DRAFT7, if: { type: "string" }, then: { minLength: 2 } }, "a")).toBe(false);
    expect(() => compile({ if: {} }, { dialect: "draft6" })).toThrow(UnsupportedSchemaError);
  });
});

describe("draft 2019-09", () => {
  it("$recursiveRef follows the outermost $recursiveAnchor", () => {
    const tree = { $id: "https://example.com/tree", $recursiveAnchor: true, type: "object", properties: { children: { type: "array", items: { $recursiveRef: "#" } } } };
    const strictTree = { $schema: DRAFT2019, $id: "https://example.com/strict", $recursiveAnchor: true, $ref: "tree", unevaluatedProperties: false, $defs: { tree } };
    expect(isValid(strictTree, { children: [{ children: [] }] })).toBe(true);
    expect(isValid(strictTree, { children: [{ extra: 1 }] })).toBe(false);
  });
});

describe("draft 2020-12 $dynamicRef", () => {
  it("resolves to the outermost $dynamicAnchor in scope", () => {
    const list = { $id: "https://example.com/list", $defs: { item: { $dynamicAnchor: "item" } }, type: "array", items: { $dynamicRef: "#item" } };
    const strings = { $id: "https://example.com/strings", $ref: "list", $defs: { item: { $dynamicAnchor: "item", type: "string" }, list } };
    expect(isValid(strings, ["a"])).toBe(true);
    expect(isValid(strings, [1])).toBe(false);
    expect(isValid(list, [1])).toBe(true);
  });
});

describe("OpenAPI 3.0 Schema Objects", () => {
  const openapi = { dialect: "openapi-3.0" as Dialect };

  it("nullable adds null to the type, and does nothing without a type", () => {
    expect(isValid({ type: "string", nullable: true }, null, openapi)).toBe(true);
    expect(isValid({ type: "string" }, null, openapi)).toBe(false);
    expect(isValid({ type: "string", nullable: false }, null, openapi)).toBe(false);
    expect(isValid({ nullable: true, minLength: 2 }, "a", openapi)).toBe(false);
  });

  it("reads boolean exclusive bounds as draft 4 does", () => {
    expect(isValid({ type: "number", maximum: 10, exclusiveMaximum: true }, 10, openapi)).toBe(false);
    expect(isValid({ type: "number", maximum: 10, exclusiveMaximum: true }, 9.5, openapi)).toBe(true);
  });

  it("accepts its annotations and ignores $ref siblings", () => {
    const schema = {
      definitions: { s: { type: "string" } },
      properties: { a: { $ref: "#/definitions/s", description: "ignored" }, b: { type: "object", discriminator: { propertyName: "k" }, example: {}, xml: {}, externalDocs: {}, deprecated: true, readOnly: true } },
    };
    expect(isValid(schema, { a: "x", b: {} }, openapi)).toBe(true);
    expect(isValid(schema, { a: 1 }, openapi)).toBe(false);
  });

  it("refuses what a Schema Object does not define", () => {
    for (const keyword of ["const", "patternProperties", "if", "prefixItems", "$id"]) expect(() => compile({ [keyword]: {} }, openapi)).toThrow(UnsupportedSchemaError);
    expect(() => compile({ items: [{}] }, openapi)).toThrow(/items/);
  });
});

describe("number formats int32, int64, float, double in every dialect", () => {
  it.each(["draft4", "draft7", "draft2020-12", "openapi-3.0"] as const)("%s", (dialect) => {
    const options = { dialect };
    expect(isValid({ type: "integer", format: "int32" }, 2 ** 31 - 1, options)).toBe(true);
    expect(isValid({ type: "integer", format: "int32" }, 2 ** 31, options)).toBe(false);
    expect(isValid({ format: "int32" }, -(2 ** 31) - 1, options)).toBe(false);
    expect(isValid({ format: "int64" }, 2 ** 40, options)).toBe(true);
    expect(isValid({ format: "int64" }, 1.5, options)).toBe(false);
    expect(isValid({ format: "float" }, 1.5, options)).toBe(true);
    expect(isValid({ format: "double" }, -1e300, options)).toBe(true);
    expect(isValid({ format: "int32" }, "not a number", options)).toBe(true);
  });

  it("reports a failing number format as format", () => {
    expect(compile({ format: "int32" })(1.5)).toMatchObject({ errors: [{ keyword: "format", params: { format: "int32" } }] });
    expect(isValid({ format: "int32" }, 1.5, { formats: "ignore" })).toBe(true);
  });
});

describe("unknown keywords", () => {
  it("are refused by default, with the path (a typo is not a rule)", () => {
    expect(() => compile({ properties: { a: { minLenght: 3 } } })).toThrow(expect.objectContaining({ keyword: "minLenght", schemaPath: "#/properties/a/minLenght" }));
  });

  it('with unknownKeywords: "annotate" are accepted, ignored and reported with their path', () => {
    const seen: [string, string][] = [];
    const validate = compile({ properties: { a: { minLenght: 3, type: "string" } }, "x-vendor": 1 }, { unknownKeywords: "annotate", onUnknownKeyword: (keyword, path) => seen.push([keyword, path]) });
    expect(validate({ a: "x" }).valid).toBe(true);
    expect(validate({ a: 1 }).valid).toBe(false);
    expect(seen).toEqual([["minLenght", "#/properties/a/minLenght"]]);
  });

  it("a keyword of another draft is unknown too (const in draft 4)", () => {
    const seen: string[] = [];
    const validate = compile({ const: 1 }, { dialect: "draft4", unknownKeywords: "annotate", onUnknownKeyword: (keyword) => seen.push(keyword) });
    expect(validate(2).valid).toBe(true);
    expect(seen).toEqual(["const"]);
  });
});
