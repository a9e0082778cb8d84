// Guards: under `optional: altered` (optional fields become required and nullable, null standing for
// "left out"), a property that another present property requires (dependentRequired, a dependentSchemas
// `required`) keeps its declared type. Before, it was filled with null: the omission the contract forbids.
import { describe, expect, test } from "vitest";
import { createConformanceChecker } from "./emulator-check-conformance.js";
import { decodeAnswer } from "../emulator-model.js";
import { policiesFrom } from "./emulator-profile-policy.js";
import { decideSchema } from "./emulator-schema-decision.js";

const checker = createConformanceChecker();
const prompt = (value: unknown) => `Answer with\n\`\`\`json\n${JSON.stringify(value)}\n\`\`\``;
const policy = policiesFrom("openai-compatible", { m: { optional: "altered" } }).get("m")!;

const card = { card: { type: "string" }, billing: { type: "string" }, note: { type: "string" } };
const SCHEMAS = {
  dependentRequired: { type: "object", properties: card, required: ["card"], dependentRequired: { card: ["billing"] } },
  dependentSchemas: { type: "object", properties: card, required: ["card"], dependentSchemas: { card: { required: ["billing"] } } },
};

function decode(schema: Record<string, unknown>, asked: unknown) {
  const decision = decideSchema(schema, policy, "enforced");
  if (decision.kind !== "accept") throw new Error(`refused: ${JSON.stringify(decision)}`);
  const decoded = decodeAnswer({ prompt: prompt(asked), effective: decision.effective, constrained: true, checker });
  return { value: JSON.parse(decoded.text) as unknown, effective: decision.effective, notes: decision.notes };
}

describe.each(Object.entries(SCHEMAS))("optional altered beside %s", (_keyword, schema) => {
  test("the required-by-card property comes back a string; the plainly optional one comes back null", () => {
    const { value, effective } = decode(schema, { card: "4111" });
    expect(value).toEqual({ card: "4111", billing: "", note: null });
    expect(checker.check(effective, value)).toEqual({ valid: true });
    expect(checker.check(schema, { card: "4111", billing: "" })).toEqual({ valid: true });
  });

  test("the altered schema refuses null for billing while card is present", () => {
    const { effective, notes } = decode(schema, { card: "4111" });
    expect(checker.check(effective, { card: "4111", billing: null, note: null }).valid).toBe(false);
    expect(notes).toContain("altered optional at /properties/billing: required and nullable, omitted values come back null; as declared when card is present");
  });

  test("an asked billing is kept", () => {
    expect(decode(schema, { card: "4111", billing: "addr" }).value).toEqual({ card: "4111", billing: "addr", note: null });
  });
});

test("an ignored dependentRequired does not come back through the alteration", () => {
  const loose = policiesFrom("openai-compatible", { m: { optional: "altered", dependentRequired: "ignored" } }).get("m")!;
  const decision = decideSchema(SCHEMAS.dependentRequired, loose, "enforced");
  if (decision.kind !== "accept") throw new Error("refused");
  expect(checker.check(decision.effective, { card: "4111", billing: null, note: null })).toEqual({ valid: true });
});
