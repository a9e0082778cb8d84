// Lite's errors compare field by field with Ajv's (allErrors, draft 2020-12): same instancePath,
// keyword and params for the same failures, in any order. Known, deliberate differences (exact
// multipleOf, own-property `required`, format details) are left out of the generated schemas.
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compile } from "./index.js";

const ajv = new Ajv2020.default({ allErrors: true, strict: false });
addFormats.default(ajv);

interface Comparable {
  readonly instancePath: string;
  readonly keyword: string;
  readonly params: unknown;
}

const comparable = (errors: readonly Comparable[] | null | undefined): string[] =>
  (errors ?? []).map(({ instancePath, keyword, params }) => JSON.stringify({ instancePath, keyword, params })).sort();

function verdicts(schema: unknown, value: unknown) {
  const validateAjv = ajv.compile(schema as object);
  const ajvValid = validateAjv(value);
  const lite = compile(schema)(value);
  return {
    ajv: { valid: ajvValid, errors: comparable(validateAjv.errors) },
    lite: { valid: lite.valid, errors: comparable(lite.valid ? [] : lite.errors) },
  };
}

const TOOL_SCHEMA = {
  type: "object",
  properties: {
    date: { type: "string", format: "date" },
    weight_kg: { type: "number", minimum: 20, maximum: 400 },
    meal: { type: "string", enum: ["desayuno", "almuerzo", "cena"] },
    tags: { type: "array", items: { type: "string", minLength: 1, maxLength: 5 }, uniqueItems: true, maxItems: 3 },
    items: { type: "array", items: { type: "object", properties: { qty: { type: "integer", exclusiveMinimum: 0 } }, required: ["qty"], additionalProperties: false } },
    contact: { anyOf: [{ type: "string", pattern: "^\\+?[0-9 ]+$" }, { type: "null" }] },
    kind: { oneOf: [{ const: "a" }, { const: "b" }, { type: "integer" }] },
    card: { type: "object", dependentRequired: { number: ["cvc"] }, propertyNames: { pattern: "^[a-z]+$" } },
  },
  required: ["date", "meal"],
  additionalProperties: false,
};

describe("errors equal Ajv's", () => {
  it.each([
    [{ date: "2024-01-01", meal: "cena" }],
    [{}],
    [{ date: "2024-13-01", meal: " desayuno ", weight_kg: "75,5" }],
    [{ date: "2024-01-01", meal: "DESAYUNO", weight_kg: null, extra: 1 }],
    [{ date: "x", meal: "cena", tags: ["a", "a", "", "toolong", 3] }],
    [{ date: "2024-01-01", meal: "cena", items: [{ qty: 1 }, { qty: 0 }, { qty: 1.5, note: "" }, {}] }],
    [{ date: "2024-01-01", meal: "cena", contact: 5, kind: 3.5 }],
    [{ date: "2024-01-01", meal: "cena", kind: "c", card: { number: 1, Bad: 2 } }],
    [[]],
    ["text"],
    [null],
  ])("on a tool schema: %j", (value) => {
    const { ajv: reference, lite } = verdicts(TOOL_SCHEMA, value);
    expect(lite).toEqual(reference);
  });

  it.each([
    [{ type: ["string", "number"] }, null],
    [{ contains: { type: "string" }, minContains: 2 }, [1, "a"]],
    [{ contains: { type: "string" }, maxContains: 1 }, ["a", "b", 1]],
    [{ if: { type: "string" }, then: { minLength: 3 }, else: { minimum: 3 } }, 1],
    [{ not: { type: "number" } }, 2],
    [{ prefixItems: [true], items: false }, [1, 2, 3]],
    [{ unevaluatedProperties: false, properties: { a: true } }, { a: 1, b: 2, c: 3 }],
    [{ unevaluatedItems: false, prefixItems: [true] }, [1, 2, 3]],
    [{ minProperties: 2, maxProperties: 0 }, { a: 1 }],
    [{ dependentSchemas: { a: { required: ["b"] } } }, { a: 1 }],
    [{ $defs: { x: { type: "string" } }, properties: { p: { $ref: "#/$defs/x" } } }, { p: 1 }],
    [{ items: { $ref: "#/$defs/n" }, $defs: { n: { type: "integer", multipleOf: 3 } } }, [3, 4, "x"]],
    [{ const: { a: [1, 2] } }, { a: [1, 3] }],
  ])("on %j with %j", (schema, value) => {
    const { ajv: reference, lite } = verdicts(schema, value);
    expect(lite).toEqual(reference);
  });
});

