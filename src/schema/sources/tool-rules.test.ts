import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DeclaredSchema, JsonSchema } from "../types.js";
import { catalogNameOf } from "./catalog-sources.js";
import { checkToolRules, TOOL_NAME_RULES } from "./tool-rules.js";

const tool = (name: string, schema: JsonSchema, role: DeclaredSchema["role"] = "tool-input"): DeclaredSchema => ({
  id: `c/${name}${role === "structured-output" ? "#output" : ""}`, name, version: null, source: { file: "f", format: "mcp", pointer: "" }, schema, role, dialect: "draft2020-12",
});

describe("tool-list rules", () => {
  it("names each provider whose whole request one tool fails", () => {
    const rules = checkToolRules([
      tool("ok_tool", { type: "object", properties: {} }),
      tool("a.b", { type: "object", properties: {} }),
      tool("x".repeat(65), { type: "object", properties: {} }),
      tool("empty", { $schema: "http://json-schema.org/draft-07/schema#" }),
      tool("bare", { type: "object" }),
      tool("ok_tool", { type: "object", properties: {} }),
      tool("ok_tool", { type: "string" }, "tool-result"),
      tool("dangling", { type: "object", properties: { a: { $ref: "#/$defs/missing" } } }, "structured-output"),
    ]);
    expect(rules.map((rule) => `${rule.tool.slice(0, 8)} ${rule.rule} ${rule.failsWholeRequestOn.join(",")}`)).toEqual([
      "a.b tool-name:openai openai",
      "a.b tool-name:anthropic anthropic",
      "xxxxxxxx tool-name:openai openai",
      "xxxxxxxx tool-name:anthropic anthropic",
      "empty input-root-object mcp-sdk,openai,anthropic,google",
      "bare input-properties ",
      "ok_tool unique-name openai,anthropic,google",
      "ok_tool output-root-object mcp-sdk",
      "dangling output-schema-valid mcp-sdk",
    ]);
  });

  it("holds every name to the provider's own pattern, nothing more", () => {
    fc.assert(fc.property(fc.string({ maxLength: 140 }), (name) => {
      const rules = checkToolRules([tool(name, { type: "object", properties: {} })]);
      for (const rule of TOOL_NAME_RULES) expect(rules.some((found) => found.rule === `tool-name:${rule.target}`)).toBe(!rule.pattern.test(name));
    }));
  });

  it("makes a catalog name of any server name", () => {
    fc.assert(fc.property(fc.string(), (name) => /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(catalogNameOf(name))));
    expect(catalogNameOf("mcp-servers/everything")).toBe("mcp-servers-everything");
  });
});
