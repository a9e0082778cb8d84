import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../src/schema/types.js";
import { canonicalJson } from "./_internals/canonical-json.js";
import { codePointLength } from "./_internals/string-schema-to-arbitrary.js";
import { expectAllValid, expectSameSeedSameValues, nestingDepth } from "./test-support/laws.js";
import { createJudge } from "./test-support/reference-judge.js";
import { GenerationExhaustedError, UnsatisfiableSchemaError, validValue, validValueStats } from "./valid-value.js";

const sample = (schema: JsonSchema, numRuns = 300, seed = 7) => fc.sample(validValue(schema), { numRuns, seed });
const sampleValid = (schema: JsonSchema, numRuns = 300) => {
  const values = sample(schema, numRuns);
  expectAllValid(values, createJudge(schema), JSON.stringify(schema));
  return values;
};

describe("validValue: numbers", () => {
  it("builds exact multiples of 0.01 (19.99, never 306.09000000000003)", () => {
    const values = sampleValid({ type: "number", multipleOf: 0.01, minimum: 0, maximum: 1000 }, 1000) as number[];
    for (const value of values) expect(String(value)).toMatch(/^\d+(\.\d{1,2})?$/);
  });

  it("honours exclusive bounds and integer multiples", () => {
    const values = sampleValid({ type: "integer", exclusiveMinimum: 0, exclusiveMaximum: 10, multipleOf: 3 }) as number[];
    expect(new Set(values)).toEqual(new Set([3, 6, 9]));
  });

  it("gives decimals, whole numbers and other doubles for an unconstrained number", () => {
    const values = sampleValid({ type: "number" }, 500) as number[];
    expect(values.some((v) => Number.isInteger(v))).toBe(true);
    expect(values.some((v) => !Number.isInteger(v))).toBe(true);
  });
});

describe("validValue: strings", () => {
  it("counts length in code points and sometimes uses astral characters", () => {
    const values = sampleValid({ type: "string", minLength: 3, maxLength: 5 }, 500) as string[];
    for (const value of values) expect(codePointLength(value)).toBeGreaterThanOrEqual(3);
    expect(values.some((value) => value.length > codePointLength(value))).toBe(true);
  });

  it("combines a pattern with length bounds", () => {
    const values = sampleValid({ type: "string", pattern: "^[a-z]+$", minLength: 4, maxLength: 6 }) as string[];
    for (const value of values) expect(value).toMatch(/^[a-z]{4,6}$/);
  });

  it("produces every supported format", () => {
    for (const format of ["date", "time", "date-time", "duration", "email", "hostname", "ipv4", "ipv6", "uuid", "uri", "uri-reference", "json-pointer", "regex"]) {
      sampleValid({ type: "string", format }, 100);
    }
  });
});

describe("validValue: objects", () => {
  it("honours minProperties when every property is optional (json-schema-faker throws there)", () => {
    const schema = { type: "object", properties: { a: { type: "string" }, b: { type: "integer" }, c: { type: "boolean" } }, minProperties: 2, additionalProperties: false };
    for (const value of sampleValid(schema) as object[]) expect(Object.keys(value).length).toBeGreaterThanOrEqual(2);
  });

  it("sometimes leaves optional properties out and sometimes adds undeclared ones", () => {
    const values = sampleValid({ type: "object", properties: { a: { type: "string" } }, additionalProperties: { type: "integer" } }, 400) as Record<string, unknown>[];
    expect(values.some((v) => !("a" in v))).toBe(true);
    expect(values.some((v) => "a" in v)).toBe(true);
    expect(values.some((v) => Object.keys(v).some((k) => k !== "a"))).toBe(true);
  });

  it("honours dependentRequired, dependentSchemas, propertyNames and patternProperties", () => {
    sampleValid({
      type: "object",
      properties: { card: { type: "string" }, billing: { type: "string" }, kind: { enum: ["a", "b"] } },
      dependentRequired: { card: ["billing"] },
      dependentSchemas: { kind: { properties: { billing: { minLength: 2 } }, required: ["billing"] } },
      propertyNames: { pattern: "^[a-z_]+$" },
      patternProperties: { "^x_": { type: "integer" } },
    });
  });

  it("makes __proto__ an own property, never a prototype change", () => {
    // JSON.parse, not a literal: in a literal `__proto__:` sets the prototype.
    const schema = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"]}');
    const values = sampleValid(schema, 50) as object[];
    for (const value of values) {
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      expect(Object.keys(value)).toContain("__proto__");
    }
  });
});

