// Azure OpenAI (providers/azure/profile.json): OpenAI's strict rules, Azure's own 100-property / 5-level
// bounds, and the keywords Azure's table calls unsupported while OpenAI now enforces them (unknown:
// the check cannot confirm them and says so, rather than calling them native or refused).
import { describe, expect, it } from "vitest";
import { checkOne, closedObject } from "./test-support/check-one.js";

const STRICT = ["azure:chat.tools.strict", "azure:chat.response_format.strict", "azure:responses.tools.strict"];

describe.each(STRICT)("%s", (target) => {
  it("a closed, all-required object of supported types is native", () => {
    expect(checkOne(target, closedObject({ city: { type: "string" }, unit: { type: "string", enum: ["c", "f"] }, n: { type: ["integer", "null"] } })).verdict).toBe("native");
  });

  it("minLength, pattern, minimum: not confirmed (Azure's table vs OpenAI's guide), validated locally, never refused", () => {
    const result = checkOne(target, closedObject({ s: { type: "string", minLength: 2, pattern: "^a" }, n: { type: "number", minimum: 0 } }));
    expect(result.verdict).toBe("needs-local-validation");
    expect(result.rejected).toEqual([]);
    expect(result.ignored.map((entry) => entry.feature).sort()).toEqual(["minLength", "minimum", "pattern"]);
  });

  it("uniqueItems, which both Azure and OpenAI refuse, is rejected as declared", () => {
    const rejected = checkOne(target, closedObject({ tags: { type: "array", items: { type: "string" }, uniqueItems: true } }), "reject");
    expect(rejected.rejected.map((entry) => entry.feature)).toEqual(["uniqueItems"]);
  });

  it("a missing additionalProperties: false is refused by the rule", () => {
    const open = { type: "object", properties: { a: { type: "string" } }, required: ["a"] };
    expect(checkOne(target, open, "reject").verdict).toBe("rejected");
  });

  it("101 object properties pass OpenAI's 5000 but not Azure's 100", () => {
    const properties = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`p${i}`, { type: "string" }]));
    expect(checkOne(target, closedObject(properties), "reject").verdict).toBe("rejected");
    expect(checkOne(target.replace("azure:", "openai:"), closedObject(properties), "reject").verdict).toBe("native");
  });
});
