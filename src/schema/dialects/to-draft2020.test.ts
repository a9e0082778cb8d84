import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createAjvValidator } from "../../validators/ajv-validator.js";
import type { Dialect } from "../../lite/dialect.js";
import type { JsonSchema } from "../types.js";
import { toDraft2020 } from "./to-draft2020.js";

const reference = createAjvValidator();
const verdict = (schema: JsonSchema, dialect: Dialect, value: unknown): boolean => {
  const result = reference.compile(schema as object, { dialect })(value);
  return typeof result === "boolean" ? result : result.valid;
};

describe("toDraft2020", () => {
  it("returns a 2020-12 schema untouched", () => {
    const schema = { type: "string" };
    expect(toDraft2020(schema, "draft2020-12")).toEqual({ schema, dialect: "draft2020-12", changes: [] });
  });

  it("reads draft-04's boolean exclusive bounds and id", () => {
    const { schema, changes } = toDraft2020({ id: "http://x.test/a.json#top", type: "number", maximum: 5, exclusiveMaximum: true, minimum: 1, exclusiveMinimum: false }, "draft4");
    expect(schema).toEqual({ $id: "http://x.test/a.json", $anchor: "top", type: "number", exclusiveMaximum: 5, minimum: 1 });
    expect(changes.map((change) => change.keyword).sort()).toEqual(["exclusiveMaximum", "exclusiveMinimum", "id"]);
  });

  it("drops what the source dialect never defined, with a note", () => {
    const { schema, changes } = toDraft2020({ const: 1, if: { type: "string" }, then: false }, "draft4");
    expect(schema).toEqual({});
    expect(changes.every((change) => change.kind === "dropped")).toBe(true);
    expect(toDraft2020({ if: { type: "string" }, then: false }, "draft6").schema).toEqual({});
    expect(toDraft2020({ if: { type: "string" }, then: false }, "draft7").schema).toEqual({ if: { type: "string" }, then: false });
  });

  it("turns tuple items and additionalItems into prefixItems and items, and follows $ref pointers into them", () => {
    const source = { items: [{ type: "string" }, { $ref: "#/items/0" }], additionalItems: { $ref: "#/definitions/n" }, definitions: { n: { type: "number" } } };
    expect(toDraft2020(source, "draft7").schema).toEqual({
      prefixItems: [{ type: "string" }, { $ref: "#/prefixItems/0" }],
      items: { $ref: "#/definitions/n" },
      definitions: { n: { type: "number" } },
    });
    expect(toDraft2020({ items: { type: "string" }, additionalItems: false }, "draft7").schema).toEqual({ items: { type: "string" } });
  });

  it("splits dependencies into dependentRequired and dependentSchemas", () => {
    const { schema } = toDraft2020({ dependencies: { a: ["b"], c: { required: ["d"] } } }, "draft7");
    expect(schema).toEqual({ dependentRequired: { a: ["b"] }, dependentSchemas: { c: { required: ["d"] } } });
  });

  it("keeps only $ref (and containers) where the dialect ignores $ref's siblings", () => {
    const source = { $ref: "#/definitions/a", type: "string", definitions: { a: { type: "integer" } } };
    expect(toDraft2020(source, "draft7").schema).toEqual({ $ref: "#/definitions/a", definitions: { a: { type: "integer" } } });
    expect(toDraft2020(source, "draft2019-09").schema).toEqual(source);
  });

  it("reads 2019-09's recursive references as dynamic ones", () => {
    const source = { $id: "http://x.test/tree", $recursiveAnchor: true, type: "object", properties: { kids: { type: "array", items: { $recursiveRef: "#" } } } };
    expect(toDraft2020(source, "draft2019-09").schema).toEqual({
      $id: "http://x.test/tree",
      $dynamicAnchor: "recursiveAnchor",
      type: "object",
      properties: { kids: { type: "array", items: { $dynamicRef: "#recursiveAnchor" } } },
    });
  });

  it("reads OpenAPI 3.0 (and Gemini's spelling of it)", () => {
    const source = {
      type: "OBJECT",
      properties: {
        n: { type: "integer", format: "int32", nullable: true, example: 3 },
        e: { type: "string", format: "enum", enum: ["a"] },
        k: { nullable: true },
        tags: { type: "array", items: { type: "string" }, minItems: "1" },
      },
      discriminator: { propertyName: "n" },
      propertyOrdering: ["n", "e"],
    };
    expect(toDraft2020(source, "openapi-3.0").schema).toEqual({
      type: "object",
      properties: {
        n: { type: ["integer", "null"], format: "int32", examples: [3] },
        e: { type: "string", enum: ["a"] },
        k: {},
        tags: { type: "array", items: { type: "string" }, minItems: 1 },
      },
    });
  });

  it("never mutates its input", () => {
    const source = { items: [{ type: "string" }], dependencies: { a: ["b"] }, exclusiveMaximum: true, maximum: 1 };
    const copy = structuredClone(source);
    toDraft2020(source, "draft4");
    expect(source).toEqual(copy);
  });
});

