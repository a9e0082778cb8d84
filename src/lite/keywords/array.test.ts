import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deepEqual } from "../deep-equal.js";
import { compile, InvalidSchemaError, type LiteError } from "../index.js";
import { findDuplicate } from "./array.js";

const isValid = (schema: unknown, value: unknown) => compile(schema)(value).valid;
const errorsOf = (schema: unknown, value: unknown): readonly LiteError[] => {
  const result = compile(schema)(value);
  return result.valid ? [] : result.errors;
};

describe("items / prefixItems", () => {
  it("checks every item, and names the failing index", () => {
    expect(isValid({ items: { type: "string" } }, ["a", "b"])).toBe(true);
    expect(errorsOf({ items: { type: "string" } }, ["a", 1, "c", null]).map((e) => e.instancePath)).toEqual(["/1", "/3"]);
  });

  it("checks the tuple, then the rest with items", () => {
    const schema = { prefixItems: [{ type: "string" }, { type: "number" }], items: { type: "boolean" } };
    expect(isValid(schema, ["a", 1, true, false])).toBe(true);
    expect(isValid(schema, ["a"])).toBe(true);
    expect(isValid(schema, ["a", 1, 2])).toBe(false);
    expect(isValid(schema, [1])).toBe(false);
  });

  it("items: false closes the tuple, with Ajv's error", () => {
    expect(errorsOf({ prefixItems: [{}], items: false }, [1, 2, 3])).toEqual([
      { instancePath: "", schemaPath: "#/items", keyword: "items", params: { limit: 1 }, message: "must NOT have more than 1 items" },
    ]);
  });

  it("refuses the draft-07 tuple form of items", () => {
    expect(() => compile({ items: [{ type: "string" }] })).toThrow(InvalidSchemaError);
    expect(() => compile({ prefixItems: [] })).toThrow(InvalidSchemaError);
  });
});

describe("minItems / maxItems", () => {
  it("count items", () => {
    expect(isValid({ minItems: 1 }, [])).toBe(false);
    expect(isValid({ maxItems: 1 }, [1, 2])).toBe(false);
    expect(errorsOf({ minItems: 2 }, [1]).map((e) => e.message)).toEqual(["must NOT have fewer than 2 items"]);
  });
});

describe("contains", () => {
  const schema = { contains: { type: "string" }, minContains: 2, maxContains: 3 };

  it("counts matching items between minContains and maxContains", () => {
    expect(isValid(schema, ["a", 1, "b"])).toBe(true);
    expect(isValid(schema, ["a", 1])).toBe(false);
    expect(isValid(schema, ["a", "b", "c", "d"])).toBe(false);
    expect(isValid({ contains: { type: "string" } }, [1, 2])).toBe(false);
    expect(isValid({ contains: { type: "string" }, minContains: 0 }, [])).toBe(true);
  });

  it("reports the non-matching items, then contains (as Ajv)", () => {
    expect(errorsOf({ contains: { type: "string" } }, [1])).toEqual([
      { instancePath: "/0", schemaPath: "#/contains/type", keyword: "type", params: { type: "string" }, message: "must be string" },
      { instancePath: "", schemaPath: "#/contains", keyword: "contains", params: { minContains: 1 }, message: "must contain at least 1 valid item(s)" },
    ]);
  });
});

describe("uniqueItems", () => {
  it("treats 1 and 1.0 as duplicates, and structures by value", () => {
    expect(isValid({ uniqueItems: true }, [1, JSON.parse("1.0")])).toBe(false);
    expect(isValid({ uniqueItems: true }, [{ a: 1, b: 2 }, { b: 2, a: 1 }])).toBe(false);
    expect(isValid({ uniqueItems: true }, [[1], [1, 1]])).toBe(true);
    expect(isValid({ uniqueItems: true }, [1, "1", true, null, 0, false])).toBe(true);
    expect(isValid({ uniqueItems: false }, [1, 1])).toBe(true);
  });

  it("reports the pair Ajv reports", () => {
    expect(errorsOf({ uniqueItems: true }, [1, 2, 1, 2])).toEqual([
      {
        instancePath: "",
        schemaPath: "#/uniqueItems",
        keyword: "uniqueItems",
        params: { i: 3, j: 1 },
        message: "must NOT have duplicate items (items ## 1 and 3 are identical)",
      },
    ]);
  });

  it("finds the same pair as the quadratic scan, for any items", () => {
    const naive = (items: unknown[]) => {
      for (let i = items.length - 1; i > 0; i--) for (let j = i - 1; j >= 0; j--) if (deepEqual(items[i], items[j])) return [i, j];
      return undefined;
    };
    const item = fc.oneof(fc.integer({ min: 0, max: 30 }), fc.constantFrom("a", "b", null, true), fc.jsonValue({ maxDepth: 1 }));
    fc.assert(
      fc.property(fc.array(item, { maxLength: 40 }), (items) => {
        expect(findDuplicate(items)).toEqual(naive(items));
      }),
    );
    const primitive = fc.oneof(fc.integer({ min: 0, max: 40 }), fc.constantFrom("a", "b", null, true));
    fc.assert(
      fc.property(fc.array(primitive, { maxLength: 40 }), (items) => {
        expect(findDuplicate(items)).toEqual(naive(items));
      }),
    );
  });
});

describe("uniqueItems when items declares scalar types (Ajv's hashing order)", () => {
  it("reports the first repeat from the end, short or long", () => {
    // From the end, the first item of a declared type with an equal item after it, and the nearest such.
    const hashing = (items: unknown[], types: number) => {
      for (let i = items.length - 1; i >= 0; i--) {
        const kind = typeof items[i] === "string" ? 1 : typeof items[i] === "number" ? 2 : 0;
        if ((kind & types) === 0) continue;
        for (let j = i + 1; j < items.length; j++) if (items[j] === items[i]) return [i, j];
      }
      return undefined;
    };
    const item = fc.oneof(fc.integer({ min: 0, max: 30 }), fc.constantFrom("a", "b", "1", true, null));
    fc.assert(
      fc.property(fc.array(item, { maxLength: 40 }), fc.constantFrom(1, 2, 3), (items, types) => {
        expect(findDuplicate(items, types)).toEqual(hashing(items, types));
      }),
    );
  });

  it("ignores items of other types, as Ajv does", () => {
    expect(errorsOf({ items: { type: "string" }, uniqueItems: true }, ["a", 1, 1]).map((e) => e.keyword)).toEqual(["type", "type"]);
  });
});

describe("unevaluatedItems", () => {
  it("sees prefixItems, items and contains of passing in-place subschemas", () => {
    const schema = { prefixItems: [{ type: "string" }], anyOf: [{ prefixItems: [true, { type: "number" }] }, true], unevaluatedItems: false };
    expect(isValid(schema, ["a", 1])).toBe(true);
    expect(isValid(schema, ["a", "b"])).toBe(false);
    expect(isValid({ contains: { type: "string" }, unevaluatedItems: { type: "number" } }, ["a", 1, "b"])).toBe(true);
    expect(isValid({ contains: { type: "string" }, unevaluatedItems: { type: "number" } }, ["a", true])).toBe(false);
  });
});
