// Each keyword lite reports has Ajv's message: the built-in families' without any module, a
// module's keywords' once its templates are added (each compile adds those of its modules).
import { describe, expect, it, vi } from "vitest";
import { addTemplates, errorMessage } from "./error-messages.js";
import { ALL_KEYWORD_MODULES } from "./keyword-modules.js";
import { DRAFT2020_KEYWORDS } from "./schema-keywords.js";

const FALLBACK = /keyword validation$/;
const BUILT_IN = ["type", "enum", "const", "required", "additionalProperties", "multipleOf", "pattern", "format", "minLength", "maxLength", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "false schema", "maxDepth"];
const FROM_MODULES = [
  "uniqueItems", "minItems", "maxItems", "items", "additionalItems", "contains", "propertyNames", "minProperties", "maxProperties", "dependentRequired", "dependencies",
  "anyOf", "oneOf", "not", "if", "$ref", "unevaluatedProperties", "unevaluatedItems",
];
const PARAMS = { limit: 2, minContains: 1, depsCount: 2, deps: "a, b", property: "c", failingKeyword: "then", comparison: ">=", type: "string" };

describe("error messages", () => {
  it("has the built-in families' messages without any module", async () => {
    // A fresh instance of the module: test files share a process (isolate: false), and any compile
    // elsewhere adds its modules' templates to the shared one.
    vi.resetModules();
    const fresh = await import("./error-messages.js");
    for (const keyword of BUILT_IN) expect(fresh.errorMessage(keyword, PARAMS)).not.toMatch(FALLBACK);
    for (const keyword of FROM_MODULES) expect(fresh.errorMessage(keyword, PARAMS)).toMatch(FALLBACK);
  });

  it("has each module's keywords' messages once its templates are added, and only keywords of its own family", () => {
    for (const module of ALL_KEYWORD_MODULES) {
      for (const keyword of Object.keys(module.templates ?? {})) {
        // Older dialects' spellings (additionalItems, dependencies) are not in draft 2020-12's table.
        const family = DRAFT2020_KEYWORDS.get(keyword)?.[0];
        if (family !== undefined) expect([keyword, family]).toEqual([keyword, module.family]);
      }
      addTemplates(module.templates ?? {});
    }
    for (const keyword of FROM_MODULES) expect(errorMessage(keyword, PARAMS)).not.toMatch(FALLBACK);
    expect(errorMessage("contains", { minContains: 1, maxContains: 3 })).toBe("must contain at least 1 and no more than 3 valid item(s)");
    expect(errorMessage("dependentRequired", { ...PARAMS, depsCount: 1, deps: "a" })).toBe("must have property a when property c is present");
    expect(errorMessage("minItems", PARAMS)).toBe("must NOT have fewer than 2 items");
  });
});