// The translation is right when 2020-12 (Ajv2020) on the translation agrees with the source dialect's
// own class (ajv-draft-04, Ajv's draft-07 class, Ajv2019) on the original, for every value.
const leaves = (dialect: Dialect): JsonSchema[] => [
  { type: "string" }, { type: "integer" }, { minimum: 2 }, { maxLength: 1 }, { const: 1 }, { enum: [1, "a", null] },
  ...(dialect === "draft4" ? [{}, { not: {} }] : [true, false]),
];
const bound = fc.integer({ min: -3, max: 3 });
const numberBounds = (dialect: Dialect) =>
  dialect === "draft4"
    ? fc
        .tuple(fc.option(fc.record({ maximum: bound, exclusiveMaximum: fc.boolean() }, { requiredKeys: ["maximum"] })), fc.option(fc.record({ minimum: bound, exclusiveMinimum: fc.boolean() }, { requiredKeys: ["minimum"] })))
        .map(([upper, lower]) => ({ ...upper, ...lower }))
    : fc.record({ maximum: bound, exclusiveMaximum: bound, minimum: bound, exclusiveMinimum: bound }, { requiredKeys: [] });
const draftSchema = (dialect: Dialect) =>
  fc.letrec<{ node: JsonSchema }>((tie) => ({
    node: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.constantFrom(...leaves(dialect)),
      numberBounds(dialect).map((bounds) => bounds as JsonSchema),
      fc.record({ items: fc.array(tie("node"), { minLength: 1, maxLength: 3 }), additionalItems: tie("node") }, { requiredKeys: ["items"] }).map((s) => s as JsonSchema),
      fc.record({ dependencies: fc.dictionary(fc.constantFrom("a", "b"), fc.oneof(fc.constant(["b"]), tie("node")), { maxKeys: 2 }) }).map((s) => s as JsonSchema),
      fc.record({ properties: fc.dictionary(fc.constantFrom("a", "b"), tie("node"), { maxKeys: 2 }), required: fc.constantFrom(["a"], ["b"]) }, { requiredKeys: ["properties"] }).map((s) => s as JsonSchema),
      fc.record({ if: tie("node"), then: tie("node"), else: tie("node") }, { requiredKeys: ["if"] }).map((s) => s as JsonSchema),
      // Only a bare $ref: Ajv applies $ref's siblings in every draft, which drafts 4-7 ignore (a known divergence).
      fc.constant<JsonSchema>({ $ref: "#/definitions/d" }),
      fc.record({ anyOf: fc.array(tie("node"), { minLength: 1, maxLength: 2 }) }).map((s) => s as JsonSchema),
    ),
  })).node.map((node) => (typeof node === "object" ? { ...node, definitions: { d: { type: "integer", minimum: 0 } } } : node));
const value = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom(null, true, 0, 1, 2, 3, -1, 2.5, "", "a", "ab"),
    fc.array(tie("v"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom("a", "b", "c"), tie("v"), { maxKeys: 3 }),
  ),
}));

describe("toDraft2020 agrees with each dialect's own reading (property)", () => {
  for (const dialect of ["draft4", "draft6", "draft7", "draft2019-09"] as const) {
    it(`${dialect}: Ajv2020 on the translation = the ${dialect} class on the original`, () => {
      fc.assert(
        fc.property(draftSchema(dialect), fc.array(value.v, { minLength: 1, maxLength: 6 }), (schema, values) => {
          const translated = toDraft2020(schema, dialect).schema;
          for (const v of values) expect(verdict(translated, "draft2020-12", v), JSON.stringify({ schema, translated, v })).toBe(verdict(schema, dialect, v));
        }),
        { numRuns: 150, seed: 7 },
      );
    });
  }
});
