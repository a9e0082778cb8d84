import { describe, expect, it } from "vitest";
import { ajvValidator } from "../validators/ajv-validator.js";
import { corruptInstance, localCorruptionsOf } from "./corrupt-instance.js";

const schema = {
  type: "object",
  properties: { name: { type: "string" }, age: { type: "integer" }, tags: { type: "array" } },
  required: ["name", "age"],
  additionalProperties: false,
};
const validate = ajvValidator.compile(schema);
const isValid = (value: unknown) => (validate(value) as { valid: boolean }).valid;
const value = { name: "Ada", age: 36, tags: [] };

describe("corruptInstance", () => {
  it("combines several faults, each breaking the value alone", () => {
    const corrupted = corruptInstance(value, schema, isValid, 0);
    expect(isValid(corrupted)).toBe(false);
    const errors = (validate(corrupted) as { errors?: readonly unknown[] }).errors ?? [];
    expect(errors.length).toBeGreaterThanOrEqual(3);
  });

  it("is deterministic for a seed and varies with it", () => {
    expect(corruptInstance(value, schema, isValid, 4)).toEqual(corruptInstance(value, schema, isValid, 4));
    expect(corruptInstance(value, schema, isValid, 1)).not.toEqual(corruptInstance(value, schema, isValid, 0));
  });

  it("swaps the whole value when nothing inside breaks it, and gives up when nothing does", () => {
    const number = ajvValidator.compile({ type: "number" });
    expect(corruptInstance(3, { type: "number" }, (v) => (number(v) as { valid: boolean }).valid, 0)).toBe("not a number");
    expect(corruptInstance(3, true, () => true, 0)).toBeNull();
    expect(localCorruptionsOf([1], { type: "array" })).toEqual([]);
  });
});
