import { describe, expect, test } from "vitest";
import { createConformanceChecker } from "../schema-rules/emulator-check-conformance.js";
import { MISSING, repairValue } from "./emulator-repair-value.js";
import { judgeWithinRoot } from "../schema-rules/emulator-subschema-judge.js";

const checker = createConformanceChecker();
const repair = (value: unknown, schema: Record<string, unknown>) =>
  repairValue(value, schema, {
    root: schema,
    formatOk: (format, text) => checker.check({ type: "string", format }, text).valid,
    conforms: judgeWithinRoot(schema, checker),
  });

/** Repair, and hold the result to Ajv: every case below must end conforming. */
function repaired(value: unknown, schema: Record<string, unknown>): unknown {
  const out = repair(value, schema);
  expect(checker.check(schema, out)).toEqual({ valid: true });
  return out;
}

describe("repairValue", () => {
  test("objects: extra properties dropped, missing required filled (null where allowed), schema key order", () => {
    const schema = {
      type: "object",
      properties: { a: { type: "string" }, b: { type: ["integer", "null"] }, c: { type: "integer", minimum: 2 } },
      required: ["a", "b", "c"],
      additionalProperties: false,
    };
    const out = repaired({ c: 1, zzz: true }, schema);
    expect(out).toEqual({ a: "", b: null, c: 2 });
    expect(Object.keys(out as object)).toEqual(["a", "b", "c"]);
  });

  test("numbers: integer rounding, inclusive and exclusive bounds", () => {
    expect(repaired(7.6, { type: "integer", maximum: 5 })).toBe(5);
    expect(repaired(0, { type: "integer", exclusiveMinimum: 0 })).toBe(1);
    expect(repaired(10, { type: "number", exclusiveMaximum: 10 })).toBeLessThan(10);
  });

  test("multipleOf 0.01 lands on a value Ajv itself accepts (its float division rejects 19.99)", () => {
    const out = repaired(19.994, { type: "number", multipleOf: 0.01 });
    expect(Math.abs((out as number) - 19.99)).toBeLessThan(0.05);
  });

  test("strings: lengths, pattern and format", () => {
    expect(repaired("toolong", { type: "string", maxLength: 3 })).toBe("too");
    expect(repaired("a", { type: "string", minLength: 3 })).toBe("aaa");
    expect(repaired("lower", { type: "string", pattern: "^[A-Z]{3}-\\d{2}$" })).toMatch(/^[A-Z]{3}-\d{2}$/);
    expect(repaired("not a date", { type: "string", format: "date" })).toBe("2024-01-01");
  });

  test("enum: exact kept, case-folded match preferred, else the first value; const wins", () => {
    expect(repaired("green", { enum: ["red", "green"] })).toBe("green");
    expect(repaired("GREEN", { enum: ["red", "green"] })).toBe("green");
    expect(repaired("blue", { enum: ["red", "green"] })).toBe("red");
    expect(repaired(1, { const: "fixed" })).toBe("fixed");
  });

  test("type coercion: numeric strings to numbers, numbers to strings", () => {
    expect(repaired("42", { type: "integer" })).toBe(42);
    expect(repaired(42, { type: "string" })).toBe("42");
  });

  test("keeps the anyOf branch the value already satisfies (not the first one)", () => {
    const schema = { anyOf: [{ type: "string", pattern: "^[rR][eE][dD]$" }, { type: "string", pattern: "^[gG][rR][eE][eE][nN]$" }] };
    expect(repaired("green", schema)).toBe("green");
  });

  test("discriminated unions repair toward the branch whose const matches", () => {
    const schema = {
      anyOf: [
        { type: "object", properties: { kind: { const: "a" }, x: { type: "integer" } }, required: ["kind", "x"], additionalProperties: false },
        { type: "object", properties: { kind: { const: "b" }, y: { type: "string" } }, required: ["kind", "y"], additionalProperties: false },
      ],
    };
    expect(repaired({ kind: "b", y: 3 }, schema)).toEqual({ kind: "b", y: "3" });
  });

  test("arrays: maxItems cut, uniqueItems deduplicated, minItems padded with distinct items", () => {
    expect(repaired([1, 2, 3], { type: "array", items: { type: "integer" }, maxItems: 2 })).toEqual([1, 2]);
    expect(repaired([1, 1], { type: "array", items: { type: "integer" }, uniqueItems: true, minItems: 2 })).toEqual([1, 0]);
  });

  test("local $refs resolve, recursion included", () => {
    const schema = {
      type: "object",
      properties: { head: { $ref: "#/$defs/node" } },
      required: ["head"],
      additionalProperties: false,
      $defs: { node: { type: "object", properties: { v: { type: "integer" }, next: { anyOf: [{ $ref: "#/$defs/node" }, { type: "null" }] } }, required: ["v", "next"], additionalProperties: false } },
    };
    expect(repaired({ head: { v: "1", next: { v: 2.2 } } }, schema)).toEqual({ head: { v: 1, next: { v: 2, next: null } } });
  });

  test("MISSING asks for a fresh minimal value", () => {
    expect(repaired(MISSING, { type: "object", properties: { n: { type: "number", minimum: 3 } }, required: ["n"] })).toEqual({ n: 3 });
  });
});
