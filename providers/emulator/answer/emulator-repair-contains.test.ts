// Guards: constrained decoding adds an item that `contains` wants. Before, it only did so for an empty
// array, so ["hay", "straw"] came back unrepaired and an enforced contains read ignored.
import { expect, test } from "vitest";
import { repairedConforming } from "../../test-support/repair-held-to-ajv.js";

const needle = { type: "array", items: { type: "string" }, contains: { enum: ["007"] } };

test("adds a matching item after the asked ones", () => {
  expect(repairedConforming(["hay", "straw"], needle)).toEqual(["hay", "straw", "007"]);
});

test("at maxItems, replaces the last item that does not match", () => {
  expect(repairedConforming(["hay", "straw"], { ...needle, maxItems: 2 })).toEqual(["hay", "007"]);
});

test("the added item also satisfies the item schema", () => {
  const schema = { type: "array", items: { type: "integer", minimum: 10 }, contains: { type: "integer", multipleOf: 7 } };
  expect(repairedConforming([11], schema)).toEqual([11, 14]);
});

test("minContains asks for as many matching items, distinct under uniqueItems", () => {
  const schema = { type: "array", items: { type: "integer" }, contains: { minimum: 5 }, minContains: 2, uniqueItems: true };
  const out = repairedConforming([1], schema) as number[];
  expect(out.filter((item) => item >= 5)).toHaveLength(2);
});
