import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolvePointer } from "../src/schema/json-pointer.js";
import { isExactMultiple } from "./_internals/decimal.js";
import { NEAR_MISS_FAMILIES, nearMiss, NoNearMissError, type NearMissCase, type NearMissFamilyId } from "./near-miss.js";
import { jsonSize, shrunkCounterexample } from "./test-support/laws.js";
import { createJudge } from "./test-support/reference-judge.js";

/** Every family has a site here, and every property is required so sites never go missing. */
const MEAL_LOG = {
  type: "object",
  properties: {
    meal: { type: "string", enum: ["desayuno", "almuerzo", "cena"] },
    kcal: { type: "integer", minimum: 0, maximum: 5000 },
    weight_kg: { type: "number", exclusiveMinimum: 0, maximum: 500, multipleOf: 0.01 },
    code: { type: "string", pattern: "^[A-Z]{3}$" },
    note: { type: "string", minLength: 1, maxLength: 5 },
    date: { type: "string", format: "date" },
    tags: { type: "array", items: { type: "object", properties: { k: { type: "string" }, v: { type: "integer" } }, required: ["k", "v"] }, uniqueItems: true, minItems: 1 },
    details: { type: "object", properties: { source: { type: "string" } }, required: ["source"], additionalProperties: false },
    counters: { type: "object", additionalProperties: { type: "integer" } },
  },
  required: ["meal", "kcal", "weight_kg", "code", "note", "date", "tags", "details", "counters"],
  additionalProperties: false,
};
const judge = createJudge(MEAL_LOG);
const casesOf = (family: NearMissFamilyId, numRuns = 200): NearMissCase[] => fc.sample(nearMiss(MEAL_LOG, { families: [family] }), { numRuns, seed: 13 });

describe("NEAR_MISS_FAMILIES", () => {
  it("lists every family once, each with a description", () => {
    const ids = NEAR_MISS_FAMILIES.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const family of NEAR_MISS_FAMILIES) expect(family.description.length).toBeGreaterThan(10);
  });
});

/** The families with a site in MEAL_LOG; the built ones (compositions, counts) have their own schemas in built-families.test.ts. */
const MEAL_LOG_FAMILIES = NEAR_MISS_FAMILIES.map((f) => f.id).slice(0, NEAR_MISS_FAMILIES.findIndex((f) => f.id === "oneof-ambiguous"));

describe.each(MEAL_LOG_FAMILIES.map((id) => [id] as const))("family %s", (family) => {
  it("puts the defect where path says and gets the verdict the spec gives", () => {
    const cases = casesOf(family);
    expect(new Set(cases.map((c) => c.family))).toEqual(new Set([family]));
    for (const c of cases) {
      const context = `${c.path}: ${c.detail}`;
      const verdict = judge(c.value);
      if (c.expectedValid !== null) expect(verdict.spec, context).toBe(c.expectedValid);
      if (c.expectedValid === false && family !== "multipleof-noise") expect(verdict.ajv, context).toBe(false);
      const atPath = resolvePointer(c.value, c.path);
      if (family === "required-removed") expect(atPath, context).toBeUndefined();
      else expect(atPath, context).not.toBeUndefined();
    }
  });

  it("keeps the defect through shrinking", () => {
    const { value: shrunk, numShrinks } = shrunkCounterexample(nearMiss(MEAL_LOG, { families: [family] }), (c) => c.expectedValid !== true && c.family === family, 31);
    expect(shrunk.family).toBe(family);
    if (shrunk.expectedValid === false) expect(judge(shrunk.value).spec).toBe(false);
    const typical = casesOf(family, 50).map((c) => jsonSize(c.value)).sort((a, b) => a - b);
    expect(jsonSize(shrunk.value)).toBeLessThanOrEqual(typical[Math.floor(typical.length / 2)]!);
    expect(numShrinks).toBeGreaterThan(0);
  });
});

describe("what the families produce", () => {
  const texts = (family: NearMissFamilyId) => casesOf(family).map((c) => resolvePointer(c.value, c.path));

  it("enum spellings: ' desayuno ' and 'DESAYUNO'", () => {
    expect(texts("enum-whitespace")).toContain(" desayuno ");
    expect(texts("enum-case")).toContain("DESAYUNO");
  });

  it("numbers as text, in comma, plain and exponent spelling", () => {
    const sent = texts("number-as-text") as string[];
    expect(sent.some((t) => t.includes(","))).toBe(true);
    expect(sent.some((t) => /e/.test(t))).toBe(true);
  });

  it("bounds at one ulp: 500.00000000000006 is past maximum 500", () => {
    const past = casesOf("bound", 600).find((c) => c.path === "/weight_kg" && resolvePointer(c.value, c.path) === 500.00000000000006);
    expect(past?.expectedValid).toBe(false);
  });

  it("integer fractions: 1.5 invalid, 1.0 valid (in the JSON text)", () => {
    const cases = casesOf("integer-fraction");
    expect(cases.some((c) => c.expectedValid === false && !Number.isInteger(resolvePointer(c.value, c.path)))).toBe(true);
    const whole = cases.find((c) => c.expectedValid === true)!;
    expect(whole.json).toContain(`${resolvePointer(whole.value, whole.path) as number}.0`);
    expect(judge(JSON.parse(whole.json!)).ajv).toBe(true);
  });

  it("float noise that is not an exact multiple", () => {
    for (const c of casesOf("multipleof-noise")) expect(isExactMultiple(resolvePointer(c.value, c.path) as number, 0.01)).toBe(false);
  });

  it("lengths at and past the limit, counted in code points with astral characters", () => {
    const edited = texts("length-edge") as string[];
    expect(edited.some((t) => [...t].length === 6 && t.length > 6)).toBe(true);
    expect(edited.some((t) => [...t].length === 5)).toBe(true);
  });

  it("prototype names as own properties, leaving the prototype alone", () => {
    for (const c of casesOf("proto-key")) {
      const parent = resolvePointer(c.value, c.path.slice(0, c.path.lastIndexOf("/"))) as object;
      expect(Object.getPrototypeOf(parent)).toBe(Object.prototype);
      expect(Object.prototype.hasOwnProperty.call(parent, c.path.split("/").pop()!)).toBe(true);
    }
  });

  it("format near misses such as February 30", () => {
    expect(texts("format-near-miss")).toContain("2024-02-30");
  });

  it("duplicates that differ only in key order", () => {
    const c = casesOf("unique-duplicate").find((x) => x.detail.includes("reordered"))!;
    const items = resolvePointer(c.value, "/tags") as object[];
    expect(JSON.stringify(items[0])).not.toBe(JSON.stringify(items[items.length - 1]));
  });
});

describe("verdicts another keyword may change", () => {
  it("are null under anyOf", () => {
    const schema = { type: "object", properties: { v: { anyOf: [{ type: "string" }, { type: "integer" }] } }, required: ["v"] };
    const cases = fc.sample(nearMiss(schema, { families: ["type-flip"] }), { numRuns: 100, seed: 3 }).filter((c) => c.path === "/v");
    expect(cases.length).toBeGreaterThan(0);
    for (const c of cases) expect(c.expectedValid).toBeNull();
  });

  it("refuse a schema with no place for a defect", () => {
    expect(() => nearMiss(true)).toThrow(NoNearMissError);
  });
});
