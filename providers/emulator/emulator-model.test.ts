import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { createConformanceChecker } from "./schema-rules/emulator-check-conformance.js";
import { decodeAnswer, lastJsonBlock } from "./emulator-model.js";

const checker = createConformanceChecker();

const SCHEMAS = [
  { type: "object", properties: { a: { type: "integer", minimum: 0, maximum: 9 }, b: { type: "string", maxLength: 4 } }, required: ["a", "b"], additionalProperties: false },
  { type: "object", properties: { tags: { type: "array", items: { type: "string", enum: ["x", "y", "z"] }, minItems: 1, maxItems: 2 } }, required: ["tags"], additionalProperties: false },
  { type: "object", properties: { v: { anyOf: [{ type: "number", multipleOf: 0.5 }, { type: "null" }] }, d: { type: "string", format: "date-time" } }, required: ["v", "d"], additionalProperties: false },
  // Property counts and dependencies: properties added and dropped.
  {
    type: "object",
    properties: { card: { type: "string" }, billing: { type: "string", minLength: 2 }, note: { type: "string" } },
    patternProperties: { "^x_": { type: "integer" } },
    propertyNames: { maxLength: 8 },
    dependentRequired: { card: ["billing"] },
    minProperties: 2,
    maxProperties: 3,
  },
  // Items that contains wants, distinct items, and a oneOf whose branches overlap.
  {
    type: "object",
    properties: {
      tags: { type: "array", items: { type: "string" }, contains: { const: "key" }, uniqueItems: true, maxItems: 3 },
      n: { oneOf: [{ type: "integer" }, { type: "number", minimum: 0 }] },
    },
    required: ["tags", "n"],
  },
];

const prompt = (value: unknown) => `Please answer.\n\`\`\`json\n${JSON.stringify(value)}\n\`\`\``;

describe("lastJsonBlock", () => {
  test("takes the last json fence, not an earlier one", () => {
    expect(lastJsonBlock("```json\n1\n```\nthen\n```json\n{\"a\": 2}\n```")).toBe('{"a": 2}');
    expect(lastJsonBlock("no block")).toBeNull();
  });
});

describe("decodeAnswer", () => {
  test("constrained decoding always ends in a conforming value, whatever the prompt asks for", () => {
    fc.assert(
      fc.property(fc.constantFrom(...SCHEMAS), fc.jsonValue(), (schema, value) => {
        const decoded = decodeAnswer({ prompt: prompt(value), effective: schema, constrained: true, checker });
        expect(decoded.decoding).not.toBe("unrepairable");
        expect(checker.check(schema, JSON.parse(decoded.text))).toEqual({ valid: true });
      }),
      { numRuns: 300, seed: 42 },
    );
  });

  test("a conforming value is sent back as written, byte for byte", () => {
    const text = '{"a": 3, "b": "ok"}';
    expect(decodeAnswer({ prompt: `\`\`\`json\n${text}\n\`\`\``, effective: SCHEMAS[0]!, constrained: true, checker })).toEqual({ text, decoding: "as-is" });
  });

  test("unconstrained, even text that is not JSON comes back verbatim", () => {
    expect(decodeAnswer({ prompt: "```json\n{not json\n```", effective: SCHEMAS[0]!, constrained: false, checker })).toEqual({ text: "{not json", decoding: "best-effort" });
  });

  test("a generator is the fallback when repair cannot satisfy the schema", () => {
    const schema = { type: "string", not: { const: "" } };
    const decoded = decodeAnswer({ prompt: prompt(""), effective: schema, constrained: true, checker, validValue: () => "generated" });
    expect(decoded).toEqual({ text: '"generated"', decoding: "generated" });
  });
});
