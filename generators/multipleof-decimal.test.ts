// Regression: multipleOf is exact on decimals. Ajv divides in binary floating point and rejects
// 19.99 for multipleOf 0.01 (known-divergences.md); the generator must still produce such values,
// never 306.09000000000003, and its checker must judge them valid.
import fc from "fast-check";
import Ajv2020Module from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { createSchemaChecker } from "./_internals/schema-checker.js";
import { validValue } from "./valid-value.js";

const schema = { type: "number", multipleOf: 0.01 };

describe("multipleOf 0.01", () => {
  it("is judged exactly by the generator's checker where Ajv is wrong", () => {
    const ajv = new Ajv2020Module.default({ strict: false, logger: false });
    const checker = createSchemaChecker(schema);
    for (const value of [19.99, 4.35, 591.32]) {
      expect(ajv.compile(schema)(value)).toBe(false);
      expect(checker.accepts(schema, value)).toBe(true);
    }
    expect(ajv.compile(schema)(787.6700000000001)).toBe(true);
    expect(checker.accepts(schema, 787.6700000000001)).toBe(false);
  });

  it("yields two-decimal values only", () => {
    for (const value of fc.sample(validValue(schema), { numRuns: 2000, seed: 4 }) as number[]) {
      expect(String(value)).toMatch(/^-?\d+(\.\d{1,2})?$/);
    }
  });
});
