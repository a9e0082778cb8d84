// A schema object whose keywords all read the same in draft 2020-12 is its own view (no copy): the
// view is then exactly the copy the rewrite would make.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALL_DIALECT_RULES } from "./all-dialects.js";

const KEYWORDS = [
  "type", "items", "additionalItems", "dependencies", "exclusiveMinimum", "exclusiveMaximum", "minimum", "maximum", "nullable", "$ref",
  "properties", "required", "enum", "title", "id", "$id", "maxLength", "prefixItems", "$recursiveRef", "dependentRequired",
];
const VALUES = fc.oneof(fc.constantFrom(true, false, 3, "string", "OBJECT", ["a"], [{ type: "string" }], { a: ["b"] }, { a: {} }), fc.jsonValue({ maxDepth: 2 }));
const isMap = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);
// Only the shapes checkKeywords lets through reach normalize: `dependencies` is a map.
const SCHEMAS = fc
  .dictionary(fc.constantFrom(...KEYWORDS), VALUES, { maxKeys: 6 })
  .map((schema) => ("dependencies" in schema && !isMap(schema.dependencies) ? { ...schema, dependencies: { a: ["b"], c: {} } } : schema));

describe("normalizeLegacy", () => {
  it.each(["draft4", "draft6", "draft7", "draft2019-09", "openapi-3.0"] as const)("gives %s schemas read as they are the view a copy gives", (dialect) => {
    const normalize = ALL_DIALECT_RULES[dialect].normalize!;
    fc.assert(
      fc.property(SCHEMAS, (schema) => {
        // A vendor extension is never in the view: with it, the rewrite always copies.
        const copied = normalize({ ...schema, "x-copy": 1 });
        expect(normalize(schema)).toEqual(copied);
      }),
      { numRuns: 400 },
    );
  });

  it("hands back a schema that reads the same as its own view", () => {
    const schema = { type: "object", properties: { a: { type: "string" } }, required: ["a"] };
    expect(ALL_DIALECT_RULES.draft7.normalize!(schema).view).toBe(schema);
    expect(ALL_DIALECT_RULES.draft4.normalize!({ ...schema, exclusiveMinimum: true, minimum: 1 }).view).toEqual({ ...schema, exclusiveMinimum: 1 });
  });
});
