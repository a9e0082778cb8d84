import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compile, InvalidSchemaError, SUPPORTED_FORMATS, SUPPORTED_KEYWORDS, UnsupportedSchemaError } from "./index.js";

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
    Object.freeze(value);
  }
  return value;
}

describe("compile refuses what it does not check", () => {
  it.each([
    [{ $recursiveRef: "#" }, "$recursiveRef", "#/$recursiveRef"],
    [{ $schema: "http://json-schema.org/draft-04/schema#", properties: { a: { const: 1 } } }, "const", "#/properties/a/const"],
    [{ $schema: "http://json-schema.org/draft-06/schema", if: {} }, "if", "#/if"],
    [{ $schema: "http://json-schema.org/draft-07/schema#", $defs: {} }, "$defs", "#/$defs"],
    [{ properties: { a: { nullable: true } } }, "nullable", "#/properties/a/nullable"],
    [{ dependencies: { a: ["b"] } }, "dependencies", "#/dependencies"],
    [{ items: { "extension-x": 1 } }, "extension-x", "#/items/extension-x"],
    [{ $schema: "https://example.com/my-metaschema" }, "$schema", "#/$schema"],
    [{ $ref: "https://example.com/other.json" }, "$ref", "#/$ref"],
    [{ format: "no-such-format" }, "format", "#/format"],
  ])("%j → UnsupportedSchemaError(%s at %s)", (schema, keyword, schemaPath) => {
    const error = (() => {
      try {
        compile(schema);
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(UnsupportedSchemaError);
    expect(error).toMatchObject({ keyword, schemaPath });
  });

  it("refuses an unknown keyword even in an unreferenced $defs entry", () => {
    expect(() => compile({ $defs: { unused: { const: 1, foo: 2 } } })).toThrow(UnsupportedSchemaError);
  });

  it("accepts annotations and ignores them", () => {
    const schema = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $id: "https://example.com/s.json",
      $comment: "c",
      title: "t",
      description: "d",
      default: 5,
      examples: [1],
      deprecated: true,
      readOnly: true,
      writeOnly: false,
      contentMediaType: "application/json",
      contentEncoding: "base64",
      contentSchema: { type: "object" },
      type: "string",
    };
    expect(compile(schema)("x").valid).toBe(true);
    expect(compile(schema)(5).valid).toBe(false);
  });

  it("lists what it supports", () => {
    expect(SUPPORTED_KEYWORDS).toEqual(expect.arrayContaining(["type", "properties", "$ref", "unevaluatedProperties", "multipleOf", "title"]));
    expect(SUPPORTED_KEYWORDS).toContain("$dynamicRef");
    expect(SUPPORTED_KEYWORDS).not.toContain("$recursiveRef");
    expect(SUPPORTED_FORMATS.length).toBeGreaterThan(5);
  });
});

describe("compile refuses malformed schemas with the place", () => {
  it.each([
    [{ required: "x" }, "#/required"],
    [{ minimum: "3" }, "#/minimum"],
    [{ type: "strin" }, "#/type"],
    [{ properties: { a: { pattern: "(" } } }, "#/properties/a/pattern"],
    [{ items: { maxItems: -1 } }, "#/items/maxItems"],
    [{ anyOf: [] }, "#/anyOf"],
    [{ allOf: [3] }, "#/allOf/0"],
    [{ $ref: 5 }, "#/$ref"],
    [{ $anchor: "1bad" }, "#/$anchor"],
    [{ $id: "https://example.com/s.json#frag" }, "#/$id"],
    [{ uniqueItems: "yes" }, "#/uniqueItems"],
    [{ title: 3 }, "#/title"],
    [[], "#"],
  ])("%j at %s", (schema, schemaPath) => {
    expect(() => compile(schema)).toThrow(InvalidSchemaError);
    try {
      compile(schema);
    } catch (error) {
      expect((error as InvalidSchemaError).schemaPath).toBe(schemaPath);
    }
  });

  it("refuses bad options", () => {
    expect(() => compile({}, { maxDepth: 0 })).toThrow(InvalidSchemaError);
    expect(() => compile({}, { formats: "sometimes" as "assert" })).toThrow(InvalidSchemaError);
  });
});

describe("validate", () => {
  const schema = { type: "object", properties: { a: { type: "number" }, b: { type: "array", items: { type: "string" } } }, required: ["a"] };

  it("returns { valid: true } or { valid: false, errors }", () => {
    const validate = compile(schema);
    expect(validate({ a: 1 })).toEqual({ valid: true });
    expect(validate({})).toMatchObject({ valid: false, errors: [{ keyword: "required" }] });
  });

  it("carries nothing from one call to the next", () => {
    const validate = compile(schema);
    const first = validate({ a: "x", b: [1] });
    expect(validate({ a: 1 })).toEqual({ valid: true });
    expect(validate({ a: "x", b: [1] })).toEqual(first);
    expect(first.valid ? 0 : first.errors.length).toBe(2);
  });

  it("never coerces and never applies defaults", () => {
    const validate = compile({ type: "object", properties: { n: { type: "number", default: 3 } }, required: ["n"] });
    const value = {};
    expect(validate(value).valid).toBe(false);
    expect(value).toEqual({});
    expect(compile({ type: "boolean" })("true").valid).toBe(false);
  });

  it("never mutates the schema or the value (both deep-frozen)", () => {
    const schemas = [
      schema,
      { anyOf: [{ type: "string", minLength: 2 }, { type: "array", uniqueItems: true, contains: { type: "number" } }], $defs: { x: { $ref: "#" } } },
      { properties: { x: { $ref: "#" } }, unevaluatedProperties: false, dependentSchemas: { y: { required: ["x"] } } },
      { prefixItems: [{ enum: [1, { a: 1 }] }], unevaluatedItems: { const: null }, propertyNames: { pattern: "^a" } },
    ];
    fc.assert(
      fc.property(fc.constantFrom(...schemas), fc.jsonValue(), (chosen, value) => {
        const frozenSchema = deepFreeze(structuredClone(chosen));
        const frozenValue = deepFreeze(structuredClone(value));
        const result = compile(frozenSchema)(frozenValue);
        expect(typeof result.valid).toBe("boolean");
        expect(frozenSchema).toEqual(chosen);
        expect(frozenValue).toEqual(value);
      }),
    );
  });

  it("uses no eval or Function", () => {
    const evalSpy = globalThis.eval;
    const functionSpy = globalThis.Function;
    let called = false;
    globalThis.eval = (() => (called = true)) as typeof eval;
    globalThis.Function = function () {
      called = true;
    } as unknown as FunctionConstructor;
    try {
      compile(schema)({ a: 1, b: ["x"] });
    } finally {
      globalThis.eval = evalSpy;
      globalThis.Function = functionSpy;
    }
    expect(called).toBe(false);
  });
});
