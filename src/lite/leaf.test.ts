// Leaf schemas (scalar keywords only) compile to one inline-testable description instead of the
// general closures; both must give the same verdict and the same errors, in the same order.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compile, type LiteError } from "./index.js";

const errorsOf = (schema: unknown, value: unknown, allErrors: boolean): readonly LiteError[] | "valid" => {
  const result = compile(schema, { allErrors })(value);
  return result.valid ? "valid" : result.errors;
};

const typeNames = ["string", "number", "integer", "boolean", "null", "array", "object"];
const primitive = fc.oneof(
  fc.constantFrom("a", "bb", "😀", "", 0, 1, 2.5, -3, true, false, null),
  fc.string({ maxLength: 3 }),
  fc.integer({ min: -5, max: 5 }),
);
const leafSchema = fc.record(
  {
    type: fc.oneof(fc.constantFrom(...typeNames), fc.uniqueArray(fc.constantFrom(...typeNames), { minLength: 1, maxLength: 3 })),
    enum: fc.array(primitive, { minLength: 1, maxLength: 5 }),
    minLength: fc.nat(3),
    maxLength: fc.nat(4),
    pattern: fc.constantFrom("^a", "b", "[0-9]"),
    format: fc.constantFrom("date", "email"),
    minimum: fc.integer({ min: -3, max: 3 }),
    exclusiveMaximum: fc.integer({ min: -3, max: 6 }),
    multipleOf: fc.constantFrom(1, 2, 0.5),
    title: fc.constant("annotation"),
  },
  { requiredKeys: [] },
);
const schemaWithConst = fc.tuple(leafSchema, fc.option(primitive, { nil: undefined })).map(([schema, constant]) => {
  if (constant === undefined) return schema;
  const { enum: _, ...rest } = schema;
  return { ...rest, const: constant };
});
const value = fc.oneof(primitive, fc.jsonValue({ maxDepth: 1 }));

describe("leaf schemas", () => {
  it("report what the general compiler reports, in its order, with and without allErrors", () => {
    fc.assert(
      fc.property(schemaWithConst, value, fc.boolean(), (schema, data, allErrors) => {
        // `not: false` never fails, but makes the schema a non-leaf.
        expect(errorsOf(schema, data, allErrors)).toEqual(errorsOf({ ...schema, not: false }, data, allErrors));
      }),
      { numRuns: 2000 },
    );
  });

  it("are tested inline by their parent: properties, items and anyOf agree with the leaf alone", () => {
    fc.assert(
      fc.property(schemaWithConst, value, (schema, data) => {
        const alone = compile(schema)(data).valid;
        expect(compile({ properties: { p: schema } })({ p: data }).valid).toBe(alone);
        expect(compile({ items: schema })([data, data]).valid).toBe(alone);
        expect(compile({ anyOf: [schema, false] })(data).valid).toBe(alone);
      }),
    );
  });

  it("count as a level of nesting: past maxDepth they fail with maxDepth, like any child", () => {
    const schema = { properties: { a: { properties: { b: { type: "string" } } } } };
    const result = compile(schema, { maxDepth: 1 })({ a: { b: "x" } });
    expect(result.valid ? [] : result.errors.map((e) => [e.keyword, e.instancePath])).toEqual([["maxDepth", "/a/b"]]);
    expect(compile(schema, { maxDepth: 2 })({ a: { b: "x" } }).valid).toBe(true);
  });

  it("treat a value outside JSON like the general compiler does", () => {
    expect(compile({ minLength: 1 })(undefined).valid).toBe(true);
    expect(compile({ type: "string" })(undefined).valid).toBe(false);
    expect(compile({ enum: [1] })(undefined).valid).toBe(false);
  });
});
