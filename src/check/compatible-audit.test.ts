// Second audit pass over the OpenAI-compatible sub-profiles (2026-12-02): the cells it changed.
import { describe, expect, it } from "vitest";
import { resolveTarget } from "../../providers/profiles/load-profiles.js";
import { checkOne, closedObject } from "./test-support/check-one.js";

describe("DeepSeek strict tools: format sources conflict", () => {
  it("format:email is unknown, citing rig-core and the Tool Calls guide report, so check asks for local validation", () => {
    const cell = resolveTarget("openai-compatible/deepseek:chat.tools.strict").mode.features["format:email"]!;
    expect(cell.status).toBe("unknown");
    expect(cell.conflicting?.map((other) => other.source)).toEqual(["https://deepseekv4pro.com/news/deepseek-june29-tool-calls-strict-schema-beta"]);
    const result = checkOne("openai-compatible/deepseek:chat.tools.strict", closedObject({ mail: { type: "string", format: "email" } }));
    expect(result.verdict).toBe("needs-local-validation");
    expect(result.ignored.map((entry) => entry.feature)).toEqual(["format:email"]);
  });
});

describe("xAI: contains alone is not a documented 400", () => {
  it("contains without min/maxContains is not rejected", () => {
    const result = checkOne("openai-compatible/xai:chat.response_format.strict", closedObject({ tags: { type: "array", items: { type: "string" }, contains: { const: "a" } } }), "reject");
    expect(result.rejected).toEqual([]);
  });
});

describe("xAI: cells its supported list names (const, oneOf, optional fields, explicit additionalProperties: true)", () => {
  it.each(["chat.response_format.strict", "chat.tools"])("%s: a schema using only them is native", (mode) => {
    const schema = {
      type: "object",
      properties: { kind: { const: "a" }, v: { oneOf: [{ type: "string" }, { type: "integer" }] }, note: { type: "string" }, extra: { type: "object", properties: {}, additionalProperties: true } },
      required: ["kind", "v"],
    };
    expect(checkOne(`openai-compatible/xai:${mode}`, schema).verdict).toBe("native");
  });
});
