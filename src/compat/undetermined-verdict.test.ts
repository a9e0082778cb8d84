// Three verdicts: undetermined exactly where a search could not run. A required part the generator
// cannot draw stops the search, so a suspicion no built value witnessed stays open; an optional part
// it cannot draw is left out (and named), and the search of the rest decides.
import { describe, expect, it } from "vitest";
import type { CompatResult } from "../report/model.js";
import type { DeclaredSchema, JsonSchema } from "../schema/types.js";
import { compareVersions } from "./compare-versions.js";

function compare(oldSchema: JsonSchema, newSchema: JsonSchema): CompatResult {
  const declared = (schema: JsonSchema, version: string): DeclaredSchema => ({ id: "t/tool", name: "tool", version, source: { file: "t.json", format: "schema", pointer: "" }, schema, role: "tool-input", dialect: "draft2020-12" });
  return compareVersions(declared(oldSchema, "1.0.0"), declared(newSchema, "1.1.0"), "backward", { runs: 100, seed: 3, replay: "replay" });
}

/** Longer than the generator ever draws a free string: satisfiable, but not by the generator. */
const UNDRAWABLE = { type: "string", not: { maxLength: 40 } };
const HALF_STEPS = { oneOf: [{ type: "integer" }, { type: "number", multipleOf: 0.5 }] };
const list = (extra: Record<string, unknown> = {}) => ({ type: "array", items: { type: "integer" }, ...extra });

describe("undetermined", () => {
  it("a required part the generator cannot draw: the search cannot run, the suspicion stays open", () => {
    const old = { type: "object", properties: { code: UNDRAWABLE, ids: list() }, required: ["code", "ids"] };
    const next = { type: "object", properties: { code: UNDRAWABLE, ids: list({ uniqueItems: true }) }, required: ["code", "ids"] };
    const result = compare(old, next);
    expect(result.verdict).toBe("undetermined");
    expect(result.undetermined![0]).toMatch(/^the search of values valid under the accepting version could not run: no value satisfied not/);
    expect(result.undetermined).toContain("/properties/ids/uniqueItems (unique-items) suspected, not witnessed, and no search of it ran");
  });

  it("a required part the generator cannot draw, and nothing suspected: still undetermined (nothing was searched)", () => {
    const old = { type: "object", properties: { code: UNDRAWABLE, note: { type: "string" } }, required: ["code", "note"] };
    const next = { type: "object", properties: { code: UNDRAWABLE, note: { type: "string" } }, required: ["code"] };
    expect(compare(old, next)).toMatchObject({ verdict: "undetermined", cases: 0 });
  });

  it("only annotations changed: compatible without a search, whatever the generator can draw", () => {
    const old = { type: "object", properties: { code: UNDRAWABLE, description: { type: "string" } }, required: ["code"] };
    const next = { ...old, description: "the same contract, described" };
    expect(compare(old, next)).toMatchObject({ verdict: "compatible", cases: 0, notes: ["only annotations changed (descriptions, titles, examples...)"] });
    // A property named `description` is not an annotation: dropping it from a closed object still counts.
    const closed = { ...old, additionalProperties: false };
    const dropped = { ...closed, properties: { code: UNDRAWABLE } };
    expect(compare(closed, dropped).verdict).not.toBe("compatible");
  });

  it("an optional part the generator cannot draw is left out, named, and the rest is searched: compatible with a count", () => {
    const old = { type: "object", properties: { step: HALF_STEPS, grams: { type: "integer", maximum: 100 } }, required: ["grams"] };
    const next = { type: "object", properties: { step: HALF_STEPS, grams: { type: "integer", maximum: 200 } }, required: ["grams"] };
    const result = compare(old, next);
    expect(result.verdict).toBe("compatible");
    expect(result.cases).toBeGreaterThanOrEqual(100);
    expect(result.notes).toContain("left out optional /properties/step: no value satisfied oneOf branch 0 alone after 101 draws");
    expect(result.undetermined).toBeUndefined();
  });

  it("a suspicion the search ran over and could not witness is compatible, not undetermined", () => {
    const old = { anyOf: [{ type: "string" }, { type: "string", maxLength: 3 }] };
    const result = compare(old, { anyOf: [{ type: "string" }] });
    expect(result).toMatchObject({ verdict: "compatible" });
    expect(result.changes.map((change) => change.status)).toEqual(["unconfirmed"]);
  });
});
