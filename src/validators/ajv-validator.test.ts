import { describe, expect, it } from "vitest";
import { createAjvValidator, ajvValidator } from "./ajv-validator.js";

describe("ajvValidator", () => {
  it("returns every error with its instance path (allErrors)", () => {
    const validate = ajvValidator.compile({ type: "object", properties: { a: { type: "string" }, b: { minimum: 0 } } });
    expect(validate({ a: "x", b: 1 })).toEqual({ valid: true });
    const result = validate({ a: 1, b: -1 });
    expect(result).toMatchObject({ valid: false });
    const paths = typeof result === "object" ? result.errors?.map((error) => error.instancePath) : [];
    expect(paths).toEqual(["/a", "/b"]);
  });

  it("asserts formats (ajv-formats) and ignores unknown ones (strict off)", () => {
    expect(ajvValidator.compile({ format: "date" })("2023-02-29")).toMatchObject({ valid: false });
    expect(ajvValidator.compile({ format: "no-such-format" })("anything")).toEqual({ valid: true });
  });

  it("lets the next schema reuse an $id on the shared instance", () => {
    const first = ajvValidator.compile({ $id: "http://example.com/s", type: "string" });
    const second = ajvValidator.compile({ $id: "http://example.com/s", type: "number" });
    expect(first("x")).toEqual({ valid: true });
    expect(second(1)).toEqual({ valid: true });
    expect(second("x")).toMatchObject({ valid: false });
  });

  it("forgets a schema whose compile threw", () => {
    const broken = { $id: "http://example.com/broken", $ref: "#/$defs/missing" };
    expect(() => ajvValidator.compile(broken)).toThrow();
    expect(ajvValidator.compile({ $id: "http://example.com/broken", type: "null" })(null)).toEqual({ valid: true });
  });

  it("resolves $ref against the remotes it is offered", () => {
    const remotes = { "http://localhost:1234/integer.json": { type: "integer" } };
    const validate = ajvValidator.compile({ $ref: "http://localhost:1234/integer.json" }, { remotes });
    expect(validate(1)).toEqual({ valid: true });
    expect(validate("1")).toMatchObject({ valid: false });
    expect(() => ajvValidator.compile({ $ref: "http://localhost:1234/integer.json" })).toThrow();
  });

  it("compiles boolean schemas", () => {
    const fresh = createAjvValidator({ isolation: "fresh" });
    expect(fresh.compile(false)(1)).toMatchObject({ valid: false });
    expect(ajvValidator.compile(true)(1)).toEqual({ valid: true });
  });
});
