import { describe, expect, it } from "vitest";
import { parseCatalog } from "../load-catalog.js";

describe("plain schema catalogs", () => {
  it("names the schema after the file and defaults to the tool-input role", () => {
    const schema = { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", description: "An order.", properties: {} };
    expect(parseCatalog(schema, "schemas/order.json")).toEqual([
      {
        id: "order/order",
        name: "order",
        version: null,
        description: "An order.",
        source: { file: "schemas/order.json", format: "schema", pointer: "" },
        schema,
        role: "tool-input", dialect: "draft2020-12",
      },
    ]);
  });

  it("takes the name and role from x-schemalab-name and x-schemalab-role", () => {
    const schema = { type: "array", "x-schemalab-name": "rank_leads", "x-schemalab-role": "structured-output" };
    expect(parseCatalog(schema, "leads.json")[0]).toMatchObject({ id: "leads/rank_leads", name: "rank_leads", role: "structured-output" });
  });

  it("reads the version from schema_version or a versioned $id", () => {
    expect(parseCatalog({ type: "object", schema_version: "4.1.0" }, "a.json")[0]!.version).toBe("4.1.0");
    expect(parseCatalog({ $id: "https://example.com/order/2.0.1/order.json", type: "object" }, "b.json")[0]!.version).toBe("2.0.1");
  });

  it("reads a schema whose only marker is $ref, and one with a property called text", () => {
    expect(parseCatalog({ $ref: "#/$defs/a", $defs: { a: {} } }, "r.json")).toHaveLength(1);
    expect(parseCatalog({ type: "object", text: "an unknown keyword" }, "t.json")[0]).toMatchObject({ source: { format: "schema" } });
  });
});
