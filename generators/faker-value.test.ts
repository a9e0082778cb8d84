import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isExactMultiple } from "./_internals/decimal.js";
import { fakerValue } from "./faker-value.js";
import { expectSameSeedSameValues } from "./test-support/laws.js";
import { createJudge } from "./test-support/reference-judge.js";

describe("fakerValue", () => {
  it("replays: the same fast-check seed gives the same json-schema-faker values", () => {
    expectSameSeedSameValues(fakerValue({ type: "object", properties: { a: { type: "string" }, n: { type: "integer" } } }), 3);
  });

  it("is marked possibly invalid, and is: it emits float noise for multipleOf 0.01", () => {
    const schema = { type: "number", multipleOf: 0.01, minimum: 0, maximum: 1000 };
    const values = fc.sample(fakerValue(schema), { numRuns: 300, seed: 1 });
    expect(values.every((v) => v.ok && v.possiblyInvalid)).toBe(true);
    const noisy = values.filter((v) => v.ok && !isExactMultiple(v.value as number, 0.01));
    expect(noisy.length).toBeGreaterThan(0);
    const judge = createJudge(schema);
    expect(noisy.every((v) => v.ok && !judge(v.value).spec)).toBe(true);
  });

  it("turns a json-schema-faker throw into a failure value (minProperties, every property optional, closed object)", () => {
    const schema = { type: "object", properties: { a: { type: "string" } }, minProperties: 1, additionalProperties: false };
    const values = fc.sample(fakerValue(schema), { numRuns: 40, seed: 1 });
    const failures = values.filter((v) => !v.ok);
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) expect(!failure.ok && failure.failure).toMatch(/additionalProperties/);
  });

  it("does not mutate the schema it is given", () => {
    const schema = { type: "object", properties: { when: { type: "string", format: "date-time" } }, required: ["when"] };
    const before = JSON.stringify(schema);
    fc.sample(fakerValue(schema), { numRuns: 20, seed: 2 });
    expect(JSON.stringify(schema)).toBe(before);
  });
});
