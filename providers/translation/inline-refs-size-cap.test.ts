// Regression: inlining a ref web whose expansion doubles at each level (d0 holds d1 twice, d1 holds d2
// twice...) ran 64 passes of ever larger copies. The copy is capped: past the cap the schema is
// rejected for the target with that reason, and the work stays bounded by the cap.
import { describe, expect, it } from "vitest";
import { resolveTarget } from "../profiles/load-profiles.js";
import { translateForMode } from "./translators.js";
import type { DeclaredSchema, JsonSchema } from "../../src/schema/types.js";
import { listSubschemas } from "../../src/schema/walk-schema.js";

function doublingWeb(levels: number): JsonSchema {
  const $defs: Record<string, unknown> = { [`d${levels}`]: { type: "string" } };
  for (let level = 0; level < levels; level++) {
    const next = { $ref: `#/$defs/d${level + 1}` };
    $defs[`d${level}`] = { type: "object", properties: { left: next, right: next }, required: ["left", "right"] };
  }
  return { type: "object", properties: { top: { $ref: "#/$defs/d0" } }, required: ["top"], $defs };
}

const declared = (schema: JsonSchema): DeclaredSchema => ({
  id: "t/web", name: "web", version: null, source: { file: "t.json", format: "schema", pointer: "" }, schema, role: "tool-input", dialect: "draft2020-12",
});

describe("inlining with a size cap", () => {
  const gemini = resolveTarget("google:generate.functionDeclarations.parameters").mode;

  it("inlines a web whose expansion fits", () => {
    const translation = translateForMode(declared(doublingWeb(4)), gemini);
    expect(translation.rejected).toEqual([]);
    expect(JSON.stringify(translation.native)).not.toContain("$ref");
    expect(listSubschemas(translation.native!).length).toBe(2 ** 5);
  });

  it("rejects a web whose expansion would pass the cap, naming the cap, instead of copying it", () => {
    const translation = translateForMode(declared(doublingWeb(40)), gemini);
    // The refs left in place are then refused too, each with the provider's own error.
    expect(translation.rejected[0]).toEqual({ feature: "$ref:local", path: "", error: expect.stringContaining("too large to send inlined") });
    expect(listSubschemas(translation.native!).length).toBeLessThan(200);
  });
});
