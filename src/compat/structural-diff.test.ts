import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validValue } from "../../generators/valid-value.js";
import type { JsonSchema } from "../schema/types.js";
import { compileReferenceCheck } from "./reference-check.js";
import { diffStructure } from "./structural-diff.js";

const found = (source: JsonSchema, target: JsonSchema) => diffStructure(source, target).map((c) => `${c.topic} ${c.path}`);

describe("diffStructure: narrowings from source to target, read side by side", () => {
  it("finds each narrowing at the keyword's path", () => {
    const source = {
      type: "object",
      properties: {
        unit: { type: "string" },
        kcal: { type: ["number", "null"], minimum: 0 },
        meal: { enum: ["desayuno", "cena"] },
        note: { type: "string", maxLength: 280 },
        tags: { type: "array", items: { type: "string" } },
        legacy: { type: "boolean" },
      },
      additionalProperties: false,
    };
    const target = {
      type: "object",
      properties: {
        unit: { type: "string", format: "email" },
        kcal: { type: "number", exclusiveMinimum: 0 },
        meal: { enum: ["desayuno"] },
        note: { type: "string", maxLength: 100, pattern: "^[a-z]" },
        tags: { type: "array", items: { type: "string", minLength: 1 }, uniqueItems: true },
      },
      required: ["unit"],
      additionalProperties: false,
    };
    expect(found(source, target).sort()).toEqual(
      [
        "required /required",
        "property-removed /properties/legacy",
        "format /properties/unit/format",
        "type /properties/kcal/type",
        "bound /properties/kcal/exclusiveMinimum",
        "enum /properties/meal/enum",
        "length /properties/note/maxLength",
        "pattern /properties/note/pattern",
        "unique-items /properties/tags/uniqueItems",
        "length /properties/tags/items/minLength",
      ].sort(),
    );
  });

  it("reports nothing for widenings", () => {
    const source = { type: "object", properties: { a: { type: "integer", maximum: 5 }, b: { enum: [1] } }, required: ["a", "b"], additionalProperties: false };
    const target = { type: "object", properties: { a: { type: ["number", "null"] }, b: { enum: [1, 2] }, c: { type: "string" } }, required: ["a"] };
    expect(found(source, target)).toEqual([]);
  });

  it("compares $defs by name and reports a $ref that lands elsewhere, without following it", () => {
    const source = { properties: { w: { $ref: "#/$defs/kg" } }, $defs: { kg: { maximum: 400 }, lb: { maximum: 900 } } };
    const target = { properties: { w: { $ref: "#/$defs/lb" } }, $defs: { kg: { maximum: 300 }, lb: { maximum: 900 } } };
    const candidates = diffStructure(source, target);
    expect(candidates.map((c) => `${c.topic} ${c.path}`)).toEqual(["ref /properties/w/$ref", "bound /$defs/kg/maximum"]);
    expect(candidates[0]!.witnessPaths).toContain("/$defs/lb");
  });

  it("does not pair alternatives by index once the lists differ in length", () => {
    const source = { anyOf: [{ type: "string", maxLength: 3 }, { type: "integer" }] };
    const target = { anyOf: [{ type: "integer" }] };
    expect(found(source, target)).toEqual(["branch-removed /anyOf/0"]);
  });

  it("reports a subschema set to false and a new assertion", () => {
    expect(found({ properties: { a: { type: "string" } } }, { properties: { a: false }, not: { required: ["b"] } }).sort()).toEqual(
      ["assertion-added /not", "schema-false /properties/a"].sort(),
    );
  });

  it("a property declared on an open object narrows what could sit under its name", () => {
    expect(found({ type: "object" }, { type: "object", properties: { unit: { type: "string" } } })).toEqual(["property-added /properties/unit"]);
    expect(found({ type: "object" }, { type: "object", properties: { unit: { description: "anything" } } })).toEqual([]);
  });
});

describe("focuses: each steers the search to values the source accepts and the change may reject", () => {
  const source = {
    type: "object",
    properties: { unit: { type: "string" }, grams: { type: "integer", minimum: 1, maximum: 5000 }, meal: { enum: ["a", "b", "c"] } },
    required: ["grams", "meal"],
  };
  const target = {
    type: "object",
    properties: { unit: { type: "string" }, grams: { type: "integer", minimum: 1, maximum: 2000 }, meal: { enum: ["a"] } },
    required: ["grams", "meal", "unit"],
    additionalProperties: false,
  };
  const candidates = diffStructure(source, target).filter((c) => c.focus !== undefined);
  const [accepts, rejects] = [compileReferenceCheck(source), compileReferenceCheck(target)];

  it("has a focus for required, bound, enum and additionalProperties", () => {
    expect(candidates.map((c) => c.topic).sort()).toEqual(["additional-properties", "bound", "enum", "required"]);
  });

  for (const candidate of candidates) {
    it(`${candidate.topic}: every focused value is accepted by the source and rejected by the target`, () => {
      fc.assert(
        fc.property(validValue(candidate.focus!.root), (value) => accepts(value).valid && !rejects(value).valid),
        { seed: 3, numRuns: 100 },
      );
    });
  }
});
