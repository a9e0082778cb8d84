import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolvePointer } from "./json-pointer.js";
import { arbitrarySchema } from "./test-support/arbitrary-schema.js";
import type { JsonSchema } from "./types.js";
import { listSubschemas, SUBSCHEMA_KEYWORDS, subschemaEntries, walkSchema, type SchemaVisit } from "./walk-schema.js";

const paths = (visits: SchemaVisit[]): string[] => visits.map((visit) => visit.path);

describe("walkSchema", () => {
  it("visits every applicator, pre-order, in the schema's key order", () => {
    const schema = {
      type: "object",
      properties: { "a/b": { type: "string" }, n: { items: { type: "integer" } } },
      patternProperties: { "^x-": true },
      additionalProperties: false,
      propertyNames: { maxLength: 3 },
      dependentSchemas: { n: { required: ["a/b"] } },
      unevaluatedProperties: false,
      prefixItems: [{}, false],
      contains: { const: 1 },
      unevaluatedItems: true,
      anyOf: [{}, { not: {} }],
      oneOf: [{}],
      allOf: [{}],
      if: {},
      then: {},
      else: {},
      $defs: { d: { $ref: "#" } },
      definitions: { e: {} },
    };
    expect(paths(listSubschemas(schema))).toEqual([
      "",
      "/properties/a~1b",
      "/properties/n",
      "/properties/n/items",
      "/patternProperties/^x-",
      "/additionalProperties",
      "/propertyNames",
      "/dependentSchemas/n",
      "/unevaluatedProperties",
      "/prefixItems/0",
      "/prefixItems/1",
      "/contains",
      "/unevaluatedItems",
      "/anyOf/0",
      "/anyOf/1",
      "/anyOf/1/not",
      "/oneOf/0",
      "/allOf/0",
      "/if",
      "/then",
      "/else",
      "/$defs/d",
      "/definitions/e",
    ]);
  });

  it("says which keyword and key hold each subschema, and who the parent is", () => {
    const visits = listSubschemas({ properties: { p: { anyOf: [{ type: "null" }] } } });
    const branch = visits.find((visit) => visit.path === "/properties/p/anyOf/0")!;
    expect(branch).toMatchObject({ keyword: "anyOf", key: 0, depth: 2 });
    expect(branch.parent).toMatchObject({ path: "/properties/p", keyword: "properties", key: "p" });
    expect(branch.parent!.parent).toMatchObject({ path: "", keyword: null, key: null, parent: null });
  });

  it("never walks into data: enum, const, default and examples", () => {
    const schema = { enum: [{ properties: { x: {} } }], const: { items: {} }, default: { not: {} }, examples: [{ anyOf: [{}] }] };
    expect(paths(listSubschemas(schema))).toEqual([""]);
  });

  it("walks draft-07 tuple items and skips non-schema values", () => {
    const schema = { items: [{ type: "string" }, 3], properties: { a: "nope", b: {} }, dependencies: { a: ["b"], c: { required: ["a"] } } };
    expect(paths(listSubschemas(schema))).toEqual(["", "/items/0", "/properties/b", "/dependencies/c"]);
  });

  it("skips the children of a subschema when the visitor returns false", () => {
    const seen: string[] = [];
    walkSchema({ properties: { a: { properties: { deep: {} } }, b: {} } }, ({ path }) => {
      seen.push(path);
      return path !== "/properties/a";
    });
    expect(seen).toEqual(["", "/properties/a", "/properties/b"]);
  });

  it("does not loop on an object that contains itself", () => {
    const schema: { [key: string]: unknown } = { type: "object" };
    schema.properties = { self: schema };
    expect(paths(listSubschemas(schema))).toEqual(["", "/properties/self"]);
  });

  it("lists no subschemas for a boolean schema", () => {
    expect(subschemaEntries(true)).toEqual([]);
    expect(paths(listSubschemas(false))).toEqual([""]);
  });

  it("gives each visit a pointer that resolves to exactly that subschema", () => {
    fc.assert(
      fc.property(arbitrarySchema(), (schema) => {
        const visits = listSubschemas(schema);
        for (const visit of visits) expect(resolvePointer(schema, visit.path)).toBe(visit.schema);
        expect(new Set(paths(visits)).size).toBe(visits.length);
      }),
    );
  });
});

describe("SUBSCHEMA_KEYWORDS", () => {
  it("knows no keyword named like an Object.prototype member (a schema's own key 'constructor' holds no subschema)", () => {
    for (const name of ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"]) expect(SUBSCHEMA_KEYWORDS[name]).toBeUndefined();
    expect(subschemaEntries({ constructor: { type: "string" }, toString: [{}] } as JsonSchema)).toEqual([]);
  });
});
