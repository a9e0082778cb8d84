// OpenAI-compatible servers (providers.md §4): vLLM with xgrammar refuses, llama.cpp and Ollama skip silently.
import { describe, expect, it } from "vitest";
import { checkOne, closedObject } from "./test-support/check-one.js";

const VLLM = "openai-compatible/vllm:chat.response_format";

describe("vLLM (xgrammar backend)", () => {
  it.each([
    ["multipleOf", { type: "number", multipleOf: 2 }],
    ["uniqueItems", { type: "array", items: { type: "string" }, uniqueItems: true }],
    ["format:regex", { type: "string", format: "regex" }],
  ])("refuses %s with xgrammar's error as declared, strips it when translating", (feature, property) => {
    const schema = closedObject({ value: property as Record<string, unknown> });
    const rejected = checkOne(VLLM, schema, "reject");
    expect(rejected.rejected).toEqual([{ feature, path: "/properties/value", error: "The provided JSON schema contains features not supported by xgrammar." }]);
    const translated = checkOne(VLLM, schema);
    expect(translated.verdict).toBe("needs-local-validation");
    expect(translated.changes.every((change) => change.lossy)).toBe(true);
  });

  it("enforces patterns, formats, lengths, bounds and recursion", () => {
    const schema = {
      ...closedObject({ id: { type: "string", format: "uuid" }, code: { type: "string", pattern: "^[A-Z]+$" }, short: { type: "string", maxLength: 5 }, n: { type: "integer", exclusiveMinimum: 0 }, tree: { $ref: "#/$defs/t" } }),
      $defs: { t: closedObject({ kids: { type: "array", items: { $ref: "#/$defs/t" } } }) },
    };
    expect(checkOne(VLLM, schema).verdict).toBe("native");
  });

  // Measured by the XGrammar probe (@mlc-ai/web-xgrammar 0.1.27): syntax-only date-time and email grammars,
  // and maximum lost beside exclusiveMinimum (typebox/create_contact /age let 151 past maximum 150).
  it.each(["openai-compatible/vllm:chat.response_format", "openai-compatible/vllm:chat.tools", "openai-compatible/vllm:chat.tools.strict", "openai-compatible/vllm:chat.tools.required"])(
    "%s leaves format:date-time, format:email and maximum beside exclusiveMinimum to local validation, as measured",
    (target) => {
      const schema = closedObject({ from: { type: "string", format: "date-time" }, email: { type: "string", format: "email" }, age: { type: "integer", exclusiveMinimum: 0, maximum: 150 }, nights: { type: "integer", maximum: 30 } });
      const result = checkOne(target, schema);
      expect(result.verdict).toBe("needs-local-validation");
      expect(result.ignored.map((entry) => `${entry.feature} ${entry.path}`).sort()).toEqual(["format:date-time /properties/from", "format:email /properties/email", "maximum /properties/age"]);
    },
  );
});

describe.each(["openai-compatible/llamacpp:chat.response_format", "openai-compatible/ollama:chat.response_format"])("%s (GBNF via llama.cpp)", (target) => {
  it("skips unsupported features silently: needs local validation, nothing refused", () => {
    const result = checkOne(target, closedObject({ tags: { type: "array", items: { type: "string" }, uniqueItems: true }, site: { type: "string", format: "uri" }, score: { type: "number", minimum: 0 } }));
    expect(result.verdict).toBe("needs-local-validation");
    expect(result.rejected).toEqual([]);
    expect(result.ignored.map((entry) => entry.feature)).toEqual(["uniqueItems", "format:uri", "minimum"]);
  });

  it("enforces required, lengths, items and enums", () => {
    expect(checkOne(target, closedObject({ s: { type: "string", minLength: 1, maxLength: 9 }, e: { type: "string", enum: ["a"] }, l: { type: "array", items: { type: "integer" }, maxItems: 2 } })).verdict).toBe("native");
  });
});

describe("an unknown OpenAI-compatible server", () => {
  it("is not trusted with anything until probed", () => {
    const result = checkOne("openai-compatible:chat.response_format", closedObject({ s: { type: "string" } }));
    expect(result.verdict).toBe("needs-local-validation");
    expect(result.ignored[0]!.note).toMatch(/probe/);
  });
});
