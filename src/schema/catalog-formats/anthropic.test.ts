import { describe, expect, it } from "vitest";
import { parseCatalog } from "../load-catalog.js";

const inputSchema = { type: "object", properties: { location: { type: "string" } }, required: ["location"] };

describe("Anthropic catalogs", () => {
  it("reads a tools array with input_schema and the strict flag", () => {
    const tools = [
      { name: "get_weather", description: "Weather now.", input_schema: inputSchema, strict: true },
      { type: "custom", name: "noop", input_schema: { type: "object" } },
    ];
    expect(parseCatalog(tools, "dir/claude.json")).toEqual([
      {
        id: "claude/get_weather",
        name: "get_weather",
        version: null,
        description: "Weather now.",
        strict: true,
        source: { file: "dir/claude.json", format: "anthropic", pointer: "/0/input_schema" },
        schema: inputSchema,
        role: "tool-input", dialect: "draft2020-12",
      },
      {
        id: "claude/noop",
        name: "noop",
        version: null,
        source: { file: "dir/claude.json", format: "anthropic", pointer: "/1/input_schema" },
        schema: { type: "object" },
        role: "tool-input", dialect: "draft2020-12",
      },
    ]);
  });

  it("reads tools inside a Messages request body and skips server tools", () => {
    const body = { model: "claude-x", max_tokens: 10, tools: [{ type: "web_search_20250305", name: "web_search" }, { name: "t", input_schema: inputSchema }] };
    expect(parseCatalog(body, "m.json").map((d) => [d.id, d.source.pointer])).toEqual([["m/t", "/tools/1/input_schema"]]);
  });
});
