import { describe, expect, it } from "vitest";
import { dataPath, formatErrors } from "./format-errors.js";
import { compile, type LiteError } from "./index.js";

const errorsOf = (schema: unknown, value: unknown): readonly LiteError[] => {
  const result = compile(schema)(value);
  return result.valid ? [] : result.errors;
};

describe("formatErrors", () => {
  const schema = {
    type: "object",
    properties: {
      date: { type: "string" },
      data: { type: "object", properties: { weight_kg: { type: "number" } } },
      items: { type: "array", items: { type: "object", properties: { qty: { type: "integer" } } } },
      "a b": { type: "string" },
      meal: { enum: ["desayuno", "cena"] },
    },
    required: ["date"],
    additionalProperties: false,
  };

  it("names each failing field by dotted path and reason, one per line", () => {
    const text = formatErrors(errorsOf(schema, { data: { weight_kg: "80" }, items: [{}, {}, { qty: 1.5 }], "a b": 1, meal: "DESAYUNO", extra: true }));
    expect(text.split("\n").sort()).toEqual(
      [
        "data.data.weight_kg: must be number",
        "data: must have required property 'date'",
        "data.items[2].qty: must be integer",
        'data["a b"]: must be string',
        'data.meal: must be equal to one of the allowed values: "desayuno", "cena"',
        'data: must NOT have additional properties ("extra")',
      ].sort(),
    );
  });

  it("says which property name failed", () => {
    expect(formatErrors(errorsOf({ propertyNames: { maxLength: 1 } }, { ab: 1 }))).toBe(
      'data (property name "ab"): must NOT have more than 1 characters\ndata: property name must be valid',
    );
  });

  it("is empty for no errors", () => {
    expect(formatErrors([])).toBe("");
  });
});

describe("dataPath", () => {
  it.each([
    ["", "data"],
    ["/weight_kg", "data.weight_kg"],
    ["/items/2/qty", "data.items[2].qty"],
    ["/a b", 'data["a b"]'],
    ["/a~1b/c~0d", 'data["a/b"]["c~d"]'],
    ["/$ok/_x1", "data.$ok._x1"],
    ["/1a", 'data["1a"]'],
  ])("%s → %s", (pointer, expected) => {
    expect(dataPath(pointer)).toBe(expected);
  });
});