// Schemas over the keywords whose semantics lite and Ajv share exactly.
const schemaArbitrary: fc.Arbitrary<unknown> = fc.letrec<{ schema: unknown }>((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom({ type: "string" }, { type: "number" }, { type: "integer" }, { type: "boolean" }, { type: "null" }, { type: ["string", "null"] }, true, false, {}),
    fc.record({ enum: fc.array(fc.jsonValue({ maxDepth: 1 }), { minLength: 1, maxLength: 4 }) }),
    fc.record({ const: fc.jsonValue({ maxDepth: 1 }) }),
    fc.record({ type: fc.constant("number"), minimum: fc.integer({ min: -5, max: 5 }), exclusiveMaximum: fc.integer({ min: -5, max: 50 }), multipleOf: fc.constantFrom(1, 2, 5) }, { requiredKeys: ["type"] }),
    fc.record({ minLength: fc.nat(3), maxLength: fc.nat(6), pattern: fc.constantFrom("^a", "b$", "[0-9]") }, { requiredKeys: [] }),
    fc.record(
      {
        type: fc.constant("object"),
        properties: fc.dictionary(fc.constantFrom("a", "b", "c", "d e"), tie("schema"), { maxKeys: 3 }),
        required: fc.subarray(["a", "b", "c"]),
        additionalProperties: fc.oneof(fc.boolean(), tie("schema")),
        minProperties: fc.nat(2),
      },
      { requiredKeys: ["type"] },
    ),
    fc.record({ type: fc.constant("array"), items: tie("schema"), minItems: fc.nat(2), maxItems: fc.nat(4), uniqueItems: fc.boolean() }, { requiredKeys: ["type"] }),
    fc.record({ anyOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }) }),
    fc.record({ oneOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }) }),
    fc.record({ allOf: fc.array(tie("schema"), { minLength: 1, maxLength: 2 }) }),
    fc.record({ not: tie("schema") }),
  ),
})).schema;

// Left out where Ajv is wrong: keys named like Object.prototype members ({"toString": false}
// against enum [{}] throws inside Ajv's deep equality), and numbers printed with an exponent, where
// its multipleOf (float division, then parseInt) says 1e21 is not a multiple of 1 and -5e-324 is one of 2,
// and integers beyond 2^53, where the quotient rounds (it calls -16156372954901864 a multiple of 5).
const hasPrototypeKey = (value: unknown): boolean =>
  typeof value === "object" && value !== null && Object.keys(value).some((key) => key in Object.prototype || hasPrototypeKey((value as Record<string, unknown>)[key]));
const hasUnsafeInteger = (value: unknown): boolean =>
  typeof value === "number"
    ? Number.isInteger(value) && !Number.isSafeInteger(value)
    : typeof value === "object" && value !== null && Object.values(value).some(hasUnsafeInteger);
const valueArbitrary = fc
  .jsonValue({ maxDepth: 3 })
  .filter((value) => !hasPrototypeKey(value) && !hasUnsafeInteger(value) && !/\de[-+]/.test(JSON.stringify(value)));

describe("verdicts and errors equal Ajv's on generated schemas", () => {
  it("for any value", () => {
    fc.assert(
      fc.property(schemaArbitrary, valueArbitrary, (schema, value) => {
        const { ajv: reference, lite } = verdicts(schema, value);
        expect(lite).toEqual(reference);
      }),
      { numRuns: 1000 },
    );
  });
});
