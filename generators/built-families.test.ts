// The built near-miss families (compositions, conditionals, dependencies, counts): each one reaches
// its schema, its known verdicts agree with the spec (and false ones fail Ajv), and the defect sits
// at its path. Guards #15: oneOf ambiguity and if/then/else defects exist and are adjudicated.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolvePointer } from "../src/schema/json-pointer.js";
import type { JsonSchema } from "../src/schema/types.js";
import { nearMiss, type NearMissFamilyId } from "./near-miss.js";
import { createJudge } from "./test-support/reference-judge.js";

const ACTION = {
  type: "object",
  properties: {
    action: {
      oneOf: [
        { type: "object", properties: { kind: { type: "string" }, n: { type: "integer" } }, required: ["n"] },
        { type: "object", properties: { m: { type: "string" } }, required: ["m"] },
      ],
    },
  },
  required: ["action"],
};

const SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  "oneof-ambiguous": ACTION,
  "no-branch": { type: "object", properties: { v: { anyOf: [{ type: "string", maxLength: 3 }, { type: "integer" }] } }, required: ["v"] },
  "not-hit": { type: "object", properties: { id: { type: "string", not: { pattern: "^tmp" } } }, required: ["id"] },
  "if-then-else": {
    type: "object",
    properties: { country: { type: "string", enum: ["US", "CA"] }, zip: { type: "string" } },
    required: ["country"],
    if: { properties: { country: { const: "US" } } },
    then: { properties: { zip: { pattern: "^[0-9]{5}$" } }, required: ["zip"] },
    else: { properties: { zip: { pattern: "^[A-Z][0-9][A-Z]" } } },
  },
  "dependency-missing": { type: "object", properties: { card: { type: "string" }, cvv: { type: "string" } }, dependentRequired: { card: ["cvv"] } },
  "contains-count": { type: "object", properties: { list: { type: "array", items: { type: "integer" }, contains: { minimum: 10 }, minContains: 2, maxContains: 3 } }, required: ["list"] },
  "property-name": { type: "object", properties: { tags: { type: "object", propertyNames: { pattern: "^[a-z]+$" }, additionalProperties: { type: "string" } } }, required: ["tags"] },
  "allof-part": { type: "object", properties: { n: { allOf: [{ type: "integer" }, { minimum: 3 }, { maximum: 9 }] } }, required: ["n"] },
  "items-boundary": { type: "object", properties: { pair: { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }], items: false, minItems: 1 } }, required: ["pair"] },
  "property-count": { type: "object", properties: { meta: { type: "object", additionalProperties: { type: "string" }, minProperties: 1, maxProperties: 2 } }, required: ["meta"] },
  "const-neighbour": { type: "object", properties: { version: { const: 2 }, mode: { enum: ["fast", "safe", true] } }, required: ["version", "mode"] },
  "unevaluated-branch": {
    type: "object",
    properties: { kind: { enum: ["a", "b"] } },
    required: ["kind"],
    oneOf: [{ properties: { kind: { const: "a" }, x: { type: "string" } } }, { properties: { kind: { const: "b" }, y: { type: "integer" } } }],
    unevaluatedProperties: false,
  },
  "pattern-property": { type: "object", patternProperties: { "^n_": { type: "integer" } }, additionalProperties: { type: "string" } },
  "ref-depth": { $defs: { node: { type: "object", properties: { v: { type: "integer" }, next: { $ref: "#/$defs/node" } }, required: ["v"] } }, type: "object", properties: { head: { $ref: "#/$defs/node" } }, required: ["head"] },
};

describe.each(Object.keys(SCHEMAS).map((id) => [id as NearMissFamilyId] as const))("built family %s", (family) => {
  const schema = SCHEMAS[family]!;
  const judge = createJudge(schema);
  const cases = fc.sample(nearMiss(schema, { families: [family] }), { numRuns: 150, seed: 21 });

  it("is reached, and its known verdicts agree with the spec", () => {
    const own = cases.filter((c) => c.family === family);
    expect(own.length).toBeGreaterThan(0);
    expect(own.some((c) => c.expectedValid !== null)).toBe(true);
    for (const c of own) {
      const context = `${c.path}: ${c.detail} ${JSON.stringify(c.value)}`;
      const verdict = judge(c.value);
      if (c.expectedValid !== null) expect(verdict.spec, context).toBe(c.expectedValid);
      if (c.expectedValid === false) expect(verdict.ajv, context).toBe(false);
      expect(resolvePointer(c.value, c.path), context).not.toBeUndefined();
    }
  });
});

describe("what the built families make", () => {
  const of = (family: NearMissFamilyId) => fc.sample(nearMiss(SCHEMAS[family]!, { families: [family] }), { numRuns: 150, seed: 21 }).filter((c) => c.family === family);

  it("a value both oneOf branches accept, built to be invalid", () => {
    const ambiguous = of("oneof-ambiguous").filter((c) => c.expectedValid === false);
    expect(ambiguous.length).toBeGreaterThan(0);
    for (const c of ambiguous) expect(resolvePointer(c.value, "/action")).toMatchObject({ n: expect.any(Number), m: expect.any(String) });
  });

  it("meets `if` and breaks `then` (invalid), and breaks only the untaken side (valid)", () => {
    const cases = of("if-then-else");
    expect(cases.some((c) => c.expectedValid === false && c.detail.startsWith("meets `if`, breaks `then`"))).toBe(true);
    expect(cases.some((c) => c.expectedValid === true)).toBe(true);
  });

  it("contains counts on both sides of minContains and maxContains", () => {
    const details = new Set(of("contains-count").map((c) => `${c.detail}:${c.expectedValid}`));
    expect(details).toContain("1 matching items (below minContains):false");
    expect(details).toContain("4 matching items (past maxContains):false");
    expect(details).toContain("exactly 3 matching items (at maxContains):true");
  });
});
