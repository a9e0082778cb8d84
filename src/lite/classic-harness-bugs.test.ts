// The mistakes tool-call harnesses keep making, each pinned as lite's behaviour.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compile } from "./index.js";

const isValid = (schema: unknown, value: unknown, options = {}) => compile(schema, options)(value).valid;

/** {type: object, properties: {k0: {... {kN: leaf}}}} and a value reaching the leaf. */
function nested(keys: readonly string[], leafSchema: unknown, leafValue: unknown): [schema: unknown, value: unknown] {
  let schema = leafSchema;
  let value = leafValue;
  for (const key of [...keys].reverse()) {
    schema = { type: "object", properties: { [key]: schema } };
    value = { [key]: value };
  }
  return [schema, value];
}

const key = fc.string({ minLength: 1, maxLength: 6 }).filter((k) => !(k in Object.prototype));

describe("classic harness bugs", () => {
  it("a number sent as text is rejected", () => {
    for (const text of ["75,5", "75.5", "75", " 75", "1e3"]) expect(isValid({ type: "number" }, text)).toBe(false);
  });

  it("an enum value with spaces or another case is rejected", () => {
    const schema = { enum: ["desayuno", "almuerzo"] };
    for (const variant of [" desayuno ", "DESAYUNO", "Desayuno", "desayuno\n"]) expect(isValid(schema, variant)).toBe(false);
  });

  it("null in an optional numeric field is rejected at any depth", () => {
    fc.assert(
      fc.property(fc.array(key, { maxLength: 8 }), (keys) => {
        const [schema, value] = nested(keys, { type: "object", properties: { weight_kg: { type: "number" } } }, { weight_kg: null });
        expect(isValid(schema, value)).toBe(false);
        const [, absent] = nested(keys, {}, {});
        expect(isValid(schema, absent)).toBe(true);
      }),
    );
  });

  it("an extra field passes unless additionalProperties is false", () => {
    fc.assert(
      fc.property(key, fc.jsonValue(), (extra, extraValue) => {
        fc.pre(extra !== "qty");
        const open = { type: "object", properties: { qty: { type: "integer" } } };
        expect(isValid(open, { qty: 1, [extra]: extraValue })).toBe(true);
        expect(isValid({ ...open, additionalProperties: false }, { qty: 1, [extra]: extraValue })).toBe(false);
      }),
    );
  });

  it("astral characters count once in lengths", () => {
    expect(isValid({ maxLength: 1 }, "😀")).toBe(true);
    expect(isValid({ minLength: 3 }, "😀😀")).toBe(false);
    expect(isValid({ minLength: 2, maxLength: 2 }, "𝄞😀")).toBe(true);
  });

  it("1 and 1.0 are equal in enum, const and uniqueItems", () => {
    const onePointZero = JSON.parse("1.0");
    expect(isValid({ enum: [1] }, onePointZero)).toBe(true);
    expect(isValid({ const: [1, { a: 1 }] }, [onePointZero, { a: onePointZero }])).toBe(true);
    expect(isValid({ uniqueItems: true }, [1, onePointZero])).toBe(false);
    expect(isValid({ uniqueItems: true }, [{ n: 1 }, { n: onePointZero }])).toBe(false);
  });

  it("multipleOf is exact: 19.99, 4.35, 591.32 are multiples of 0.01 and 787.6700000000001 is not", () => {
    for (const price of [19.99, 4.35, 591.32]) expect(isValid({ multipleOf: 0.01 }, price)).toBe(true);
    expect(isValid({ multipleOf: 0.01 }, 787.6700000000001)).toBe(false);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.constantFrom(0.01, 0.05, 0.1, 0.25, 0.5), (k, step) => {
        const value = Number((k * step).toFixed(2));
        expect(isValid({ multipleOf: step }, value)).toBe(Math.round(value * 100) % Math.round(step * 100) === 0);
      }),
    );
  });

  it("allErrors true reports every failing field; false stops at the first", () => {
    fc.assert(
      fc.property(fc.uniqueArray(key, { minLength: 1, maxLength: 8 }), (keys) => {
        const schema = { type: "object", properties: Object.fromEntries(keys.map((k) => [k, { type: "number" }])) };
        const value = Object.fromEntries(keys.map((k) => [k, "not a number"]));
        const all = compile(schema)(value);
        const first = compile(schema, { allErrors: false })(value);
        expect(all.valid ? [] : all.errors.map((e) => e.instancePath).sort()).toEqual(keys.map((k) => `/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`).sort());
        expect(first.valid ? [] : first.errors).toHaveLength(1);
      }),
    );
  });

  it("required uses own properties: required toString fails {}", () => {
    expect(isValid({ required: ["toString"] }, {})).toBe(false);
    expect(isValid({ required: ["hasOwnProperty", "constructor"] }, {})).toBe(false);
  });
});
