import { describe, expect, it } from "vitest";
import { createReferenceAjv } from "../validators/ajv-validator.js";
import { toolShapedCases } from "./tool-shaped-corpus.js";

const ajv = createReferenceAjv();
const reference = (schema: object) => {
  const validate = ajv.compile(structuredClone(schema));
  return (value: unknown) => validate(value) === true;
};

describe("tool-shaped corpus", () => {
  const cases = toolShapedCases(7, 12, 4, reference);

  it("makes tool-sized object schemas, with nesting, enums, formats and arrays of objects", () => {
    expect(cases.length).toBeGreaterThan(8);
    for (const c of cases) {
      const size = Object.keys(c.schema.properties as object).length;
      expect(size).toBeGreaterThanOrEqual(5);
      expect(size).toBeLessThanOrEqual(30);
    }
    const text = JSON.stringify(cases.map((c) => c.schema));
    for (const feature of ['"enum"', '"format"', '"pattern"', '"items":{"type":"object"', '"uniqueItems"']) expect(text).toContain(feature);
  });

  it("keeps only values whose verdict the reference confirms", () => {
    for (const c of cases) {
      const isValid = reference(c.schema);
      expect(c.valid.every(isValid)).toBe(true);
      expect(c.invalid.some(isValid)).toBe(false);
    }
  });

  it("is the same for a seed and differs across seeds", () => {
    expect(toolShapedCases(7, 3, 2, reference)).toEqual(toolShapedCases(7, 3, 2, reference));
    expect(toolShapedCases(8, 3, 2, reference)).not.toEqual(toolShapedCases(7, 3, 2, reference));
  });
});
