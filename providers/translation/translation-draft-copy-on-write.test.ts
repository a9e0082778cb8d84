// Guards the copy-on-write draft: a translation that changes nothing reads (and returns) the declared
// schema without copying it; one that edits works on its own copy and leaves the declared one as it was.
import { describe, expect, it } from "vitest";
import { resolveTarget } from "../profiles/load-profiles.js";
import type { DeclaredSchema, JsonSchema } from "../../src/schema/types.js";
import { translateForMode } from "./translators.js";

const declare = (schema: JsonSchema): DeclaredSchema => ({ id: "t/x", name: "x", version: null, source: { file: "t", format: "schema", pointer: "" }, schema, role: "tool-input", dialect: "draft2020-12" });

describe("translation draft copy-on-write", () => {
  it("returns the declared schema itself when the target changes nothing", () => {
    const schema = { type: "object", properties: { name: { type: "string" } }, required: ["name"] };
    const translation = translateForMode(declare(schema), resolveTarget("openai-compatible:chat.tools").mode);
    expect(translation.changes).toEqual([]);
    expect(translation.native).toBe(schema);
  });

  it("edits a copy and leaves the declared schema untouched when the target changes it", () => {
    const schema = { type: "object", properties: { name: { type: "string", minLength: 2 } } };
    const before = JSON.stringify(schema);
    const translation = translateForMode(declare(schema), resolveTarget("openai:chat.tools.strict").mode);
    expect(translation.changes.length).toBeGreaterThan(0);
    expect(translation.native).not.toBe(schema);
    expect(JSON.stringify(schema)).toBe(before);
  });

  it("repairs an object without properties in a copy (the shape rule's one edit)", () => {
    const schema = { type: "object", properties: { inner: { type: "object", additionalProperties: false } }, required: ["inner"], additionalProperties: false };
    const before = JSON.stringify(schema);
    const translation = translateForMode(declare(schema), resolveTarget("openai:chat.tools.strict").mode);
    expect(translation.changes.some((change) => change.keyword === "properties" && change.path === "/properties/inner")).toBe(true);
    expect(JSON.stringify(schema)).toBe(before);
  });
});
