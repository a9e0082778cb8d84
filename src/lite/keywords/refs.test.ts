import { describe, expect, it } from "vitest";
import { compile, InvalidSchemaError, UnsupportedSchemaError, type LiteError } from "../index.js";

const isValid = (schema: unknown, value: unknown, options = {}) => compile(schema, options)(value).valid;
const errorsOf = (schema: unknown, value: unknown, options = {}): readonly LiteError[] => {
  const result = compile(schema, options)(value);
  return result.valid ? [] : result.errors;
};

function nestedArrays(depth: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe("$ref inside the document", () => {
  it("follows #/$defs and any JSON Pointer, with ~0 ~1 and percent-encoding", () => {
    const schema = {
      $defs: { "a/b": { type: "integer" }, "c~d": { type: "string" }, "e%f": { type: "boolean" }, "g h": { type: "null" } },
      properties: {
        slash: { $ref: "#/$defs/a~1b" },
        tilde: { $ref: "#/$defs/c~0d" },
        percent: { $ref: "#/$defs/e%25f" },
        space: { $ref: "#/$defs/g%20h" },
        sibling: { $ref: "#/properties/slash" },
      },
    };
    expect(isValid(schema, { slash: 1, tilde: "x", percent: true, space: null, sibling: 2 })).toBe(true);
    expect(errorsOf(schema, { slash: "1", tilde: 1, percent: 1, space: 1, sibling: 2.5 }).map((e) => e.instancePath)).toEqual([
      "/slash",
      "/tilde",
      "/percent",
      "/space",
      "/sibling",
    ]);
  });

  it("reports errors at the target's schema path", () => {
    expect(errorsOf({ $defs: { n: { type: "number" } }, properties: { p: { $ref: "#/$defs/n" } } }, { p: "x" })[0]?.schemaPath).toBe("#/$defs/n/type");
  });

  it("resolves $anchor and $id-relative references", () => {
    const schema = {
      $id: "https://example.com/root.json",
      properties: { a: { $ref: "#positive" }, b: { $ref: "item.json" }, c: { $ref: "https://example.com/root.json#/$defs/positive" } },
      $defs: { positive: { $anchor: "positive", exclusiveMinimum: 0 }, item: { $id: "item.json", type: "string", minLength: 2 } },
    };
    expect(isValid(schema, { a: 1, b: "xy" })).toBe(true);
    expect(isValid(schema, { a: 0 })).toBe(false);
    expect(isValid(schema, { c: 0 })).toBe(false);
    expect(() => compile({ $id: "https://example.com/r.json", minLength: 2, $ref: "#/minLength" })).toThrow(InvalidSchemaError);
    expect(isValid(schema, { b: "x" })).toBe(false);
  });

  it("compiles recursion and validates a tree", () => {
    const tree = { type: "object", properties: { value: { type: "number" }, children: { type: "array", items: { $ref: "#" } } }, required: ["value"] };
    expect(isValid(tree, { value: 1, children: [{ value: 2, children: [{ value: 3 }] }] })).toBe(true);
    expect(errorsOf(tree, { value: 1, children: [{ value: 2, children: [{}] }] }).map((e) => e.instancePath)).toEqual(["/children/0/children/0"]);
  });

  it("refuses a dangling reference as invalid, naming where it is", () => {
    expect(() => compile({ properties: { a: { $ref: "#/$defs/missing" } } })).toThrow(InvalidSchemaError);
    expect(() => compile({ properties: { a: { $ref: "#/$defs/missing" } } })).toThrow(/#\/properties\/a\/\$ref/);
    expect(() => compile({ $ref: "#nowhere" })).toThrow(InvalidSchemaError);
  });

  it("does not read $id or $ref inside enum or const", () => {
    const schema = { $defs: { s: { type: "string" } }, enum: [{ $ref: "#/$defs/s" }, { $id: "x", type: "null" }] };
    expect(isValid(schema, { $ref: "#/$defs/s" })).toBe(true);
    expect(isValid(schema, "a string")).toBe(false);
  });
});

describe("$ref to other documents", () => {
  const remotes = { "https://example.com/money.json": { $defs: { amount: { type: "number", minimum: 0 } } } };

  it("resolves documents offered in options.remotes", () => {
    const schema = { properties: { price: { $ref: "https://example.com/money.json#/$defs/amount" } } };
    expect(isValid(schema, { price: 3 }, { remotes })).toBe(true);
    expect(isValid(schema, { price: -3 }, { remotes })).toBe(false);
  });

  it("refuses a remote reference nobody provided, as unsupported", () => {
    expect(() => compile({ $ref: "https://example.com/money.json" })).toThrow(UnsupportedSchemaError);
  });
});

describe("hostile recursion", () => {
  it("a value nested deeper than maxDepth fails with a maxDepth error, without overflowing the stack", () => {
    const schema = { type: "array", items: { $ref: "#" } };
    const errors = errorsOf(schema, nestedArrays(100_000));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ keyword: "maxDepth", params: { limit: 256 } });
    expect(errors[0]!.instancePath).toBe("/0".repeat(257));
    expect(isValid(schema, nestedArrays(200))).toBe(true);
    expect(isValid(schema, nestedArrays(300), { maxDepth: 400 })).toBe(true);
    expect(isValid({ type: "array" }, nestedArrays(100_000))).toBe(true);
  });

  it("a reference cycle that never descends fails instead of hanging", () => {
    expect(errorsOf({ $ref: "#" }, 1).map((e) => e.keyword)).toEqual(["$ref"]);
    expect(isValid({ $defs: { a: { $ref: "#/$defs/b" }, b: { allOf: [{ $ref: "#/$defs/a" }] } }, $ref: "#/$defs/a" }, {})).toBe(false);
    expect(isValid({ anyOf: [{ $ref: "#" }, { type: "string" }] }, "x")).toBe(true);
  });

  it("a schema with a cycle compiles", () => {
    expect(() => compile({ $defs: { a: { $ref: "#/$defs/b" }, b: { $ref: "#/$defs/a" } } })).not.toThrow();
  });

  it("a schema object that contains itself (not JSON, but JavaScript allows it) compiles and validates", () => {
    const schema: Record<string, unknown> = { type: "array" };
    schema.items = schema;
    expect(isValid(schema, [[[]]])).toBe(true);
    expect(isValid(schema, [[1]])).toBe(false);
  });

  it("a value that contains itself fails with maxDepth instead of overflowing", () => {
    const value: unknown[] = [];
    value.push(value);
    expect(errorsOf({ items: { $ref: "#" } }, value)[0]?.keyword).toBe("maxDepth");
    const other: unknown[] = [];
    other.push(other);
    expect(errorsOf({ uniqueItems: true }, [value, other])[0]?.keyword).toBe("maxDepth");
  });
});
