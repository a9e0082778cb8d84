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

describe("schemalab/lite/core reads draft 2020-12 only", () => {
  it("refuses another dialect by name: the root's $schema, options.dialect, an embedded resource's $schema", () => {
    expect(() => compile({ $schema: "http://json-schema.org/draft-07/schema#", type: "string" })).toThrow(/schemalab\/lite\/core does not read draft7/);
    expect(() => compile({ type: "string" }, { dialect: "openapi-3.0" })).toThrow(UnsupportedSchemaError);
    const embedded = { $defs: { a: { $id: "https://x.test/a", $schema: "https://json-schema.org/draft/2019-09/schema" } }, $ref: "https://x.test/a" };
    expect(() => compile(embedded)).toThrow(expect.objectContaining({ keyword: "$schema", schemaPath: "#/$defs/a/$schema" }));
  });

  it("compiles draft 2020-12, named or not, with $dynamicRef", () => {
    const tree = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $dynamicAnchor: "node",
      type: "object",
      properties: { kids: { type: "array", items: { $dynamicRef: "#node" } } },
    };
    const validate = compile(tree, { dialect: "draft2020-12" });
    expect(validate({ kids: [{ kids: [] }] }).valid).toBe(true);
    expect(validate({ kids: [1] }).valid).toBe(false);
  });

  it("has no number formats: int32 is refused like any format, and the full entry asserts it", async () => {
    expect(() => compile({ type: "integer", format: "int32" })).toThrow(/unknown format "int32"/);
    expect(compile({ type: "integer", format: "int32" }, { formats: "ignore" })(2 ** 40).valid).toBe(true);
    const { compile: full } = await import("./index.js");
    expect(full({ type: "integer", format: "int32" })(2 ** 40).valid).toBe(false);
    expect(full({ format: "int32" })("any text").valid).toBe(true);
  });

  it("has no IDN formats either; the full entry exports them among FORMAT_CHECKERS", () => {
    expect(() => compile({ format: "idn-hostname" })).toThrow(UnsupportedSchemaError);
    expect(compile({ format: "idn-hostname" }, { formatCheckers: { "idn-hostname": FORMAT_CHECKERS["idn-hostname"]! } })("ex\u00e4mple.de").valid).toBe(true);
  });
});
