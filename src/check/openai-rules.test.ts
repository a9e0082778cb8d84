// Each OpenAI rule the profile encodes (providers.md §1.2-§1.6): a schema breaking it is classified as
// the API would, with the API's own text where one is on record.
import { describe, expect, it } from "vitest";
import { checkOn, checkOne, closedObject, declare } from "./test-support/check-one.js";

const TOOLS = "openai:chat.tools.strict";
const FORMAT = "openai:chat.response_format.strict";

describe("OpenAI strict: additionalProperties must be false on every object", () => {
  const open = { type: "object", properties: { city: { type: "string" } }, required: ["city"] };

  it("is added by translation (lossless)", () => {
    const result = checkOne(TOOLS, open);
    expect(result.verdict).toBe("translated");
    expect(result.changes).toEqual([expect.objectContaining({ path: "", keyword: "additionalProperties", kind: "added", lossy: false })]);
    expect(result.fallback.rung).toBe("strict-native");
  });

  it("is refused as declared with the API's error", () => {
    const result = checkOne(TOOLS, open, "reject");
    expect(result.verdict).toBe("rejected");
    expect(result.rejected[0]!.error).toBe("Invalid schema for function 'probe_tool': In context=(), 'additionalProperties' is required to be supplied and to be false.");
  });

  it("refuses additionalProperties: true on an object with properties as declared, narrows it when translating", () => {
    const loose = { ...open, additionalProperties: true };
    expect(checkOne(TOOLS, loose, "reject").rejected[0]!.error).toContain("'additionalProperties' is required to be supplied and to be false");
    const translated = checkOne(TOOLS, loose);
    expect(translated.verdict).toBe("translated");
    expect(translated.changes[0]).toMatchObject({ keyword: "additionalProperties", kind: "rewritten", lossy: false });
  });

  it("refuses a map (additionalProperties schema, no properties): closing it would leave nothing", () => {
    const schema = closedObject({ tags: { type: "object", additionalProperties: { type: "string" } } });
    const result = checkOne(TOOLS, schema);
    expect(result.verdict).toBe("rejected");
    expect(result.rejected[0]).toMatchObject({ feature: "additionalProperties:schema", path: "/properties/tags" });
    expect(result.rejected[0]!.error).toContain("In context=('properties', 'tags'), object schema missing properties.");
  });
});

describe("OpenAI strict: every property required", () => {
  const schema = { type: "object", properties: { city: { type: "string" }, unit: { type: "string", enum: ["C", "F"] } }, required: ["city"], additionalProperties: false };

  it("rewrites optional to required + nullable, losslessly", () => {
    const result = checkOne(TOOLS, schema);
    expect(result.verdict).toBe("translated");
    expect(result.changes).toEqual([expect.objectContaining({ path: "/properties/unit", feature: "optional", lossy: false })]);
  });

  it("refuses it as declared with the API's error naming the key", () => {
    const result = checkOne(FORMAT, schema, "reject", { name: "weather" });
    expect(result.rejected[0]).toMatchObject({ feature: "optional", path: "/properties/unit" });
    expect(result.rejected[0]!.error).toBe(
      "Invalid schema for response_format 'weather': In context=(), 'required' is required to be supplied and to be an array including every key in properties. Missing 'unit'.",
    );
  });
});

