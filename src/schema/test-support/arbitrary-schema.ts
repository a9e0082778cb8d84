// Test-only: small, messy JSON Schemas for properties of the walker and detection. Names include
// "/" and "~" so that pointer escaping is exercised, and keyword-like names ("enum", "properties")
// so that data and schemas are never confused. Generators proper live in generators/.
import fc from "fast-check";
import type { JsonSchema } from "../types.js";

const names = fc.constantFrom("a", "b", "a/b", "~x", "", "enum", "properties", "$ref", "ñ");
const types = fc.constantFrom("string", "number", "integer", "boolean", "object", "array", "null");
const refs = fc.constantFrom("#", "#/$defs/a", "#/$defs/a~1b", "#/properties/a", "#/$defs/missing", "#node", "https://example.com/s.json");
const data = fc.jsonValue({ maxDepth: 2 });

export function arbitrarySchema(maxDepth = 4): fc.Arbitrary<JsonSchema> {
  const { schema } = fc.letrec<{ schema: JsonSchema; object: JsonSchema }>((tie) => ({
    schema: fc.oneof({ maxDepth, depthSize: "small" }, fc.boolean(), tie("object")),
    object: fc.record(
      {
        type: fc.oneof(types, fc.uniqueArray(types, { minLength: 1, maxLength: 3 })),
        properties: fc.dictionary(names, tie("schema"), { maxKeys: 3 }),
        required: fc.uniqueArray(names, { maxLength: 3 }),
        additionalProperties: tie("schema"),
        patternProperties: fc.dictionary(fc.constantFrom("^x", "^y/"), tie("schema"), { maxKeys: 1 }),
        items: tie("schema"),
        prefixItems: fc.array(tie("schema"), { maxLength: 2 }),
        contains: tie("schema"),
        anyOf: fc.array(tie("schema"), { minLength: 1, maxLength: 2 }),
        oneOf: fc.array(tie("schema"), { minLength: 1, maxLength: 2 }),
        not: tie("schema"),
        if: tie("schema"),
        then: tie("schema"),
        $defs: fc.dictionary(names, tie("schema"), { maxKeys: 2 }),
        $ref: refs,
        $anchor: fc.constant("node"),
        format: fc.constantFrom("date", "email", "uuid", "no-such-format"),
        enum: fc.array(data, { minLength: 1, maxLength: 3 }),
        const: data,
        default: data,
        minimum: fc.integer(),
        uniqueItems: fc.boolean(),
        description: fc.string(),
      },
      { requiredKeys: [] },
    ),
  }));
  return schema;
}
