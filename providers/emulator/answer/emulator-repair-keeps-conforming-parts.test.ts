// Guards: constrained decoding repairs or regenerates only the failing part of an answer. Before, one
// part it could not repair made it regenerate the whole value, wiping the asked values of the features
// the profile ignores, so a batched probe read them as enforced (`p_uniqueItems: []`).
import { describe, expect, test } from "vitest";
import { createConformanceChecker } from "../schema-rules/emulator-check-conformance.js";
import { decodeAnswer } from "../emulator-model.js";
import { policiesFrom } from "../schema-rules/emulator-profile-policy.js";
import { decideSchema } from "../schema-rules/emulator-schema-decision.js";

const checker = createConformanceChecker();
const prompt = (value: unknown) => `Answer with\n\`\`\`json\n${JSON.stringify(value)}\n\`\`\``;

/** The schema the emulated model is held to under a plain per-feature policy. */
function effectiveFor(schema: Record<string, unknown>, cells: Record<string, string>) {
  const decision = decideSchema(schema, policiesFrom("openai-compatible", { m: cells as never }).get("m")!, "enforced");
  if (decision.kind !== "accept") throw new Error(`refused: ${JSON.stringify(decision)}`);
  return decision.effective;
}

const batch = {
  type: "object",
  properties: {
    p_uniqueItems: { type: "array", items: { type: "string" }, uniqueItems: true },
    p_contains: { type: "array", items: { type: "string" }, contains: { enum: ["007"] } },
    p_not: { type: "string", not: { enum: ["forbidden"] } },
  },
  required: ["p_uniqueItems", "p_contains", "p_not"],
};

describe("constrained decoding keeps every conforming part", () => {
  test("an ignored uniqueItems keeps its duplicates while contains, enforced beside it, gets its item", () => {
    const effective = effectiveFor(batch, { uniqueItems: "ignored" });
    const asked = { p_uniqueItems: ["a", "a"], p_contains: ["hay", "straw"], p_not: "fine" };
    const decoded = decodeAnswer({ prompt: prompt(asked), effective, constrained: true, checker });
    expect(JSON.parse(decoded.text)).toEqual({ p_uniqueItems: ["a", "a"], p_contains: ["hay", "straw", "007"], p_not: "fine" });
    expect(decoded.decoding).toBe("repaired");
  });

  test("a part repair cannot fix is generated alone: its siblings come back as asked", () => {
    const effective = effectiveFor(batch, { uniqueItems: "ignored" });
    const asked = { p_uniqueItems: ["a", "a"], p_contains: ["007"], p_not: "forbidden" };
    const decoded = decodeAnswer({ prompt: prompt(asked), effective, constrained: true, checker, validValue: () => "generated" });
    expect(JSON.parse(decoded.text)).toEqual({ p_uniqueItems: ["a", "a"], p_contains: ["007"], p_not: "generated" });
    expect(decoded.decoding).toBe("generated");
  });

  test("without a generator the minimal value stands in for the failing part only", () => {
    const effective = effectiveFor(batch, { uniqueItems: "ignored" });
    const asked = { p_uniqueItems: ["b", "b"], p_contains: ["007"], p_not: "forbidden" };
    const decoded = decodeAnswer({ prompt: prompt(asked), effective, constrained: true, checker });
    expect(JSON.parse(decoded.text)).toEqual({ p_uniqueItems: ["b", "b"], p_contains: ["007"], p_not: "" });
    expect(checker.check(effective, JSON.parse(decoded.text))).toEqual({ valid: true });
  });

  test("a conforming object is kept as written, key order included", () => {
    const schema = { type: "object", properties: { a: { type: "integer" }, b: { type: "integer", maximum: 3 } }, required: ["a", "b"] };
    const decoded = decodeAnswer({ prompt: prompt({ wrapper: { b: 1, a: 2 } }), effective: { type: "object", properties: { wrapper: schema, n: { type: "integer" } }, required: ["wrapper", "n"] }, constrained: true, checker });
    expect(decoded.text).toBe('{"wrapper":{"b":1,"a":2},"n":0}');
  });
});
