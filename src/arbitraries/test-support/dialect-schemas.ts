// One tool-shaped schema per dialect, each using what that dialect spells its own way (draft-04's
// boolean exclusive bounds and `id`, draft-07's tuple `items` and `dependencies`, 2019-09's
// `$recursiveRef`-free `dependentRequired` and `unevaluatedProperties`, OpenAPI's `nullable`).
import type { Dialect } from "../../lite/dialect.js";
import type { JsonSchema } from "../../schema/types.js";

export const DIALECT_SCHEMAS: readonly { readonly dialect: Dialect; readonly schema: JsonSchema }[] = [
  {
    dialect: "draft4",
    schema: {
      type: "object",
      properties: {
        age: { type: "integer", minimum: 0, maximum: 130, exclusiveMaximum: true },
        name: { type: "string", minLength: 1, maxLength: 20, pattern: "^[a-z]+$" },
        tags: { type: "array", items: { enum: ["a", "b", "c"] }, uniqueItems: true, maxItems: 3 },
        unit: { $ref: "#/definitions/unit" },
      },
      required: ["age", "name"],
      additionalProperties: false,
      definitions: { unit: { enum: ["kg", "lb"] } },
    },
  },
  {
    dialect: "draft6",
    schema: {
      type: "object",
      properties: { kind: { const: "point" }, at: { type: "array", items: [{ type: "number" }, { type: "number" }], additionalItems: false, minItems: 2 }, label: { type: "string", format: "email" } },
      required: ["kind", "at"],
      propertyNames: { maxLength: 8 },
    },
  },
  {
    dialect: "draft7",
    schema: {
      type: "object",
      properties: { mode: { enum: ["card", "bank"] }, card: { type: "string", pattern: "^[0-9]{4}$" }, iban: { type: "string", minLength: 5 }, when: { type: "string", format: "date" } },
      required: ["mode"],
      dependencies: { card: ["mode"] },
      if: { properties: { mode: { const: "card" } } },
      then: { required: ["card"] },
      else: { required: ["iban"] },
      additionalProperties: false,
    },
  },
  {
    dialect: "draft2019-09",
    schema: {
      type: "object",
      properties: { city: { type: "string", maxLength: 12 }, zip: { type: "string", pattern: "^[0-9]{5}$" }, floors: { type: "integer", exclusiveMinimum: 0, maximum: 90 } },
      dependentRequired: { zip: ["city"] },
      minProperties: 1,
      unevaluatedProperties: false,
    },
  },
  {
    dialect: "draft2020-12",
    schema: {
      type: "object",
      properties: { pair: { type: "array", prefixItems: [{ type: "string" }, { type: "boolean" }], items: false }, count: { type: "integer", multipleOf: 5, maximum: 100 }, choice: { oneOf: [{ type: "string", maxLength: 3 }, { type: "integer" }] } },
      required: ["pair"],
      additionalProperties: false,
    },
  },
  {
    dialect: "openapi-3.0",
    schema: {
      type: "object",
      properties: { note: { type: "string", nullable: true, maxLength: 10 }, score: { type: "number", minimum: 0, maximum: 1, exclusiveMinimum: true }, level: { type: "string", enum: ["low", "high"] } },
      required: ["score"],
    },
  },
];
