import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { detectFeatures } from "./detect-features.js";
import { measureSchema } from "./measure-schema.js";
import { arbitrarySchema } from "./test-support/arbitrary-schema.js";

const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: "object", properties, ...extra });

describe("measureSchema", () => {
  it("measures nothing in a boolean schema", () => {
    expect(measureSchema(true)).toEqual({ propertyCount: 0, nestingDepth: 0, enumValueCount: 0, enumTotalLength: 0, optionalCount: 0, unionCount: 0 });
  });

  it("counts properties where they are declared, definitions once however often referenced", () => {
    const schema = object({ a: { $ref: "#/$defs/pair" }, b: { $ref: "#/$defs/pair" }, c: {} }, { $defs: { pair: object({ x: {}, y: {} }) } });
    expect(measureSchema(schema).propertyCount).toBe(5);
  });

  it("counts object levels, not subschema steps", () => {
    expect(measureSchema(object({ a: object({ b: object({ c: { type: "string" } }) }) })).nestingDepth).toBe(3);
    expect(measureSchema(object({ list: { type: "array", items: object({ x: {} }) } })).nestingDepth).toBe(2);
    expect(measureSchema(object({ either: { anyOf: [object({}), { type: "null" }] } })).nestingDepth).toBe(2);
    expect(measureSchema({ type: "array", items: { type: "string" } }).nestingDepth).toBe(0);
    expect(measureSchema({ properties: { a: { type: ["object", "null"], properties: {} } } }).nestingDepth).toBe(2);
  });

  it("follows $refs for depth, ignores unreferenced definitions, and does not unroll recursion", () => {
    const viaRef = object({ a: { $ref: "#/$defs/inner" } }, { $defs: { inner: object({ b: object({}) }), unused: object({ deep: object({ deeper: object({}) }) }) } });
    expect(measureSchema(viaRef).nestingDepth).toBe(3);
    const recursive = object({ children: { type: "array", items: { $ref: "#" } } });
    expect(measureSchema(recursive).nestingDepth).toBe(1);
    const list = object({ head: { $ref: "#/$defs/node" } }, { $defs: { node: object({ next: { anyOf: [{ $ref: "#/$defs/node" }, { type: "null" }] } }) } });
    expect(measureSchema(list).nestingDepth).toBe(2);
  });

  it("counts enum values and the code points of string values", () => {
    const schema = object({ a: { enum: ["x", "yy", 3, null] }, b: { enum: ["日本", "👍"] }, c: { const: "not counted" } });
    expect(measureSchema(schema)).toMatchObject({ enumValueCount: 6, enumTotalLength: 6 });
  });

  it("counts optional properties and union locations once each", () => {
    const schema = object(
      { a: { type: ["string", "null"] }, b: { type: ["string", "null"], anyOf: [{}, {}] }, c: { oneOf: [{}] }, d: { type: ["string"] } },
      { required: ["a"] },
    );
    expect(measureSchema(schema)).toMatchObject({ optionalCount: 3, unionCount: 3, propertyCount: 4 });
  });

  it("agrees with detectFeatures on optional properties and type unions, and always ends", () => {
    fc.assert(
      fc.property(arbitrarySchema(), (schema) => {
        const measures = measureSchema(schema);
        const uses = detectFeatures(schema);
        expect(measures.optionalCount).toBe(uses.filter((u) => u.feature === "optional").length);
        const unionPlaces = new Set(uses.filter((u) => ["type:union", "anyOf", "oneOf"].includes(u.feature)).map((u) => u.path));
        expect(measures.unionCount).toBe(unionPlaces.size);
        expect(Number.isInteger(measures.nestingDepth) && measures.nestingDepth >= 0).toBe(true);
      }),
    );
  });
});

describe("measureSchema on long ref chains", () => {
  it("measures a chain of 20,000 object definitions without overflowing the call stack", () => {
    const size = 20_000;
    const $defs = Object.fromEntries(
      Array.from({ length: size }, (_, index) => [`d${index}`, index + 1 < size ? { type: "object", properties: { next: { $ref: `#/$defs/d${index + 1}` } } } : { type: "string" }]),
    );
    expect(measureSchema({ type: "object", properties: { first: { $ref: "#/$defs/d0" } }, $defs }).nestingDepth).toBe(size);
  });
});
