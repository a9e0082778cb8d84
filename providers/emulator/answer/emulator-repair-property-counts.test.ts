// Guards: constrained decoding adds and drops properties. Before, it could not add one for minProperties,
// dependentRequired or dependentSchemas, nor drop one the right way for maxProperties, so it answered
// the unrepaired value and enforced cells read ignored.
import { describe, expect, test } from "vitest";
import { repairedConforming } from "../../test-support/repair-held-to-ajv.js";

const pair = { first: { type: "string" }, second: { type: "string" } };

describe("minProperties", () => {
  test("adds the next declared property", () => {
    expect(repairedConforming({ first: "a" }, { type: "object", properties: pair, required: ["first"], minProperties: 2 })).toEqual({ first: "a", second: "" });
  });

  test("adds a name matching patternProperties when every declared one is there", () => {
    const schema = { type: "object", properties: { first: { type: "string" } }, patternProperties: { "^n_[a-z]+$": { type: "integer" } }, additionalProperties: false, minProperties: 2 };
    const out = repairedConforming({ first: "a" }, schema) as Record<string, unknown>;
    expect(Object.keys(out)).toHaveLength(2);
    expect(Object.keys(out)[1]).toMatch(/^n_[a-z]+$/);
  });

  test("adds a free name that propertyNames takes", () => {
    const schema = { type: "object", propertyNames: { pattern: "^x" }, minProperties: 1 };
    const out = repairedConforming({}, schema) as Record<string, unknown>;
    expect(Object.keys(out)).toHaveLength(1);
    expect(Object.keys(out)[0]).toMatch(/^x/);
  });
});

describe("maxProperties", () => {
  test("drops optional properties from the end, never a required one", () => {
    const schema = { type: "object", properties: { ...pair, third: { type: "string" } }, required: ["third"], maxProperties: 2 };
    expect(repairedConforming({ first: "a", second: "b", third: "c" }, schema)).toEqual({ first: "a", third: "c" });
  });

  test("drops a property together with the one it alone required", () => {
    const schema = { type: "object", properties: { ...pair, card: { type: "string" } }, required: ["first"], dependentRequired: { card: ["second"] }, maxProperties: 1 };
    expect(repairedConforming({ first: "a", second: "b", card: "c" }, schema)).toEqual({ first: "a" });
  });
});

describe("dependent properties", () => {
  test("dependentRequired adds what a present property requires, in turn", () => {
    const schema = { type: "object", properties: { card: { type: "string" }, billing: { type: "string" }, zip: { type: "integer" } }, dependentRequired: { card: ["billing"], billing: ["zip"] } };
    expect(repairedConforming({ card: "4111" }, schema)).toEqual({ card: "4111", billing: "", zip: 0 });
  });

  test("dependentSchemas adds its required properties and holds their values to its own schemas", () => {
    const schema = { type: "object", properties: { card: { type: "string" }, billing: { type: "string" } }, dependentSchemas: { card: { properties: { billing: { minLength: 3 } }, required: ["billing"] } } };
    expect(repairedConforming({ card: "4111" }, schema)).toEqual({ card: "4111", billing: "aaa" });
    expect(repairedConforming({ card: "4111", billing: "x" }, schema)).toEqual({ card: "4111", billing: "xaa" });
  });

  test("a property that is absent asks for nothing", () => {
    const schema = { type: "object", properties: { card: { type: "string" }, billing: { type: "string" } }, dependentRequired: { card: ["billing"] }, minProperties: 0 };
    expect(repairedConforming({ billing: 3 }, schema)).toEqual({ billing: "3" });
  });
});
