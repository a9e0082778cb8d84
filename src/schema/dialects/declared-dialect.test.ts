import { describe, expect, it } from "vitest";
import { CatalogError } from "../catalog-error.js";
import { parseCatalog } from "../load-catalog.js";
import { readDeclaredDialect } from "./declared-dialect.js";

describe("readDeclaredDialect", () => {
  it("reads every spelling of each draft's $schema", () => {
    const cases: [string, string][] = [
      ["http://json-schema.org/draft-04/schema#", "draft4"],
      ["https://json-schema.org/draft-04/schema", "draft4"],
      ["http://json-schema.org/draft-06/schema#", "draft6"],
      ["http://json-schema.org/draft-07/schema#", "draft7"],
      ["https://json-schema.org/draft-07/schema", "draft7"],
      ["https://json-schema.org/draft/2019-09/schema", "draft2019-09"],
      ["http://json-schema.org/draft/2019-09/schema#", "draft2019-09"],
      ["https://json-schema.org/draft/2020-12/schema", "draft2020-12"],
    ];
    for (const [uri, dialect] of cases) expect(readDeclaredDialect({ $schema: uri })).toEqual({ dialect });
  });

  it("defaults to 2020-12, lets the format decide, and lets --dialect override both", () => {
    expect(readDeclaredDialect({ type: "string" })).toEqual({ dialect: "draft2020-12" });
    expect(readDeclaredDialect(true)).toEqual({ dialect: "draft2020-12" });
    expect(readDeclaredDialect({ type: "STRING" }, "openapi-3.0")).toEqual({ dialect: "openapi-3.0" });
    expect(readDeclaredDialect({ $schema: "http://example.com/custom" }, undefined, "draft7")).toEqual({ dialect: "draft7" });
  });

  it("returns an unknown $schema for the caller to refuse by name", () => {
    expect(readDeclaredDialect({ $schema: "http://json-schema.org/draft-03/schema#" })).toEqual({ unknownSchemaUri: "http://json-schema.org/draft-03/schema#" });
    expect(readDeclaredDialect({ $schema: "http://json-schema.org/schema#" })).toEqual({ unknownSchemaUri: "http://json-schema.org/schema#" });
  });
});

describe("catalog loading carries each schema's dialect", () => {
  it("reads a mixed catalog: draft-07 (zod's helpers), draft-04, 2020-12 and Gemini's OpenAPI fields", () => {
    const tools = [
      { type: "function", function: { name: "a", parameters: { $schema: "http://json-schema.org/draft-07/schema#", type: "object" } } },
      { type: "function", function: { name: "b", parameters: { $schema: "http://json-schema.org/draft-04/schema#", type: "object" } } },
      { type: "function", function: { name: "c", parameters: { type: "object" } } },
    ];
    expect(parseCatalog(tools, "mixed.json").map((schema) => schema.dialect)).toEqual(["draft7", "draft4", "draft2020-12"]);
    const gemini = { tools: [{ functionDeclarations: [{ name: "g", parameters: { type: "OBJECT" } }, { name: "h", parametersJsonSchema: { type: "object" } }] }] };
    expect(parseCatalog(gemini, "g.json").map((schema) => schema.dialect)).toEqual(["openapi-3.0", "draft2020-12"]);
  });

  it("refuses an unknown $schema with the file, the place and the way out", () => {
    const tools = [{ type: "function", function: { name: "a", parameters: { $schema: "http://json-schema.org/draft-03/schema#" } } }];
    expect(() => parseCatalog(tools, "old.json")).toThrow(CatalogError);
    expect(() => parseCatalog(tools, "old.json")).toThrow(/old\.json.*\/0\/function\/parameters\/\$schema.*draft-03.*--dialect/s);
    expect(parseCatalog(tools, "old.json", { dialect: "draft4" })[0]!.dialect).toBe("draft4");
  });
});
