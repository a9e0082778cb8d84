// xAI (providers/openai-compatible/xai.profile.json): the HTTP 400s its structured-outputs page lists
// (empty enum/anyOf, boolean property schemas, min/maxContains, array-form items), each refused, and its
// guaranteed sizes (lengths 2,048, items 256, properties 64), past which a bound is best effort.
import { describe, expect, it } from "vitest";
import { checkOne, closedObject } from "./test-support/check-one.js";

const TARGETS = ["openai-compatible/xai:chat.response_format.strict", "openai-compatible/xai:chat.tools"];

describe.each(TARGETS)("%s: documented 400s", (target) => {
  it.each([
    ["enum", { type: "string", enum: [] }],
    ["anyOf", { anyOf: [] }],
    ["oneOf", { oneOf: [] }],
    ["items", { type: "array", items: [{ type: "string" }] }],
    ["contains", { type: "array", items: { type: "string" }, contains: { const: "a" }, minContains: 1 }],
    ["contains", { type: "array", items: { type: "string" }, contains: { const: "a" }, maxContains: 2 }],
  ])("refuses %s as declared (%j)", (feature, property) => {
    const result = checkOne(target, closedObject({ value: property as Record<string, unknown> }), "reject");
    expect(result.verdict).toBe("rejected");
    expect(result.rejected.map((entry) => [entry.feature, entry.path])).toEqual([[feature, "/properties/value"]]);
  });

  it("refuses a boolean property schema, as declared and when translating (no meaning to swap in)", () => {
    const schema = { type: "object", properties: { anything: true, name: { type: "string" } }, required: ["name"] };
    for (const unsupported of ["reject", "strip"] as const) {
      const result = checkOne(target, schema, unsupported);
      expect(result.verdict).toBe("rejected");
      expect(result.rejected.map((entry) => entry.feature)).toEqual(["properties"]);
    }
  });

  it("a non-empty enum, tuple-free items and contains without bounds are not refused", () => {
    const result = checkOne(target, closedObject({ e: { type: "string", enum: ["a"] }, l: { type: "array", items: { type: "string" } }, c: { type: "array", items: { type: "string" }, contains: { const: "a" } } }), "reject");
    expect(result.rejected).toEqual([]);
  });
});

describe.each(TARGETS)("%s: guaranteed sizes", (target) => {
  it("bounds up to 2,048 / 256 / 64 are held; past them each is listed as not enforced at its place, never refused", () => {
    const within = closedObject({ s: { type: "string", maxLength: 2048 }, l: { type: "array", items: { type: "string" }, maxItems: 256 }, o: { type: "object", maxProperties: 64 } });
    expect(checkOne(target, within).ignored.map((entry) => entry.feature)).not.toEqual(expect.arrayContaining(["maxLength", "maxItems", "maxProperties"]));
    const past = closedObject({ s: { type: "string", minLength: 1, maxLength: 2049 }, l: { type: "array", items: { type: "string" }, minItems: 300 }, o: { type: "object", maxProperties: 65 } });
    const result = checkOne(target, past);
    expect(result.verdict).toBe("needs-local-validation");
    expect(result.rejected).toEqual([]);
    const beyond = result.ignored.filter((entry) => /past the provider's guaranteed/.test(entry.note)).map((entry) => [entry.feature, entry.path]);
    expect(beyond).toEqual([
      ["maxLength", "/properties/s"],
      ["minItems", "/properties/l"],
      ["maxProperties", "/properties/o"],
    ]);
  });
});
