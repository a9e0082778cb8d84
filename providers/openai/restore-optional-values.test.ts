import { describe, expect, it } from "vitest";
import { fillOptionalValues, dropNullsForOptionalFields } from "./restore-optional-values.js";

const schema = {
  type: "object",
  properties: {
    city: { type: "string" },
    unit: { type: "string", enum: ["C", "F"] },
    note: { type: ["string", "null"] },
    stops: { type: "array", items: { $ref: "#/$defs/stop" } },
  },
  required: ["city"],
  $defs: { stop: { type: "object", properties: { name: { type: "string" }, minutes: { type: "integer" } }, required: ["name"] } },
};

describe("fillOptionalValues / dropNullsForOptionalFields", () => {
  it("sends absent optional properties as null, through arrays and $refs", () => {
    const value = { city: "Paris", stops: [{ name: "Lyon" }] };
    expect(fillOptionalValues(value, schema)).toEqual({ city: "Paris", unit: null, note: null, stops: [{ name: "Lyon", minutes: null }] });
  });

  it("drops the nulls the rewrite introduced and keeps the ones the schema allowed", () => {
    const native = { city: "Paris", unit: null, note: null, stops: [{ name: "Lyon", minutes: null }, { name: "Dijon", minutes: 5 }] };
    expect(dropNullsForOptionalFields(native, schema)).toEqual({ city: "Paris", note: null, stops: [{ name: "Lyon" }, { name: "Dijon", minutes: 5 }] });
  });

  it("never mutates its input", () => {
    const native = Object.freeze({ city: "Paris", unit: null, note: null, stops: Object.freeze([]) });
    expect(() => dropNullsForOptionalFields(native, schema)).not.toThrow();
    expect(native.unit).toBeNull();
  });

  it("picks the anyOf branch by type and property names", () => {
    const union = {
      anyOf: [
        { type: "object", properties: { email: { type: "string" }, tag: { type: "string" } }, required: ["email"], additionalProperties: false },
        { type: "object", properties: { order: { type: "integer" }, tag: { type: "string" } }, required: ["order"], additionalProperties: false },
      ],
    };
    expect(dropNullsForOptionalFields({ order: 7, tag: null }, union)).toEqual({ order: 7 });
    expect(fillOptionalValues({ email: "a@b.c" }, union)).toEqual({ email: "a@b.c", tag: null });
  });

  it("leaves values the schema does not describe as they are", () => {
    expect(dropNullsForOptionalFields("text", schema)).toBe("text");
    expect(dropNullsForOptionalFields({ city: "x", extra: null }, schema)).toEqual({ city: "x", extra: null });
  });
});
