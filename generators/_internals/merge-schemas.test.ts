import { describe, expect, it } from "vitest";
import { mergeSchemaObjects, mergeSchemas } from "./merge-schemas.js";

describe("merging allOf parts", () => {
  it("intersects types, unions required, tightens bounds", () => {
    const { merged, residuals } = mergeSchemaObjects(
      { type: ["integer", "string"], required: ["a"], minimum: 1, maxLength: 9 },
      { type: "number", required: ["b"], minimum: 5, maximum: 10, maxLength: 4 },
    );
    expect(merged).toEqual({ type: ["integer"], required: ["a", "b"], minimum: 5, maximum: 10, maxLength: 4 });
    expect(residuals).toEqual([]);
  });

  it("folds properties of both sides and keeps a shared name as allOf", () => {
    const { merged } = mergeSchemaObjects({ properties: { a: { type: "string" } } }, { properties: { a: { minLength: 1 }, b: {} } });
    expect(merged).toEqual({ properties: { a: { allOf: [{ type: "string" }, { minLength: 1 }] }, b: {} } });
  });

  it("takes the exact lcm of two multipleOf steps", () => {
    expect(mergeSchemaObjects({ multipleOf: 0.2 }, { multipleOf: 0.3 }).merged).toEqual({ multipleOf: 0.6 });
  });

  it("reports contradictions as unsatisfiable", () => {
    expect(mergeSchemaObjects({ type: "string" }, { type: "number" }).merged).toBe(false);
    expect(mergeSchemaObjects({ const: 1 }, { const: 2 }).merged).toBe(false);
    expect(mergeSchemaObjects({ enum: [1, 2] }, { enum: [3] }).merged).toBe(false);
    expect(mergeSchemas(true, false).merged).toBe(false);
  });

  it("leaves names outside a closed object's reach to a residual filter", () => {
    const closed = { properties: { a: {} }, additionalProperties: false };
    const { merged, residuals } = mergeSchemaObjects(closed, { properties: { b: {} } });
    expect(merged).toEqual(closed);
    expect(residuals).toEqual([{ properties: { b: {} } }]);
  });

  it("folds items into the other side's prefixItems positions", () => {
    const { merged } = mergeSchemaObjects({ prefixItems: [{ type: "string" }] }, { items: { maxLength: 3 } });
    expect(merged).toEqual({ prefixItems: [{ allOf: [{ type: "string" }, { maxLength: 3 }] }], items: { maxLength: 3 } });
  });

  it("keeps two different patterns by filtering on the second", () => {
    const { merged, residuals } = mergeSchemaObjects({ pattern: "^a" }, { pattern: "b$" });
    expect(merged).toEqual({ pattern: "^a" });
    expect(residuals).toEqual([{ pattern: "b$" }]);
  });

  it("negates two nots as one not of anyOf", () => {
    expect(mergeSchemaObjects({ not: { const: 1 } }, { not: { const: 2 } }).merged).toEqual({ not: { anyOf: [{ const: 1 }, { const: 2 }] } });
  });
});
