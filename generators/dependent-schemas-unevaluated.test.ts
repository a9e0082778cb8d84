// Regression: Ajv 8.20 reports names declared in `properties` as unevaluated when the schema also
// has dependentSchemas and a trigger is absent. The spec (and lite) accept; the generator's checker
// reads dependentSchemas as the equivalent allOf/if/then so filters follow the spec, and the law
// tests adjudicate this rejection as a known Ajv divergence. If this test fails on the first
// expectation, Ajv has fixed it and the adjudication can go.
import Ajv2020Module from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { createSchemaChecker } from "./_internals/schema-checker.js";
import { createJudge } from "./test-support/reference-judge.js";

const schema = {
  type: "object",
  properties: { a: {}, b: {} },
  dependentSchemas: { c: { properties: { a: { not: { const: 1 } } } } },
  unevaluatedProperties: false,
};
const value = { a: 2, b: 0 };

describe("dependentSchemas with unevaluatedProperties", () => {
  it("is rejected by Ajv 8.20 although every property is declared", () => {
    const ajv = new Ajv2020Module.default({ strict: false, logger: false });
    expect(ajv.compile(schema)(value)).toBe(false);
  });

  it("is accepted by the spec checker, lite, and adjudicated as a known divergence", () => {
    expect(createSchemaChecker(schema).accepts(schema, value)).toBe(true);
    const verdict = createJudge(schema)(value);
    expect(verdict.lite).toBe(true);
    expect(verdict.divergence).toBe("dependentSchemas-unevaluated");
  });

  it("still applies the dependent schema when its trigger is present", () => {
    expect(createSchemaChecker(schema).accepts(schema, { a: 1, c: true })).toBe(false);
    expect(createSchemaChecker(schema).accepts(schema, { a: 2, c: true })).toBe(false); // c itself is unevaluated
  });
});
