// Guards: under constrained decoding a oneOf value matches exactly one branch. Before, a value that fit
// two branches (5 for integer | number) or none was left as it was, and an enforced oneOf read altered.
import { expect, test } from "vitest";
import { repairedConforming } from "../../test-support/repair-held-to-ajv.js";

const overlapping = { oneOf: [{ type: "integer" }, { type: "number" }] };

test("a value two branches take moves into one of them only", () => {
  expect(repairedConforming(5, overlapping)).toBe(5.5);
});

test("a value no branch takes is repaired toward one, then out of the others", () => {
  expect(repairedConforming("text", overlapping)).toBe(0.5);
});

test("a value exactly one branch takes is kept", () => {
  expect(repairedConforming(2.5, overlapping)).toBe(2.5);
});

test("object branches: the discriminated branch wins and stays exclusive", () => {
  const schema = {
    oneOf: [
      { type: "object", properties: { kind: { const: "a" }, x: { type: "integer" } }, required: ["kind"] },
      { type: "object", properties: { kind: { const: "b" }, y: { type: "string" } }, required: ["kind"] },
    ],
  };
  expect(repairedConforming({ kind: "b", y: 3 }, schema)).toEqual({ kind: "b", y: "3" });
});
