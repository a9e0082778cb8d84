import { describe, expect, it } from "vitest";
import { compile, UnsupportedSchemaError } from "./core.js";
import { FORMAT_CHECKERS } from "./index.js";

describe("schemalab/lite/core", () => {
  it("refuses a format it has no checker for, naming the way out", () => {
    expect(() => compile({ type: "string", format: "date" })).toThrow(UnsupportedSchemaError);
    expect(() => compile({ format: "date" })).toThrow(/options.formatCheckers.*formats: "ignore"/);
  });

  it("ignores formats when told to, and asserts those it is given", () => {
    expect(compile({ format: "date" }, { formats: "ignore" })("not a date").valid).toBe(true);
    const validate = compile({ format: "date" }, { formatCheckers: { date: FORMAT_CHECKERS.date! } });
    expect(validate("2024-02-30").valid).toBe(false);
    expect(validate("2024-02-29").valid).toBe(true);
  });

  it("validates everything else as the full entry does", () => {
    const validate = compile({ type: "object", properties: { n: { type: "integer", minimum: 1 } }, required: ["n"] });
    expect(validate({ n: 0 })).toMatchObject({ valid: false, errors: [{ keyword: "minimum", instancePath: "/n" }] });
  });

  it("lets a checker of the full entry be replaced", async () => {
    const { compile: full } = await import("./index.js");
    expect(full({ format: "email" }, { formatCheckers: { email: (text) => text.endsWith("@corp") } })("a@corp").valid).toBe(true);
    expect(() => full({}, { formatCheckers: { email: "yes" as never } })).toThrow(/formatCheckers\["email"\] must be a function/);
  });
});
