import { describe, expect, it } from "vitest";
import { parseCatalog } from "../load-catalog.js";

const jsonSchema = { type: "object", properties: { q: { type: "string" } }, required: ["q"] };
const openApiSchema = { type: "OBJECT", properties: { q: { type: "STRING", nullable: true } } };

describe("Gemini catalogs", () => {
  it("reads tools[].functionDeclarations with parametersJsonSchema or parameters, kept as declared", () => {
    const request = {
      tools: [
        { functionDeclarations: [{ name: "search", description: "Search.", parametersJsonSchema: jsonSchema }, { name: "legacy", parameters: openApiSchema }] },
        { googleSearch: {} },
      ],
    };
    expect(parseCatalog(request, "g.json")).toEqual([
      {
        id: "g/search",
        name: "search",
        version: null,
        description: "Search.",
        source: { file: "g.json", format: "gemini", pointer: "/tools/0/functionDeclarations/0/parametersJsonSchema" },
        schema: jsonSchema,
        role: "tool-input", dialect: "draft2020-12",
      },
      {
        id: "g/legacy",
        name: "legacy",
        version: null,
        source: { file: "g.json", format: "gemini", pointer: "/tools/0/functionDeclarations/1/parameters" },
        schema: openApiSchema,
        role: "tool-input", dialect: "openapi-3.0",
      },
    ]);
  });

  it("reads a bare tool object, a bare declaration list, and a function without parameters", () => {
    expect(parseCatalog({ functionDeclarations: [{ name: "a", parametersJsonSchema: jsonSchema }] }, "t.json")[0]).toMatchObject({
      id: "t/a",
      source: { pointer: "/functionDeclarations/0/parametersJsonSchema" },
    });
    expect(parseCatalog([{ name: "b", parameters: openApiSchema }], "l.json")[0]).toMatchObject({ id: "l/b", source: { format: "gemini", pointer: "/0/parameters" } });
    expect(parseCatalog({ functionDeclarations: [{ name: "now" }] }, "n.json")[0]).toMatchObject({ schema: { type: "object", properties: {} } });
  });

  it("declares a function's response schema as <name>#output", () => {
    const tool = { functionDeclarations: [{ name: "a", parametersJsonSchema: jsonSchema, responseJsonSchema: { type: "string" } }] };
    expect(parseCatalog(tool, "o.json").map((d) => [d.id, d.name, d.role, d.source.pointer])).toEqual([
      ["o/a", "a", "tool-input", "/functionDeclarations/0/parametersJsonSchema"],
      ["o/a#output", "a", "structured-output", "/functionDeclarations/0/responseJsonSchema"],
    ]);
  });

  it("reads responseJsonSchema and responseSchema from generationConfig or a bare config", () => {
    const request = { contents: [], generationConfig: { responseMimeType: "application/json", responseJsonSchema: { type: "array", items: jsonSchema } } };
    expect(parseCatalog(request, "r.json")).toEqual([
      {
        id: "r/response",
        name: "response",
        version: null,
        source: { file: "r.json", format: "gemini", pointer: "/generationConfig/responseJsonSchema" },
        schema: { type: "array", items: jsonSchema },
        role: "structured-output", dialect: "draft2020-12",
      },
    ]);
    expect(parseCatalog({ responseMimeType: "application/json", responseSchema: openApiSchema }, "c.json")[0]).toMatchObject({ dialect: "openapi-3.0",
      id: "c/response",
      source: { pointer: "/responseSchema" },
    });
  });
});
