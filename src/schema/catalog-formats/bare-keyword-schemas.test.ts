// Regression: a folder of real-world schemas stopped at the first `{"enum": [...]}` with "unknown
// catalog shape". Any JSON Schema of any draft is a schema: recognised by any keyword it holds.
import { describe, expect, it } from "vitest";
import { parseCatalog } from "../load-catalog.js";
import { JSON_SCHEMA_KEYWORDS } from "./schema-keywords.js";

const recognised = (document: unknown) => parseCatalog(document, "wild/doc.json").map((declared) => [declared.id, declared.source.format, declared.schema]);

describe("documents recognised as plain schemas by their keywords", () => {
  it.each([
    ["a bare enum", { enum: ["a", "b"] }],
    ["a bare const", { const: 42 }],
    ["items alone", { items: { type: "string" } }],
    ["definitions alone (draft-07)", { definitions: { a: { type: "string" } } }],
    ["a draft-04 document", { id: "http://example.com/x", $schema: "http://json-schema.org/draft-04/schema#", required: ["a"] }],
    ["a description alone", { description: "anything goes" }],
    ["an OpenAPI nullable", { nullable: true, format: "date" }],
    ["an empty object", {}],
    ["true", true],
    ["false", false],
  ])("%s", (_, document) => {
    expect(recognised(document)).toEqual([["doc/doc", "schema", document]]);
  });

  it("recognises every keyword of every draft on its own", () => {
    // A string fits every keyword schemalab reads from the document itself (description, x-schemalab-*).
    // ($schema must name a dialect schemalab reads: an unknown one is refused by name, see declared-dialect.test.ts.)
    for (const keyword of JSON_SCHEMA_KEYWORDS) {
      const value = keyword === "$schema" ? "http://json-schema.org/draft-07/schema#" : "x";
      expect(recognised({ [keyword]: value })).toHaveLength(1);
    }
  });

  it("still refuses what is no schema, and a lone tool declaration, naming the file", () => {
    expect(() => parseCatalog({ hello: "world" }, "wild/doc.json")).toThrow(/wild\/doc\.json \(document root\): unknown catalog shape/);
    expect(() => parseCatalog({ name: "t", description: "a tool", parameters: {} }, "wild/doc.json")).toThrow(/unknown catalog shape/);
    expect(() => parseCatalog(42, "wild/doc.json")).toThrow(/unknown catalog shape \(a number\)/);
  });
});