describe("OpenAI strict: unsupported keywords", () => {
  it("refuses oneOf as declared: 'oneOf' is not permitted", () => {
    const schema = closedObject({ pet: { oneOf: [{ type: "string" }, { type: "integer" }] } });
    const result = checkOne(FORMAT, schema, "reject", { name: "PetOwner" });
    expect(result.rejected).toEqual([expect.objectContaining({ feature: "oneOf", path: "/properties/pet" })]);
    expect(result.rejected[0]!.error).toBe("Invalid schema for response_format 'PetOwner': In context=('properties', 'pet'), 'oneOf' is not permitted.");
  });

  it("sends oneOf as anyOf when translating, and says answers need local validation", () => {
    const result = checkOne(TOOLS, closedObject({ pet: { oneOf: [{ type: "string" }, { type: "integer" }] } }));
    expect(result.verdict).toBe("needs-local-validation");
    expect(result.changes).toEqual([expect.objectContaining({ keyword: "oneOf", kind: "rewritten", lossy: true })]);
    expect(result.ignored).toEqual([expect.objectContaining({ feature: "oneOf", path: "/properties/pet" })]);
    expect(result.fallback.rung).toBe("validate-and-retry");
  });

  it.each([
    ["allOf", { type: "string", allOf: [{ type: "string" }, { type: "string", minLength: 1 }] }],
    ["not", { type: "string", not: { type: "string", const: "x" } }],
    ["uniqueItems", { type: "array", items: { type: "string" }, uniqueItems: true }],
    ["patternProperties", { type: "object", properties: { a: { type: "string" } }, required: ["a"], additionalProperties: false, patternProperties: { "^x": { type: "string" } } }],
  ])("refuses %s as declared and strips it (lossy) when translating", (keyword, property) => {
    const declared = closedObject({ value: property as Record<string, unknown> });
    const rejected = checkOne(TOOLS, declared, "reject");
    expect(rejected.rejected.some((entry) => entry.error.endsWith(`'${keyword}' is not permitted.`))).toBe(true);
    const translated = checkOne(TOOLS, declared);
    expect(translated.verdict).toBe("needs-local-validation");
    expect(translated.changes.some((change) => change.keyword === keyword && change.kind === "removed" && change.lossy)).toBe(true);
  });

  it("refuses $ref with keywords beside it as declared; inlines it when translating", () => {
    const schema = { ...closedObject({ pet_color: { $ref: "#/$defs/color", description: "fur" } }), $defs: { color: { type: "string", enum: ["red", "blue"] } } };
    const rejected = checkOne(FORMAT, schema, "reject", { name: "PetOwner" });
    expect(rejected.rejected[0]!.error).toBe("Invalid schema for response_format 'PetOwner': context=('properties', 'pet_color'), $ref cannot have keywords {'description'}.");
    const translated = checkOne(FORMAT, schema);
    expect(translated.verdict).toBe("translated");
    expect(translated.changes).toEqual([expect.objectContaining({ path: "/properties/pet_color", keyword: "$ref", kind: "rewritten", lossy: false })]);
  });

  it("keeps the supported subset native: formats, pattern, numeric bounds, minItems, recursion", () => {
    const schema = {
      ...closedObject({
        when: { type: "string", format: "date-time" },
        code: { type: "string", pattern: "^[A-Z]{3}$" },
        count: { type: "integer", minimum: 1, maximum: 9, multipleOf: 1 },
        tags: { type: "array", items: { type: "string", format: "uuid" }, minItems: 1, maxItems: 3 },
        next: { anyOf: [{ $ref: "#/$defs/node" }, { type: "null" }] },
      }),
      $defs: { node: closedObject({ value: { type: "string" }, next: { anyOf: [{ $ref: "#/$defs/node" }, { type: "null" }] } }) },
    };
    expect(checkOne(FORMAT, schema)).toMatchObject({ verdict: "native", changes: [], ignored: [], rejected: [] });
  });

  it("does not claim enforcement of what providers.md leaves unconfirmed (minLength)", () => {
    const result = checkOne(TOOLS, closedObject({ name: { type: "string", minLength: 2 } }));
    expect(result.verdict).toBe("needs-local-validation");
    expect(result.ignored[0]).toMatchObject({ feature: "minLength", path: "/properties/name" });
    expect(result.ignored[0]!.note).toMatch(/UNCONFIRMED/);
  });

  it("removes default (VERSIONED: once refused on functions) without losing anything", () => {
    const result = checkOne(TOOLS, closedObject({ scale: { type: "string", default: "m" } }));
    expect(result.verdict).toBe("translated");
    expect(result.changes).toEqual([expect.objectContaining({ keyword: "default", kind: "removed", lossy: false })]);
  });
});

describe("OpenAI strict: schema shapes", () => {
  it("refuses a non-object root with the API's error", () => {
    const result = checkOne(FORMAT, { type: "array", items: { type: "string" } }, "strip", { name: "listing" });
    expect(result.rejected[0]).toMatchObject({ feature: "root:non-object", path: "" });
    expect(result.rejected[0]!.error).toBe(`Invalid schema for response_format 'listing': schema must be a JSON Schema of 'type: "object"', got 'type: "array"'.`);
  });

  it("refuses a root anyOf", () => {
    const result = checkOne(TOOLS, { type: "object", anyOf: [closedObject({ a: { type: "string" } }), closedObject({ b: { type: "string" } })] });
    expect(result.verdict).toBe("rejected");
    expect(result.rejected[0]).toMatchObject({ feature: "anyOf", path: "" });
  });

  it("refuses an array without items and a schema without a type", () => {
    const result = checkOne(TOOLS, closedObject({ paths: { type: "array" }, blockedReason: { description: "anything" } }), "strip", { name: "fn" });
    expect(result.rejected.map((entry) => entry.error)).toEqual([
      "Invalid schema for function 'fn': In context=('properties', 'paths'), array schema missing items.",
      "Invalid schema for function 'fn': In context=('properties', 'blockedReason'), schema must have a 'type' key.",
    ]);
  });

  it("adds properties: {} to a closed object without properties (a zero-argument tool)", () => {
    const result = checkOne(TOOLS, { type: "object", additionalProperties: false });
    expect(result.verdict).toBe("translated");
    expect(result.changes.map((change) => change.keyword)).toEqual(["properties", "required"]);
  });
});

