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
    expect(() => liteValidator.compile({ $recursiveRef: "#" })).toThrow(UnsupportedSchemaError);
  });

  it("reads the schema in the dialect of the compile context", () => {
    const schema = { type: "number", maximum: 3, exclusiveMaximum: true };
    expect(() => liteValidator.compile(schema)).toThrow();
    expect(liteValidator.compile(schema, { dialect: "openapi-3.0" })(3)).toMatchObject({ valid: false });
    expect(liteValidator.compile({ type: "string", nullable: true }, { dialect: "openapi-3.0" })(null)).toEqual({ valid: true });
  });

  it("accepts unknown keywords as annotations when the context says so, and names each one", () => {
    const seen: string[] = [];
    const validate = liteValidator.compile({ minLenght: 2 }, { unknownKeywords: "annotate", onUnknownKeyword: (keyword, path) => seen.push(`${keyword} at ${path}`) });
    expect(validate("a")).toEqual({ valid: true });
    expect(seen).toEqual(["minLenght at #/minLenght"]);
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
