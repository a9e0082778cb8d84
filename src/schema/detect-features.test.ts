import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { detectFeatures, featureIdsOf, findRecursiveRefs, otherKeywordsOf } from "./detect-features.js";
import { isFeatureId } from "./features.js";
import { resolvePointer } from "./json-pointer.js";
import { arbitrarySchema } from "./test-support/arbitrary-schema.js";
import type { FeatureUse, JsonSchema } from "./types.js";
import { isSchema } from "./walk-schema.js";

const use = (feature: string, path: string): FeatureUse => ({ feature, path });
const usesOf = (schema: JsonSchema, prefix: string): FeatureUse[] => detectFeatures(schema).filter((u) => u.feature.startsWith(prefix));

describe("detectFeatures", () => {
  it("lists each use with the schema location, optional properties at their own path", () => {
    const schema = {
      type: "object",
      properties: {
        date: { type: "string", format: "date" },
        data: {
          type: "object",
          properties: { weight_kg: { type: "number", minimum: 20 }, body_fat_pct: { type: ["number", "null"] } },
          required: ["weight_kg"],
          additionalProperties: false,
        },
      },
      required: ["date", "data"],
    };
    expect(detectFeatures(schema)).toEqual([
      use("type:object", ""),
      use("properties", ""),
      use("required", ""),
      use("type:string", "/properties/date"),
      use("format:date", "/properties/date"),
      use("type:object", "/properties/data"),
      use("properties", "/properties/data"),
      use("optional", "/properties/data/properties/body_fat_pct"),
      use("required", "/properties/data"),
      use("additionalProperties:false", "/properties/data"),
      use("type:number", "/properties/data/properties/weight_kg"),
      use("minimum", "/properties/data/properties/weight_kg"),
      use("type:number", "/properties/data/properties/body_fat_pct"),
      use("type:null", "/properties/data/properties/body_fat_pct"),
      use("type:union", "/properties/data/properties/body_fat_pct"),
    ]);
  });

  it("treats every property as optional when there is no required list", () => {
    expect(usesOf({ type: "object", properties: { "a/b": {}, c: {} } }, "optional")).toEqual([
      use("optional", "/properties/a~1b"),
      use("optional", "/properties/c"),
    ]);
  });

  it("skips property values that are not schemas", () => {
    expect(usesOf({ type: "object", properties: { bad: "string", good: {} } }, "optional")).toEqual([use("optional", "/properties/good")]);
  });

  it("does not count a one-type array as a union", () => {
    expect(featureIdsOf({ type: "object", properties: { x: { type: ["string"] } }, required: ["x"] })).not.toContain("type:union");
    expect(featureIdsOf({ type: "object", properties: { x: { type: ["string", "string"] } }, required: ["x"] })).not.toContain("type:union");
  });

  it("names the three kinds of additionalProperties", () => {
    const schema = {
      type: "object",
      properties: { f: { additionalProperties: false }, t: { additionalProperties: true }, s: { additionalProperties: { type: "string" } } },
    };
    expect(usesOf(schema, "additionalProperties")).toEqual([
      use("additionalProperties:false", "/properties/f"),
      use("additionalProperties:true", "/properties/t"),
      use("additionalProperties:schema", "/properties/s"),
    ]);
  });

  it("maps formats to their ids and unknown formats to format:other", () => {
    const schema = { type: "object", properties: { e: { format: "email" }, x: { format: "int64" } }, required: ["e", "x"] };
    expect(usesOf(schema, "format")).toEqual([use("format:email", "/properties/e"), use("format:other", "/properties/x")]);
  });

  it("reports one contains and one if-then-else per location, whichever keywords spell them", () => {
    const schema = { type: "object", properties: { a: { contains: {}, minContains: 1, maxContains: 2 }, b: { if: {}, then: {}, else: {} } } };
    expect(usesOf(schema, "contains")).toEqual([use("contains", "/properties/a")]);
    expect(usesOf(schema, "if-then-else")).toEqual([use("if-then-else", "/properties/b")]);
  });

  it("counts a keyword as used even when its value makes it a no-op", () => {
    expect(featureIdsOf({ type: "object", properties: { t: { uniqueItems: false } }, required: [] })).toEqual([
      "type:object",
      "properties",
      "optional",
      "required",
      "uniqueItems",
      "type:any",
    ]);
  });

  it("reads property names as names, never as keywords", () => {
    const schema = { type: "object", properties: { enum: { type: "string" }, format: {}, $ref: {} }, required: ["enum", "format", "$ref"] };
    expect(featureIdsOf(schema)).toEqual(["type:object", "properties", "required", "type:string", "type:any"]);
  });

  it("flags a value schema that names no type as type:any, not the root or a refining subschema", () => {
    const schema = {
      type: "object",
      properties: { any: {}, note: { description: "free" }, tag: { enum: ["a"] }, ref: { $ref: "#/$defs/d" }, one: { anyOf: [{ minimum: 1 }, { type: "string" }] } },
      additionalProperties: {},
      not: { required: ["x"] },
      if: { properties: { kind: { const: "a" } } },
      then: { required: ["tag"] },
      $defs: { d: { minLength: 1 } },
    };
    expect(detectFeatures(schema).filter((entry) => entry.feature === "type:any").map((entry) => entry.path)).toEqual([
      "/properties/any",
      "/properties/note",
      "/additionalProperties",
      "/$defs/d",
    ]);
    expect(featureIdsOf({ properties: {} })).not.toContain("type:any");
  });

  it("flags keywords outside the taxonomy as keyword:other, once per schema, never taxonomy or definitions keywords", () => {
    const schema = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $id: "https://example.com/s",
      type: "object",
      properties: { a: { type: "string", "x-unit": "kg", nullable: true }, b: { type: "integer", minimum: 1 } },
      definitions: { d: { type: "string" } },
    };
    expect(detectFeatures(schema).filter((entry) => entry.feature === "keyword:other")).toEqual([use("keyword:other", ""), use("keyword:other", "/properties/a")]);
    expect(otherKeywordsOf(schema)).toEqual(["$schema", "$id"]);
    expect(otherKeywordsOf(schema.properties.a)).toEqual(["x-unit", "nullable"]);
  });

  it("ignores schema-looking data inside enum, const, default and examples", () => {
    const schema = { type: "array", enum: [{ format: "date" }], const: { $ref: "#" }, default: [{ oneOf: [] }], examples: [] };
    expect(featureIdsOf(schema)).toEqual(["root:non-object", "type:array", "enum", "const", "default", "examples"]);
  });

  it("flags a root that is not type object", () => {
    for (const root of [true, false, { type: "array" }, { type: ["object", "null"] }, { properties: {} }, { $ref: "#/$defs/o", $defs: { o: { type: "object" } } }]) {
      expect(detectFeatures(root)[0]).toEqual(use("root:non-object", ""));
    }
    expect(featureIdsOf({ type: "object" })).toEqual(["type:object"]);
  });
});

