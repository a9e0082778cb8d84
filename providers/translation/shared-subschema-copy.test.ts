// Regression: a hand-built schema that uses one subschema object in two places. structuredClone kept
// the sharing, so making one optional property nullable made a required sibling nullable too.
import { describe, expect, it } from "vitest";
import { resolveTarget } from "../profiles/load-profiles.js";
import { translateForMode } from "./translators.js";

describe("translation of a schema sharing a subschema object", () => {
  it("edits each place on its own", () => {
    const integer = { type: "integer" };
    const schema = { type: "object", properties: { unit: integer, count: integer }, required: ["unit"] };
    const declared = { id: "t/x", name: "x", version: null, source: { file: "t", format: "schema" as const, pointer: "" }, schema, role: "tool-input" as const, dialect: "draft2020-12" as const };
    const native = translateForMode(declared, resolveTarget("openai:chat.tools.strict").mode).native as { properties: Record<string, unknown> };
    expect(native.properties).toEqual({ unit: { type: "integer" }, count: { type: ["integer", "null"] } });
  });
});
