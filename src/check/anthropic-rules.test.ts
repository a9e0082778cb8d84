// Each Anthropic rule the profile encodes (providers.md §2.2-§2.5), classified as the API would.
import { describe, expect, it } from "vitest";
import { checkOn, checkOne, closedObject, declare } from "./test-support/check-one.js";

const STRICT = "anthropic:messages.tools.strict";
const OUTPUT = "anthropic:messages.output_config.format";

describe("Anthropic strict tools and JSON outputs: unsupported constraints", () => {
  it("refuses minimum on an integer with the API's text", () => {
    const result = checkOne(OUTPUT, closedObject({ n: { type: "integer", minimum: 1 } }), "reject");
    expect(result.verdict).toBe("rejected");
    expect(result.rejected[0]).toMatchObject({ feature: "minimum", path: "/properties/n" });
    expect(result.rejected[0]!.error).toBe("output_config.format.schema: For 'integer' type, property 'minimum' is not supported");
  });

  it("refuses maxItems on strict tools with the API's text", () => {
    const result = checkOne(STRICT, closedObject({ tags: { type: "array", items: { type: "string" }, maxItems: 3 } }), "reject");
    expect(result.rejected[0]!.error).toBe("tools.<index>.custom: For 'array' type, property 'maxItems' is not supported");
  });

  it.each([
    ["uniqueItems", { type: "array", items: { type: "string" }, uniqueItems: true }, "For 'array' type, property 'uniqueItems' is not supported"],
    ["minProperties", { type: "object", properties: { a: { type: "string" } }, additionalProperties: false, minProperties: 1 }, "For 'object' type, property 'minProperties' is not supported"],
  ])("refuses %s with the observed text", (feature, property, text) => {
    const result = checkOne(STRICT, closedObject({ value: property as Record<string, unknown> }), "reject");
    expect(result.rejected).toEqual([expect.objectContaining({ feature })]);
    expect(result.rejected[0]!.error).toContain(text);
  });

  it("strips numeric and string constraints when translating (SDK behaviour), and asks for local validation", () => {
    const result = checkOne(STRICT, closedObject({ n: { type: "number", maximum: 9, multipleOf: 0.5 }, s: { type: "string", maxLength: 5 } }));
    expect(result.verdict).toBe("needs-local-validation");
    expect(result.changes.map((change) => `${change.keyword}:${change.lossy}`)).toEqual(["maximum:true", "multipleOf:true", "maxLength:true"]);
    expect(result.ignored.map((entry) => entry.feature)).toEqual(["maximum", "multipleOf", "maxLength"]);
  });

  it("takes minItems 0 and 1, not larger", () => {
    expect(checkOne(STRICT, closedObject({ a: { type: "array", items: { type: "string" }, minItems: 1 } })).verdict).toBe("native");
    const two = checkOne(STRICT, closedObject({ a: { type: "array", items: { type: "string" }, minItems: 2 } }));
    expect(two.verdict).toBe("needs-local-validation");
    expect(two.changes).toEqual([expect.objectContaining({ keyword: "minItems", kind: "removed", lossy: true })]);
    expect(checkOne(STRICT, closedObject({ a: { type: "array", items: { type: "string" }, minItems: 2 } }), "reject").verdict).toBe("rejected");
  });

  it("refuses recursive schemas even when translating", () => {
    const schema = { ...closedObject({ root: { $ref: "#/$defs/node" } }), $defs: { node: closedObject({ children: { type: "array", items: { $ref: "#/$defs/node" } } }) } };
    const result = checkOne(OUTPUT, schema);
    expect(result.verdict).toBe("rejected");
    expect(result.rejected).toEqual([expect.objectContaining({ feature: "$ref:recursive", error: "Too many recursive definitions in schema" })]);
    // One rule per cause (issue 22): refused, and no documented fallback target takes it → human review
    // with a redesign, on this target as on every other (it was validate-and-retry here, human-review elsewhere).
    expect(result.fallback.rung).toBe("human-review");
  });

  it("refuses complex values inside enum", () => {
    expect(checkOne(OUTPUT, closedObject({ v: { enum: [{ a: 1 }, "b"] } }), "reject").rejected[0]!.feature).toBe("enum");
  });
});

