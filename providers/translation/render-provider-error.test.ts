import { describe, expect, it } from "vitest";
import { openAIContext, placeVars, renderProviderError, typeName } from "./render-provider-error.js";

describe("renderProviderError", () => {
  it("fills the placeholders it has and leaves the others as providers.md wrote them", () => {
    expect(renderProviderError("tools.<index>.custom: For '<type>' type, property '<kw>' is not supported", { type: "integer", kw: "minimum" }))
      .toBe("tools.<index>.custom: For 'integer' type, property 'minimum' is not supported");
  });

  it("names OpenAI contexts as Python tuples, one-element tuples with their comma", () => {
    expect(openAIContext("")).toBe("()");
    expect(openAIContext("/properties")).toBe("('properties',)");
    expect(openAIContext("/properties/a~1b/items")).toBe("('properties', 'a/b', 'items')");
  });

  it("prints a missing type as Python's None", () => {
    expect(typeName({})).toBe("None");
    expect(typeName({ type: ["string", "null"] })).toBe("string, null");
    expect(placeVars("fn", "/properties/x", { type: "array" })).toMatchObject({ name: "fn", key: "x", type: "array", context: "('properties', 'x')" });
  });
});