describe("detectFeatures on references", () => {
  const tree = {
    type: "object",
    properties: {
      tree: { $ref: "#/$defs/node" },
      label: { $ref: "#/$defs/leaf", description: "fine beside a ref" },
      short: { $ref: "#/$defs/leaf", maxLength: 3 },
      remote: { $ref: "https://example.com/money.json" },
    },
    required: ["tree", "label", "short", "remote"],
    $defs: {
      node: { type: "object", properties: { children: { type: "array", items: { $ref: "#/$defs/node" } } }, required: ["children"] },
      leaf: { type: "string" },
    },
  };

  it("marks local refs, recursive refs and refs with non-annotation siblings", () => {
    expect(usesOf(tree, "$ref")).toEqual([
      use("$ref:local", "/properties/tree"),
      use("$ref:local", "/properties/label"),
      use("$ref:local", "/properties/short"),
      use("$ref:siblings", "/properties/short"),
      use("$ref:local", "/$defs/node/properties/children/items"),
      use("$ref:recursive", "/$defs/node/properties/children/items"),
    ]);
  });

  it("finds recursion through other definitions, but not a ref that only enters a cycle", () => {
    const mutual = {
      $ref: "#/$defs/a",
      $defs: { a: { properties: { b: { $ref: "#/$defs/b" } } }, b: { properties: { a: { $ref: "#/$defs/a" } } } },
    };
    expect([...findRecursiveRefs(mutual)]).toEqual(["/$defs/a/properties/b", "/$defs/b/properties/a"]);
  });

  it("finds recursion to the root and through an $anchor", () => {
    expect([...findRecursiveRefs({ type: "object", properties: { next: { $ref: "#" } } })]).toEqual(["/properties/next"]);
    const anchored = { $defs: { node: { $anchor: "node", properties: { next: { $ref: "#node" } } } } };
    expect([...findRecursiveRefs(anchored)]).toEqual(["/$defs/node/properties/next"]);
  });

  it("treats a ref to an $id declared in the document as local", () => {
    const schema = { $id: "https://example.com/root.json", type: "object", properties: { a: { $ref: "https://example.com/root.json#/$defs/x" } }, required: ["a"], $defs: { x: {} } };
    expect(usesOf(schema, "$ref")).toEqual([use("$ref:local", "/properties/a")]);
  });
});

describe("detectFeatures properties", () => {
  it("gives paths that resolve to subschemas, only taxonomy ids, the same answer twice, and leaves the schema alone", () => {
    fc.assert(
      fc.property(arbitrarySchema(), (schema) => {
        const before = structuredClone(schema);
        const uses = detectFeatures(schema);
        for (const { feature, path } of uses) {
          expect(isFeatureId(feature)).toBe(true);
          expect(isSchema(resolvePointer(schema, path))).toBe(true);
        }
        expect(detectFeatures(schema)).toEqual(uses);
        expect(schema).toEqual(before);
        expect(new Set(uses.map((u) => `${u.feature} ${u.path}`)).size).toBe(uses.length);
      }),
    );
  });
});
