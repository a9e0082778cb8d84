// Each Gemini rule the profile encodes (providers.md §3.1-§3.6, §5.1), classified as the API would.
import { describe, expect, it } from "vitest";
import { translateForMode } from "../../providers/translation/translators.js";
import { resolveTarget } from "../../providers/profiles/load-profiles.js";
import { checkOne, closedObject, declare } from "./test-support/check-one.js";

const OPENAPI = "google:generate.responseSchema";
const PARAMETERS = "google:generate.functionDeclarations.parameters";
const JSON_SCHEMA = "google:generate.responseJsonSchema";

describe("Gemini OpenAPI dialect (responseSchema, parameters)", () => {
  it("refuses additionalProperties as an unknown name", () => {
    const result = checkOne(PARAMETERS, closedObject({ city: { type: "string" } }), "reject");
    expect(result.rejected[0]).toMatchObject({ feature: "additionalProperties:false", path: "" });
    expect(result.rejected[0]!.error).toBe(`Invalid JSON payload received. Unknown name "additionalProperties" at '': Cannot find field.`);
  });

  it("strips additionalProperties when translating and says extra properties are no longer refused", () => {
    const result = checkOne(OPENAPI, closedObject({ city: { type: "string" } }));
    expect(result.verdict).toBe("needs-local-validation");
    expect(result.changes).toEqual([expect.objectContaining({ keyword: "additionalProperties", kind: "removed", lossy: true })]);
  });

  it("refuses type arrays as declared; sends them as type + nullable", () => {
    const schema = { type: "object", properties: { note: { type: ["string", "null"] } }, required: ["note"] };
    expect(checkOne(OPENAPI, schema, "reject").rejected[0]!.error).toBe(
      `Invalid JSON payload received. Unknown name "type" at '/properties/note': Proto field is not repeating, cannot start list.`,
    );
    const result = checkOne(OPENAPI, schema);
    expect(result.verdict).toBe("translated");
    const native = translateForMode(declare(schema), resolveTarget(OPENAPI).mode).native as { properties: Record<string, unknown> };
    expect(native.properties.note).toEqual({ type: "string", nullable: true });
  });

  it("sends anyOf with a null branch as nullable, const as enum, number enums as format: enum", () => {
    const schema = {
      type: "object",
      properties: { when: { anyOf: [{ type: "string", format: "date-time" }, { type: "null" }] }, kind: { const: "event" }, code: { type: "integer", enum: [101, 201] } },
      required: ["when", "kind", "code"],
    };
    const result = checkOne(OPENAPI, schema);
    expect(result.verdict).toBe("translated");
    const native = translateForMode(declare(schema), resolveTarget(OPENAPI).mode).native as { properties: Record<string, unknown> };
    expect(native.properties).toEqual({
      when: { type: "string", format: "date-time", nullable: true },
      kind: { enum: ["event"] },
      code: { type: "integer", format: "enum", enum: ["101", "201"] },
    });
    expect(checkOne(OPENAPI, { type: "object", properties: { k: { const: "x" } } }, "reject").rejected[0]!.error).toContain(`Unknown name "const"`);
  });

  it("refuses a mixed enum", () => {
    expect(checkOne(OPENAPI, { type: "object", properties: { v: { enum: ["a", 1] } } }).rejected[0]!.feature).toBe("enum");
  });

  it("inlines local $refs and refuses recursion with the unknown-name error", () => {
    const shared = { type: "object", properties: { name: { type: "string" } }, required: ["name"] };
    const inlined = checkOne(OPENAPI, { type: "object", properties: { a: { $ref: "#/$defs/p" }, b: { $ref: "#/$defs/p" } }, $defs: { p: shared } });
    expect(inlined.verdict).toBe("translated");
    expect(inlined.changes.map((change) => `${change.path} ${change.keyword}`)).toEqual(["/properties/a $ref", "/properties/b $ref", " $defs"]);
    const recursive = checkOne(OPENAPI, { type: "object", properties: { next: { $ref: "#" } } });
    expect(recursive.verdict).toBe("rejected");
    expect(recursive.rejected[0]!.error).toBe(`Invalid JSON payload received. Unknown name "$ref" at '/properties/next': Cannot find field.`);
  });

  it("refuses exclusiveMinimum and propertyNames as unknown names", () => {
    const schema = { type: "object", properties: { n: { type: "number", exclusiveMinimum: 0 } }, propertyNames: { pattern: "^a" } };
    const errors = checkOne(OPENAPI, schema, "reject").rejected.map((entry) => entry.error);
    expect(errors).toEqual(expect.arrayContaining([expect.stringContaining(`Unknown name "exclusiveMinimum"`), expect.stringContaining(`Unknown name "propertyNames"`)]));
  });

  it("takes date-time; other formats are unknown (the v1beta client and Firebase disagree), so not claimed", () => {
    expect(checkOne(OPENAPI, { type: "object", properties: { at: { type: "string", format: "date-time" } } }).verdict).toBe("native");
    const email = checkOne(OPENAPI, { type: "object", properties: { to: { type: "string", format: "email" } } });
    expect(email.verdict).toBe("needs-local-validation");
    expect(email.rejected).toEqual([]);
  });

  it("does not claim enforcement of SDK-only fields (minLength, pattern)", () => {
    const result = checkOne(OPENAPI, { type: "object", properties: { s: { type: "string", minLength: 1, pattern: "^a" } } });
    expect(result.verdict).toBe("needs-local-validation");
    expect(result.ignored.map((entry) => entry.feature)).toEqual(["minLength", "pattern"]);
  });

  it("allows a non-object root for responseSchema, not for function parameters", () => {
    expect(checkOne(OPENAPI, { type: "array", items: { type: "string" } }).verdict).toBe("native");
    expect(checkOne(PARAMETERS, { type: "array", items: { type: "string" } }, "strip", { name: "terminal_last_command" }).rejected[0]!.error).toBe(
      "Unable to submit request because terminal_last_command functionDeclaration parameters schema should be of type OBJECT",
    );
  });

  it("sends a zero-argument function without parameters, and refuses a nested empty object", () => {
    const zero = translateForMode(declare({ type: "object", properties: {} }), resolveTarget(PARAMETERS).mode);
    expect(zero.native).toBeNull();
    expect(zero.fragment).toEqual({ tools: [{ functionDeclarations: [{ name: "probe_tool" }] }], toolConfig: { functionCallingConfig: { mode: "VALIDATED" } } });
    expect(checkOne(PARAMETERS, { type: "object", properties: {} }).verdict).toBe("translated");
    const nested = checkOne(PARAMETERS, { type: "object", properties: { opts: { type: "object", properties: {} } } });
    expect(nested.rejected[0]!.error).toContain("should be non-empty for OBJECT type");
  });

  it("refuses an array without items in function parameters", () => {
    const result = checkOne(PARAMETERS, { type: "object", properties: { location: { type: "array" } } });
    expect(result.rejected[0]!.error).toContain(".items: missing field.");
  });

  it("removes keywords the proto does not know ($schema losslessly)", () => {
    const result = checkOne(OPENAPI, { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", properties: { a: { type: "string" } } });
    expect(result.verdict).toBe("translated");
    expect(result.changes).toEqual([expect.objectContaining({ keyword: "$schema", kind: "removed", lossy: false })]);
  });
});

describe("Gemini JSON Schema dialect (responseJsonSchema)", () => {
  it("takes its documented subset natively", () => {
    const schema = {
      type: "object",
      properties: {
        name: { type: ["string", "null"] },
        n: { type: "integer", minimum: 0, maximum: 5 },
        tags: { type: "array", items: { type: "string", enum: ["a", "b"] }, minItems: 1, maxItems: 2 },
        pair: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }] },
        extra: { type: "object", additionalProperties: { type: "string" } },
        day: { type: "string", format: "date" },
      },
      required: ["name"],
      additionalProperties: false,
    };
    expect(checkOne(JSON_SCHEMA, schema)).toMatchObject({ verdict: "native", rejected: [], ignored: [] });
  });

  it("ignores unsupported keywords silently: needs local validation, nothing changed", () => {
    const result = checkOne(JSON_SCHEMA, { type: "object", properties: { s: { type: "string", maxLength: 3 }, k: { const: "x" }, u: { type: "array", items: { type: "string" }, uniqueItems: true } } });
    expect(result.verdict).toBe("needs-local-validation");
    expect(result.changes).toEqual([]);
    expect(result.ignored.map((entry) => entry.feature)).toEqual(["maxLength", "const", "uniqueItems"]);
  });

  it("reads oneOf as anyOf and unrolls recursion only to a limited degree", () => {
    const result = checkOne(JSON_SCHEMA, { type: "object", properties: { v: { oneOf: [{ type: "string" }, { type: "integer" }] }, next: { $ref: "#" } } });
    expect(result.ignored.map((entry) => entry.feature)).toEqual(["oneOf", "$ref:recursive"]);
  });
});

describe("Gemini function parametersJsonSchema", () => {
  it("does not claim more than types and required are validated", () => {
    const result = checkOne("google:generate.functionDeclarations.parametersJsonSchema", { type: "object", properties: { n: { type: "integer", minimum: 1 } }, required: ["n"] });
    expect(result.verdict).toBe("needs-local-validation");
    expect(result.ignored.map((entry) => entry.feature)).toEqual(["minimum"]);
  });
});
