// Pairs of schema versions with known answers, through both methods. Every counterexample is checked
// again with the reference validator: accepted by the version that must keep accepting, rejected by
// the other. The last group is where the structural diff alone gets it wrong.
import { describe, expect, it } from "vitest";
import type { CompatResult } from "../report/model.js";
import type { DeclaredSchema, JsonSchema } from "../schema/types.js";
import { ajvValidator } from "../validators/ajv-validator.js";
import { normalizeVerdict } from "../validators/normalize-verdict.js";
import { compareVersions } from "./compare-versions.js";
import type { CompatDirection } from "./compat-types.js";

function declared(schema: JsonSchema, version: string): DeclaredSchema {
  return { id: "pairs/tool", name: "tool", version, source: { file: "pairs.json", format: "schema", pointer: "" }, schema, role: "tool-input", dialect: "draft2020-12" };
}

function compare(oldSchema: JsonSchema, newSchema: JsonSchema, direction: CompatDirection = "backward"): CompatResult {
  return compareVersions(declared(oldSchema, "1.0.0"), declared(newSchema, "1.1.0"), direction, { runs: 200, seed: 7, replay: "replay" });
}

function acceptedBy(schema: JsonSchema, value: unknown): boolean {
  const outcome = normalizeVerdict(ajvValidator.compile(schema as object)(value));
  if (!outcome.ok) throw new Error(outcome.violation);
  return outcome.verdict.valid;
}

/** The result's counterexample reproduces: the must-accept side accepts it, the other rejects it. */
function expectReproducibleBreak(result: CompatResult, oldSchema: JsonSchema, newSchema: JsonSchema): unknown {
  expect(result.verdict).toBe("breaking");
  const value = result.counterexample?.value;
  expect(result.counterexample).toBeDefined();
  const [accepting, rejecting] = result.direction === "backward" ? [oldSchema, newSchema] : [newSchema, oldSchema];
  expect(acceptedBy(accepting, value)).toBe(true);
  expect(acceptedBy(rejecting, value)).toBe(false);
  for (const change of result.changes.filter((c) => c.counterexample)) {
    expect(acceptedBy(accepting, change.counterexample!.value)).toBe(true);
    expect(acceptedBy(rejecting, change.counterexample!.value)).toBe(false);
  }
  return value;
}

const kinds = (result: CompatResult, status = "confirmed") => result.changes.filter((c) => c.status === status).map((c) => `${c.method}:${c.kind}`);

const object = (properties: Record<string, JsonSchema>, required: string[] = [], extra: Record<string, unknown> = {}) => ({
  type: "object",
  properties,
  required,
  additionalProperties: false,
  ...extra,
});

describe("breaks both methods agree on", () => {
  const cases: { name: string; old: JsonSchema; new: JsonSchema; kind: string; direction?: CompatDirection; check?: (value: unknown) => void }[] = [
    {
      name: "a field made required",
      old: object({ weight: { type: "number" }, unit: { type: "string" } }, ["weight"]),
      new: object({ weight: { type: "number" }, unit: { type: "string" } }, ["weight", "unit"]),
      kind: "structural:required-added",
      check: (value) => expect(value).not.toHaveProperty("unit"),
    },
    {
      name: "an enum value removed",
      old: object({ currency: { enum: ["EUR", "USD", "SEK"] } }, ["currency"]),
      new: object({ currency: { enum: ["EUR", "USD"] } }, ["currency"]),
      kind: "structural:enum-value-removed",
      check: (value) => expect(value).toEqual({ currency: "SEK" }),
    },
    {
      name: "null no longer allowed",
      old: object({ kcal: { type: ["number", "null"] } }, ["kcal"]),
      new: object({ kcal: { type: "number" } }, ["kcal"]),
      kind: "structural:type-narrowed",
      check: (value) => expect(value).toEqual({ kcal: null }),
    },
    {
      name: "a maximum lowered",
      old: object({ grams: { type: "integer", minimum: 1, maximum: 5000 } }, ["grams"]),
      new: object({ grams: { type: "integer", minimum: 1, maximum: 2000 } }, ["grams"]),
      kind: "structural:maximum-tightened",
      check: (value) => expect((value as { grams: number }).grams).toBeGreaterThan(2000),
    },
    {
      name: "a maxLength lowered",
      old: object({ note: { type: "string", maxLength: 280 } }),
      new: object({ note: { type: "string", maxLength: 100 } }),
      kind: "structural:maxLength-tightened",
    },
    { name: "a pattern added", old: object({ id: { type: "string" } }, ["id"]), new: object({ id: { type: "string", pattern: "^ORD-[0-9]{8}$" } }, ["id"]), kind: "structural:pattern-added" },
    { name: "a format added", old: object({ day: { type: "string" } }, ["day"]), new: object({ day: { type: "string", format: "date" } }, ["day"]), kind: "structural:format-added" },
    {
      name: "additionalProperties closed",
      old: { type: "object", properties: { a: { type: "string" } } },
      new: { type: "object", properties: { a: { type: "string" } }, additionalProperties: false },
      kind: "structural:additional-properties-closed",
    },
    {
      name: "a property removed from a closed object",
      old: object({ a: { type: "string" }, legacy: { type: "boolean" } }),
      new: object({ a: { type: "string" } }),
      kind: "structural:property-removed",
      check: (value) => expect(value).toHaveProperty("legacy"),
    },
    {
      name: "a new oneOf branch overlapping an old one",
      old: { oneOf: [{ type: "string", maxLength: 5 }, { type: "integer" }] },
      new: { oneOf: [{ type: "string", maxLength: 5 }, { type: "integer" }, { type: "string", pattern: "^a" }] },
      kind: "structural:oneOf-branch-added",
    },
    {
      name: "an optional field added (old consumers of a closed output)",
      old: object({ total: { type: "number" } }, ["total"]),
      new: object({ total: { type: "number" }, currency: { type: "string" } }, ["total"]),
      kind: "structural:property-added-to-closed-object",
      direction: "forward",
    },
    {
      name: "a bound loosened (old consumers)",
      old: object({ score: { type: "number", minimum: 0, maximum: 1 } }, ["score"]),
      new: object({ score: { type: "number", minimum: 0, maximum: 100 } }, ["score"]),
      kind: "structural:maximum-loosened",
      direction: "forward",
    },
  ];
  for (const { name, old, new: next, kind, direction, check } of cases) {
    it(`${name}: breaking (${kind})`, () => {
      const result = compare(old, next, direction);
      const value = expectReproducibleBreak(result, old, next);
      expect(kinds(result)).toContain(kind);
      check?.(value);
    });
  }
});

