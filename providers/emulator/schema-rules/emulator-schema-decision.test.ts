import { describe, expect, test } from "vitest";
import { policiesFrom } from "./emulator-profile-policy.js";
import { decideSchema } from "./emulator-schema-decision.js";
import type { ModePolicy } from "../emulator-types.js";

const policy = (cells: Record<string, string>, enforcement: ModePolicy["enforcement"] = "constrained"): ModePolicy => ({
  ...policiesFrom("openai", { m: cells as never }).get("m")!,
  enforcement,
});

const schema = {
  type: "object",
  properties: { name: { type: "string", pattern: "^[a-z]+$", description: "lower" }, n: { type: "integer", minimum: 1 } },
  required: ["name", "n"],
  additionalProperties: false,
};

describe("decideSchema", () => {
  test("the first rejected feature in walk order is the rejection, with the cell's text", () => {
    const decision = decideSchema(schema, { ...policy({ pattern: "rejected", minimum: "rejected" }), features: { pattern: { status: "rejected", error: "no '<kw>' at <context>" }, minimum: { status: "rejected" } } });
    expect(decision).toEqual({ kind: "reject", rejection: { feature: "pattern", path: "/properties/name", keyword: "pattern", vars: { type: "string", key: "name" }, template: "no '<kw>' at <context>" } });
  });

  test("ignored features are stripped from the effective schema; enforced and annotations stay", () => {
    const decision = decideSchema(schema, policy({ pattern: "ignored", minimum: "enforced", description: "ignored" }));
    expect(decision.kind).toBe("accept");
    if (decision.kind !== "accept") return;
    expect(decision.constrained).toBe(true);
    expect(decision.effective).toMatchObject({ properties: { name: { type: "string", description: "lower" }, n: { type: "integer", minimum: 1 } } });
    expect((decision.effective as { properties: { name: object } }).properties.name).not.toHaveProperty("pattern");
    expect(schema.properties.name.pattern).toBe("^[a-z]+$");
  });

  test("an altered format with a syntax-only rule (XGrammar's date-time, email) is held to that syntax; one without keeps its format", () => {
    const formats = { type: "object", properties: { at: { type: "string", format: "date-time" }, to: { type: "string", format: "email" }, id: { type: "string", format: "uuid" } } };
    const decision = decideSchema(formats, policy({ "format:date-time": "altered", "format:email": "altered", "format:uuid": "altered" }));
    if (decision.kind !== "accept") throw new Error("expected the schema accepted");
    const properties = (decision.effective as { properties: Record<string, Record<string, unknown>> }).properties;
    expect(properties.at).not.toHaveProperty("format");
    expect(new RegExp(properties.at!.pattern as string).test("2024-02-30T10:00:00Z")).toBe(true);
    expect(new RegExp(properties.at!.pattern as string).test("yesterday at noon")).toBe(false);
    expect(new RegExp(properties.to!.pattern as string).test("not-an-email@a")).toBe(true);
    expect(properties.id).toEqual({ type: "string", format: "uuid" });
    expect(decision.notes).toContain("altered format:uuid at /properties/id: held as declared");
  });

  test("a best-effort mode is not constrained, whatever its annotation cells say", () => {
    const decision = decideSchema(schema, policy({ description: "enforced" }, "best-effort"));
    expect(decision).toMatchObject({ kind: "accept", constrained: false });
  });

  test("unknown cells follow the mode: enforced when constrained, or as unknownAs says", () => {
    const constrained = decideSchema(schema, policy({}));
    expect(constrained.kind === "accept" && constrained.effective).toEqual(schema);
    expect(decideSchema(schema, policy({}), "rejected")).toMatchObject({ kind: "reject", rejection: { feature: "type:object" } });
  });

  test("altered oneOf is read as anyOf; altered optional becomes required and nullable", () => {
    const oneOf = { type: "object", properties: { v: { oneOf: [{ type: "string" }, { type: "integer" }] }, w: { type: "string" } }, required: ["v"] };
    const decision = decideSchema(oneOf, policy({ oneOf: "altered", optional: "altered" }));
    expect(decision.kind === "accept" && decision.effective).toEqual({
      type: "object",
      properties: { v: { anyOf: [{ type: "string" }, { type: "integer" }] }, w: { anyOf: [{ type: "string" }, { type: "null" }] } },
      required: ["v", "w"],
    });
  });

  test("an optional property's own alteration still applies once optional wraps it as nullable", () => {
    const colors = { type: "object", properties: { color: { type: "string", enum: ["red"] } } };
    const decision = decideSchema(colors, policy({ enum: "altered", optional: "altered" }));
    expect(decision.kind === "accept" && decision.effective).toEqual({
      type: "object",
      properties: { color: { anyOf: [{ type: "string", anyOf: [{ type: "string", pattern: "^[rR][eE][dD]$" }] }, { type: "null" }] } },
      required: ["color"],
    });
  });

  test("mode rules name the first offending place", () => {
    const rules = { ...policy({}), rules: { objectsNeedProperties: true, additionalPropertiesFalseRequired: true }, ruleErrors: { additionalPropertiesFalseRequired: "ap at <context>" } };
    const nested = { type: "object", properties: { inner: { type: "object", properties: {} } }, required: ["inner"], additionalProperties: false };
    expect(decideSchema(nested, rules)).toMatchObject({ kind: "reject", rejection: { rule: "additionalPropertiesFalseRequired", path: "/properties/inner", template: "ap at <context>" } });
    expect(decideSchema({ type: "object" }, rules)).toMatchObject({ kind: "reject", rejection: { rule: "objectsNeedProperties", path: "" } });
  });

  test("a passed limit is refused with the measured count; a root anyOf with no object type breaks rootMustBeObject", () => {
    const limited = { ...policy({ "limit:enum-size": "rejected" }), limits: { maxEnumValues: 2 } };
    const enums = { type: "object", properties: { e: { enum: ["a", "b", "c"] } }, required: ["e"], additionalProperties: false };
    expect(decideSchema(enums, limited)).toMatchObject({ kind: "reject", rejection: { feature: "limit:enum-size", vars: { limit: "2", count: "3" } } });
    const rooted = { ...policy({}), rules: { rootMustBeObject: true } };
    expect(decideSchema({ anyOf: [{ type: "object", properties: {} }] }, rooted)).toMatchObject({ kind: "reject", rejection: { feature: "root:non-object", keyword: "anyOf" } });
  });

  test("a root that declares type object beside required-only anyOf branches is an object: only rootMustNotUseAnyOf refuses it", () => {
    // As check-schema-shapes.ts judges it: the profile's rootMustBeObject is about the root's type, and a mode
    // refuses a root anyOf as such only where it documents rootMustNotUseAnyOf (OpenAI).
    const root = { type: "object", properties: { a: { type: "string" }, b: { type: "string" } }, anyOf: [{ required: ["a"] }, { required: ["b"] }] };
    expect(decideSchema(root, { ...policy({}), rules: { rootMustBeObject: true } }).kind).not.toBe("reject");
    expect(decideSchema(root, { ...policy({}), rules: { rootMustNotUseAnyOf: true } })).toMatchObject({ kind: "reject", rejection: { feature: "anyOf", keyword: "anyOf" } });
  });
});