describe("validValue: arrays", () => {
  it("keeps items unique under JSON equality (key order and 1 vs 1.0 do not count)", () => {
    const schema = { type: "array", items: { enum: [1, 1.0, { a: 1, b: 2 }, { b: 2, a: 1 }, "x"] }, uniqueItems: true, minItems: 2 };
    for (const value of sampleValid(schema) as unknown[][]) expect(new Set(value.map(canonicalJson)).size).toBe(value.length);
  });

  it("builds contains with minContains and maxContains", () => {
    const schema = { type: "array", items: { type: "integer", minimum: 0, maximum: 9 }, contains: { const: 7 }, minContains: 2, maxContains: 3 };
    for (const value of sampleValid(schema) as number[][]) expect(value.filter((v) => v === 7).length).toBeGreaterThanOrEqual(2);
  });

  it("leaves misses out when every item matches contains", () => {
    const schema = { type: "array", items: { const: 1 }, contains: { const: 1 }, maxContains: 2 };
    for (const value of sampleValid(schema) as number[][]) expect(value.length).toBeLessThanOrEqual(2);
  });

  it("fills prefixItems positions and stops where items is false", () => {
    sampleValid({ type: "array", prefixItems: [{ type: "string" }, { type: "integer" }], items: false, minItems: 1 });
  });
});

describe("validValue: composition and references", () => {
  it("matches exactly one oneOf branch", () => {
    sampleValid({ oneOf: [{ type: "integer", multipleOf: 2 }, { type: "integer", multipleOf: 3 }] }, 500);
  });

  it("handles not, if/then/else, anyOf and allOf", () => {
    sampleValid({ type: "string", not: { enum: ["a", "b"] }, minLength: 1, maxLength: 1 });
    sampleValid({
      type: "object",
      properties: { country: { enum: ["ES", "US"] }, vat: { type: "string" } },
      required: ["country"],
      if: { properties: { country: { const: "ES" } } },
      then: { required: ["vat"] },
      else: { not: { required: ["vat"] } },
    });
    sampleValid({ anyOf: [{ type: "string", maxLength: 2 }, { type: "null" }] });
    sampleValid({ allOf: [{ type: "integer", minimum: 3 }, { maximum: 5 }, { not: { const: 4 } }] });
  });

  it("resolves $defs, $anchor and $ref with siblings", () => {
    sampleValid({ $defs: { id: { $anchor: "id", type: "string", pattern: "^id_[0-9]{3}$" } }, type: "object", properties: { a: { $ref: "#id" }, b: { $ref: "#/$defs/id", maxLength: 6 } }, required: ["a", "b"] });
  });

  it("bounds recursion by maxDepth, choosing the non-recursive alternative", () => {
    const tree = { $defs: { node: { type: "object", properties: { name: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/node" } } }, required: ["name"] } }, $ref: "#/$defs/node" };
    const values = fc.sample(validValue(tree, { maxDepth: 3 }), { numRuns: 300, seed: 3 });
    expectAllValid(values, createJudge(tree), "tree");
    // Each tree level is an object holding an array: maxDepth 3 allows three free levels, then one minimal object.
    for (const value of values) expect(nestingDepth(value)).toBeLessThanOrEqual(4);
    expect(values.some((value) => nestingDepth(value) >= 3)).toBe(true);
  });
});

describe("validValue: failures are values or named errors", () => {
  it("says a schema is unsatisfiable when it is", () => {
    expect(() => validValue(false)).toThrow(UnsatisfiableSchemaError);
    expect(() => validValue({ type: "string", minLength: 3, maxLength: 2 })).toThrow(UnsatisfiableSchemaError);
    expect(() => validValue({ allOf: [{ type: "string" }, { type: "number" }] })).toThrow(UnsatisfiableSchemaError);
    expect(() => validValue({ type: "object", properties: { a: false }, required: ["a"] })).toThrow(UnsatisfiableSchemaError);
  });

  it("gives up a bounded filter with a named error instead of looping", () => {
    const arbitrary = validValue({ type: "integer", minimum: 0, maximum: 1000, not: { minimum: 2 } }, { maxRejections: 3 });
    expect(() => fc.sample(arbitrary, { numRuns: 200, seed: 1 })).toThrow(GenerationExhaustedError);
    expect(validValueStats(arbitrary)?.rejected).toBeGreaterThan(0);
  });

  it("compiles once per schema and constraints", () => {
    const schema = { type: "string" };
    expect(validValue(schema)).toBe(validValue(schema));
    expect(validValue(schema, { maxDepth: 2 })).not.toBe(validValue(schema));
    expectSameSeedSameValues(validValue(schema), 42);
  });
});
