import { describe, expect, test } from "vitest";
import { protoPath } from "./emulator-errors.js";
import { openApiSchemaToJsonSchema } from "./openapi-schema-to-json-schema.js";

describe("openApiSchemaToJsonSchema", () => {
  test("lower-cases types, drops OpenAPI-only formats, keeps nullable and unknown fields", () => {
    const schema = {
      type: "OBJECT",
      properties: { n: { type: "INTEGER", format: "int32", nullable: true }, e: { type: "STRING", format: "enum", enum: ["a"] }, t: { type: "STRING", format: "date-time" } },
      propertyOrdering: ["n", "e", "t"],
      additionalProperties: false,
    };
    expect(openApiSchemaToJsonSchema(schema)).toEqual({
      type: "object",
      properties: { n: { type: "integer", nullable: true }, e: { type: "string", enum: ["a"] }, t: { type: "string", format: "date-time" } },
      propertyOrdering: ["n", "e", "t"],
      additionalProperties: false,
    });
  });
});

describe("protoPath", () => {
  test("names map entries by position and camelCase fields in snake_case, as the API's parser does", () => {
    const schema = { type: "OBJECT", properties: { a: { type: "STRING" }, list: { type: "ARRAY", items: { anyOf: [{ type: "STRING" }] } } } };
    expect(protoPath("tools[0].function_declarations[8].parameters", schema, "/properties/list/items")).toBe("tools[0].function_declarations[8].parameters.properties[1].value.items");
    expect(protoPath("generation_config.response_schema", schema, "/properties/list/items/anyOf/0")).toBe("generation_config.response_schema.properties[1].value.items.any_of[0]");
  });
});