describe("OpenAI strict: limits (per schema)", () => {
  it("refuses more than 1000 enum values, in the API's words", () => {
    const values = Array.from({ length: 1001 }, (_, index) => `v${index}`);
    const result = checkOne(FORMAT, closedObject({ code: { type: "string", enum: values } }), "strip", { name: "MyTemplate" });
    expect(result.rejected[0]).toMatchObject({ feature: "limit:enum-size" });
    expect(result.rejected[0]!.error).toContain(
      "Invalid schema for response_format 'MyTemplate': Expected at most 1000 enum values in total within a single schema when using structured outputs, but received 1001.",
    );
  });

  it("refuses more than 5000 properties and more than 10 levels of nesting", () => {
    const wide = closedObject(Object.fromEntries(Array.from({ length: 5001 }, (_, index) => [`p${index}`, { type: "string" }])));
    expect(checkOne(FORMAT, wide).rejected.map((entry) => entry.feature)).toContain("limit:property-count");
    let deep = closedObject({ leaf: { type: "string" } });
    for (let level = 0; level < 10; level++) deep = closedObject({ child: deep });
    expect(checkOne(FORMAT, deep).rejected.map((entry) => entry.feature)).toEqual(["limit:nesting-depth"]);
    let ten = closedObject({ leaf: { type: "string" } });
    for (let level = 0; level < 9; level++) ten = closedObject({ child: ten });
    expect(checkOne(FORMAT, ten).verdict).toBe("native");
  });

  it("refuses a string enum of more than 250 values longer than 15,000 characters in all", () => {
    const values = Array.from({ length: 251 }, (_, index) => `${index}`.padEnd(60, "x"));
    const result = checkOne(FORMAT, closedObject({ code: { type: "string", enum: values } }));
    expect(result.rejected.map((entry) => entry.feature)).toEqual(["limit:enum-size"]);
    expect(result.rejected[0]!.error).toContain("over the documented limit of 15000");
  });

  it("refuses more than 120,000 characters of names and enum values in all", () => {
    const values = Array.from({ length: 100 }, (_, index) => `${index}`.padEnd(1201, "x"));
    const result = checkOne(FORMAT, closedObject({ code: { type: "string", enum: values } }));
    expect(result.rejected.map((entry) => entry.feature)).toEqual(["limit:total-string-length"]);
    expect(checkOne(FORMAT, closedObject({ code: { type: "string", enum: values.slice(0, 99) } })).verdict).toBe("native");
  });

  it("refuses a catalog of more than 128 tools on Chat Completions", () => {
    const tools = Array.from({ length: 129 }, (_, index) => declare(closedObject({ q: { type: "string" } }), { name: `tool_${index}` }));
    const results = checkOn(TOOLS, tools);
    expect(results.every((result) => result.rejected.some((entry) => entry.feature === "limit:tool-count"))).toBe(true);
    expect(checkOn(TOOLS, tools.slice(0, 128)).every((result) => result.verdict === "native")).toBe(true);
  });
});

describe("OpenAI non-strict", () => {
  it("enforces nothing: every constraint needs local validation", () => {
    const result = checkOne("openai:chat.tools", closedObject({ n: { type: "integer", minimum: 1 } }));
    expect(result.verdict).toBe("needs-local-validation");
    // Nothing is held, for one reason: one entry for the whole schema instead of one per use (issue 22).
    expect(result.ignored).toEqual([expect.objectContaining({ feature: "*", path: "" })]);
  });

  it("still refuses a non-object root for a function", () => {
    const result = checkOne("openai:chat.tools", { type: "array", items: { type: "string" } });
    expect(result.rejected[0]!.error).toContain(`schema must be a JSON Schema of 'type: "object"', got 'type: "array"'.`);
  });
});
