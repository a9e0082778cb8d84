import { describe, expect, it } from "vitest";
import { UnsupportedSchemaError } from "../lite/index.js";
import { liteValidator } from "./lite-validator.js";
import { normalizeVerdict } from "./normalize-verdict.js";

describe("liteValidator", () => {
  it("honours the contract with every error's instance path", () => {
    const validate = liteValidator.compile({ type: "object", properties: { a: { type: "string" }, b: { minimum: 0 } } });
    expect(normalizeVerdict(validate({ a: "x", b: 1 }))).toEqual({ ok: true, verdict: { valid: true } });
    const normalized = normalizeVerdict(validate({ a: 1, b: -1 }));
    expect(normalized.ok && normalized.verdict.errorPaths).toEqual(["/a", "/b"]);
  });

  it("refuses, at compile time, a keyword lite does not check", () => {
    expect(() => liteValidator.compile({ $dynamicRef: "#node" })).toThrow(UnsupportedSchemaError);
  });

  it("resolves $ref against the remotes it is offered", () => {
    const remotes = { "http://localhost:1234/integer.json": { type: "integer" } };
    const validate = liteValidator.compile({ $ref: "http://localhost:1234/integer.json" }, { remotes });
    expect(validate(1)).toEqual({ valid: true });
    expect(validate("1")).toMatchObject({ valid: false });
  });
});

describe("liteValidator on the shipped catalogs' annotations", () => {
  it("accepts propertyOrdering and schema_version, and x- extensions, so fuzzing does not skip those schemas", () => {
    const schema = { schema_version: 2, type: "object", properties: { a: { type: "string" } }, propertyOrdering: ["a"], "x-owner": "team" };
    const validate = liteValidator.compile(schema);
    expect(validate({ a: "x" })).toEqual({ valid: true });
    expect(validate({ a: 1 })).toMatchObject({ valid: false });
  });

  it("still refuses other unknown keywords", () => {
    expect(() => liteValidator.compile({ nullable: true })).toThrow(UnsupportedSchemaError);
  });
});