describe("changes that break nothing in the direction asked", () => {
  it("an optional field added to a closed object: backward compatible, no changes", () => {
    const result = compare(object({ total: { type: "number" } }, ["total"]), object({ total: { type: "number" }, currency: { type: "string" } }, ["total"]));
    expect(result).toMatchObject({ verdict: "compatible", changes: [] });
  });

  it("widenings (required dropped, enum grown, bound loosened) are backward compatible", () => {
    const old = object({ unit: { enum: ["kg"] }, weight: { type: "number", maximum: 300 } }, ["unit", "weight"]);
    const next = object({ unit: { enum: ["kg", "lb"] }, weight: { type: "number", maximum: 600 } }, ["weight"]);
    expect(compare(old, next)).toMatchObject({ verdict: "compatible", changes: [] });
    expect(kinds(compare(old, next, "forward")).sort()).toEqual(["structural:enum-value-added", "structural:maximum-loosened", "structural:required-removed"]);
  });

  it("an unchanged schema is compatible without searching", () => {
    const schema = object({ a: { type: "string" } });
    expect(compare(schema, structuredClone(schema))).toMatchObject({ verdict: "compatible", changes: [], notes: ["unchanged"] });
  });
});

describe("where the structural diff alone gets it wrong", () => {
  it("a bound tightened behind a $ref: the diff reads what the ref lands on and builds the witness", () => {
    const old = object({ amount: { type: "number", minimum: 0, maximum: 1000 } }, ["amount"]);
    const next = { ...object({ amount: { $ref: "#/$defs/Amount" } }, ["amount"]), $defs: { Amount: { type: "number", minimum: 0, maximum: 500 } } };
    const result = compare(old, next);
    const value = expectReproducibleBreak(result, old, next) as { amount: number };
    expect(value.amount).toBeGreaterThan(500);
    expect(value.amount).toBeLessThanOrEqual(1000);
    const found = result.changes.find((c) => c.kind === "maximum-tightened");
    expect(found).toMatchObject({ path: "/$defs/Amount/maximum", method: "structural", status: "confirmed" });
    expect(kinds(result)).toEqual(["structural:maximum-tightened", "structural:ref-target-changed"]);
  });

  it("an anyOf branch removed that no value used: the diff suspects a break, the search finds none, so it is compatible", () => {
    const old = { anyOf: [{ type: "string" }, { type: "string", maxLength: 3 }] };
    const next = { anyOf: [{ type: "string" }] };
    const result = compare(old, next);
    expect(result.verdict).toBe("compatible");
    expect(result.counterexample).toBeUndefined();
    expect(kinds(result, "unconfirmed")).toEqual(["structural:anyOf-branch-removed"]);
  });

  it("an anyOf branch removed that values did use is confirmed", () => {
    const old = { anyOf: [{ type: "string" }, { type: "integer" }] };
    const next = { anyOf: [{ type: "string" }] };
    const result = compare(old, next);
    expect(Number.isInteger(expectReproducibleBreak(result, old, next))).toBe(true);
    expect(kinds(result)).toContain("structural:anyOf-branch-removed");
  });

  it("a oneOf that becomes ambiguous: widening a branch reads as compatible, the search finds a value matching two branches", () => {
    const email = object({ email: { type: "string" } }, ["email"]);
    const old = object({ contact: { oneOf: [email, object({ phone: { type: "string" } }, ["phone"])] } }, ["contact"]);
    const next = object({ contact: { oneOf: [email, { type: "object", properties: { phone: { type: "string" } } }] } }, ["contact"]);
    const result = compare(old, next);
    const value = expectReproducibleBreak(result, old, next) as { contact: object };
    expect(value.contact).toHaveProperty("email");
    expect(result.changes.filter((c) => c.method === "structural")).toEqual([]);
    expect(kinds(result)).toEqual(["search:oneOf-ambiguous"]);
    expect(result.changes[0]!.path).toBe("/properties/contact/oneOf");
  });
});

describe("the search is deterministic", () => {
  it("the same seed finds the same counterexamples", () => {
    const old = object({ grams: { type: "integer", maximum: 5000 }, note: { type: "string" } }, ["grams"]);
    const next = object({ grams: { type: "integer", maximum: 2000 }, note: { type: "string", maxLength: 4 } }, ["grams", "note"]);
    expect(compare(old, next)).toEqual(compare(old, next));
  });
});