describe("Anthropic strict: objects and properties", () => {
  it("allows optional properties and closes objects the way the SDKs do", () => {
    const result = checkOne(STRICT, { type: "object", properties: { q: { type: "string" }, limit: { type: "integer" } }, required: ["q"] });
    expect(result.verdict).toBe("translated");
    expect(result.changes).toEqual([expect.objectContaining({ keyword: "additionalProperties", kind: "added", lossy: false })]);
    expect(checkOne(STRICT, { type: "object", properties: { q: { type: "string" } }, required: [] }, "reject").verdict).toBe("native");
  });

  it("refuses additionalProperties other than false on a map", () => {
    const result = checkOne(STRICT, closedObject({ metadata: { type: "object", additionalProperties: { type: "string" } } }));
    expect(result.rejected).toEqual([expect.objectContaining({ feature: "additionalProperties:schema", path: "/properties/metadata" })]);
  });

  it("will not close a free-form object (no properties): it would hold nothing", () => {
    const schema = closedObject({ payload: { type: "object" } });
    const translated = checkOne(STRICT, schema);
    expect(translated.rejected).toEqual([expect.objectContaining({ feature: "additionalProperties:true", path: "/properties/payload" })]);
    expect(translated.rejected[0]!.error).toMatch(/^schemalab \(no provider error text on record\)/);
    expect(checkOne(STRICT, schema, "reject").verdict).toBe("native");
  });

  it("holds enums only up to casing: values may differ in capitalization", () => {
    const result = checkOne(OUTPUT, closedObject({ unit: { type: "string", enum: ["celsius", "fahrenheit"] } }));
    expect(result.verdict).toBe("needs-local-validation");
    expect(result.ignored[0]!.note).toMatch(/capitalization/);
  });

  it("keeps the documented formats, simple patterns, const, anyOf and local $ref native", () => {
    const schema = {
      ...closedObject({
        link: { type: "string", format: "uri" },
        day: { type: "string", format: "date" },
        code: { type: "string", pattern: "^[a-z]+$" },
        kind: { const: "event" },
        where: { anyOf: [{ type: "string" }, { type: "null" }] },
        who: { $ref: "#/$defs/person" },
      }),
      $defs: { person: closedObject({ name: { type: "string" } }) },
    };
    expect(checkOne(STRICT, schema)).toMatchObject({ verdict: "native", rejected: [], ignored: [] });
  });

  it("refuses a root anyOf on tools with the API's text", () => {
    const result = checkOne("anthropic:messages.tools", { type: "object", anyOf: [closedObject({ a: { type: "string" } })] });
    expect(result.rejected[0]!.error).toContain("input_schema: JSON schema is invalid. It must match JSON Schema draft 2020-12");
  });
});

describe("Anthropic limits, counted across the request (a catalog's strict tools)", () => {
  const withOptional = (count: number, name: string) =>
    declare({ type: "object", properties: Object.fromEntries(Array.from({ length: count }, (_, i) => [`o${i}`, { type: "string" }])), additionalProperties: false }, { name });

  it("refuses more than 24 optional parameters summed over the tools, and not 24", () => {
    const over = checkOn(STRICT, [withOptional(13, "a"), withOptional(12, "b")]);
    expect(over.map((result) => result.verdict)).toEqual(["rejected", "rejected"]);
    expect(over[0]!.rejected[0]).toMatchObject({ feature: "limit:optional-count" });
    expect(over[0]!.rejected[0]!.error).toContain("Schema is too complex for compilation.");
    expect(over[0]!.rejected[0]!.error).toContain("25 optional parameters in the 2 tool(s) of inline.json");
    expect(checkOn(STRICT, [withOptional(12, "a"), withOptional(12, "b")]).map((result) => result.verdict)).toEqual(["native", "native"]);
  });

  it("counts requests per catalog file", () => {
    const a = declare(withOptional(13, "a").schema, { name: "a", file: "one.json" });
    const b = declare(withOptional(12, "b").schema, { name: "b", file: "two.json" });
    expect(checkOn(STRICT, [a, b]).map((result) => result.verdict)).toEqual(["native", "native"]);
  });

  it("refuses more than 16 union-typed parameters and more than 20 strict tools", () => {
    const unions = declare(closedObject(Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`u${i}`, { type: ["string", "null"] }]))));
    expect(checkOn(STRICT, [unions])[0]!.rejected.map((entry) => entry.feature)).toEqual(["limit:union-count"]);
    const tools = Array.from({ length: 21 }, (_, i) => declare(closedObject({ q: { type: "string" } }), { name: `t${i}` }));
    expect(checkOn(STRICT, tools)[0]!.rejected.map((entry) => entry.feature)).toEqual(["limit:tool-count"]);
    expect(checkOn("anthropic:messages.tools", tools).every((result) => result.rejected.length === 0)).toBe(true);
  });
});

describe("Anthropic non-strict tools", () => {
  it("are not enforced: types and required may be violated", () => {
    const result = checkOne("anthropic:messages.tools", closedObject({ n: { type: "integer" } }), "strip", { risk: "high" });
    expect(result.verdict).toBe("needs-local-validation");
    expect(result.fallback.rung).toBe("human-review");
  });
});
