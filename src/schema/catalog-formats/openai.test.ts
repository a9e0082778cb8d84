import { describe, expect, it } from "vitest";
import { parseCatalog } from "../load-catalog.js";

const parameters = { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false };

describe("OpenAI catalogs", () => {
  it("reads a Chat Completions tools array", () => {
    const tools = [
      { type: "function", function: { name: "get_weather", description: "Weather now.", parameters, strict: true } },
      { type: "function", function: { name: "ping" } },
    ];
    expect(parseCatalog(tools, "catalogs/weather.json")).toEqual([
      {
        id: "weather/get_weather",
        name: "get_weather",
        version: null,
        description: "Weather now.",
        strict: true,
        source: { file: "catalogs/weather.json", format: "openai", pointer: "/0/function/parameters" },
        schema: parameters,
        role: "tool-input", dialect: "draft2020-12",
      },
      {
        id: "weather/ping",
        name: "ping",
        version: null,
        source: { file: "catalogs/weather.json", format: "openai", pointer: "/1/function/parameters" },
        schema: { type: "object", properties: {} },
        role: "tool-input", dialect: "draft2020-12",
      },
    ]);
  });

  it("reads a Responses tools array and keeps the schema object as declared", () => {
    const tools = [{ type: "function", name: "get_weather", parameters, strict: false }];
    const [declared] = parseCatalog(tools, "w.json");
    expect(declared).toMatchObject({ id: "w/get_weather", strict: false, source: { pointer: "/0/parameters", format: "openai" } });
    expect(declared!.schema).toBe(parameters);
  });

  it("reads a Chat response_format as a structured output", () => {
    const format = { type: "json_schema", json_schema: { name: "answer", description: "The answer.", schema: parameters, strict: true } };
    expect(parseCatalog(format, "a.json")).toEqual([
      {
        id: "a/answer",
        name: "answer",
        version: null,
        description: "The answer.",
        strict: true,
        source: { file: "a.json", format: "openai", pointer: "/json_schema/schema" },
        schema: parameters,
        role: "structured-output", dialect: "draft2020-12",
      },
    ]);
  });

  it("reads a Responses text.format and a request body with tools and response_format", () => {
    expect(parseCatalog({ type: "json_schema", name: "answer", schema: parameters }, "r.json")[0]).toMatchObject({
      id: "r/answer",
      role: "structured-output", dialect: "draft2020-12",
      source: { pointer: "/schema" },
    });
    const body = {
      model: "gpt-4.1",
      tools: [{ type: "function", function: { name: "lookup", parameters } }],
      response_format: { type: "json_schema", json_schema: { name: "final", schema: parameters } },
      text: { format: { type: "json_schema", name: "final_text", schema: parameters } },
    };
    expect(parseCatalog(body, "req.json").map((d) => [d.id, d.role, d.source.pointer])).toEqual([
      ["req/lookup", "tool-input", "/tools/0/function/parameters"],
      ["req/final", "structured-output", "/response_format/json_schema/schema"],
      ["req/final_text", "structured-output", "/text/format/schema"],
    ]);
  });

  it("declares nothing for json_object and text response formats", () => {
    expect(parseCatalog({ model: "gpt-4o", response_format: { type: "json_object" } }, "j.json")).toEqual([]);
  });

  it("skips built-in tools that declare no schema", () => {
    const tools = [{ type: "web_search_preview" }, { type: "function", name: "f", parameters: true }];
    expect(parseCatalog(tools, "b.json").map((d) => d.id)).toEqual(["b/f"]);
  });
});
