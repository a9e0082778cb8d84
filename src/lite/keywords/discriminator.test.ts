import { describe, expect, it } from "vitest";
import { compile, DIALECTS, InvalidSchemaError } from "../index.js";

// What Pydantic v2's model_json_schema() writes for `pet: Cat | Dog = Field(discriminator="pet_type")`.
const pydanticPets = {
  $defs: {
    Cat: { properties: { pet_type: { const: "cat", title: "Pet Type", type: "string" }, meows: { title: "Meows", type: "integer" } }, required: ["pet_type", "meows"], title: "Cat", type: "object" },
    Dog: { properties: { pet_type: { const: "dog", title: "Pet Type", type: "string" }, barks: { title: "Barks", type: "number" } }, required: ["pet_type", "barks"], title: "Dog", type: "object" },
  },
  properties: {
    pet: { discriminator: { mapping: { cat: "#/$defs/Cat", dog: "#/$defs/Dog" }, propertyName: "pet_type" }, oneOf: [{ $ref: "#/$defs/Cat" }, { $ref: "#/$defs/Dog" }], title: "Pet" },
  },
  required: ["pet"],
  title: "Model",
  type: "object",
};

// Draft 4 and OpenAPI 3.0 have no `const`: the same union with one-value enums, its defs where they keep them.
const withDefinitions = (schema: typeof pydanticPets) =>
  JSON.parse(JSON.stringify(schema).replaceAll("$defs", "definitions").replace(/"const":("\w+")/g, '"enum":[$1]'));

describe("discriminator", () => {
  it("is an annotation in every dialect: the oneOf beside it judges", () => {
    for (const dialect of DIALECTS) {
      const schema = dialect === "draft2020-12" || dialect === "draft2019-09" ? pydanticPets : withDefinitions(pydanticPets);
      const validate = compile(schema, { dialect });
      expect(validate({ pet: { pet_type: "cat", meows: 3 } }).valid, dialect).toBe(true);
      expect(validate({ pet: { pet_type: "dog", meows: 3 } }).valid, dialect).toBe(false);
    }
  });

  it("refuses a mapping to no alternative, naming its place", () => {
    const bad = structuredClone(pydanticPets);
    bad.properties.pet.discriminator.mapping.dog = "#/$defs/Wolf";
    expect(() => compile(bad)).toThrow(InvalidSchemaError);
    expect(() => compile(bad)).toThrow("#/properties/pet/discriminator/mapping/dog");
  });

  it("takes OpenAPI's mapping by schema name, and a discriminator without a oneOf (allOf inheritance)", () => {
    const byName = { oneOf: [{ $ref: "#/definitions/Cat" }], discriminator: { propertyName: "t", mapping: { cat: "Cat" } }, definitions: { Cat: { type: "object" } } };
    expect(compile(byName, { dialect: "openapi-3.0" })({}).valid).toBe(true);
    expect(compile({ type: "object", discriminator: { propertyName: "t", mapping: { a: "#/x" } } })({}).valid).toBe(true);
  });

  it("refuses a discriminator of the wrong shape", () => {
    expect(() => compile({ oneOf: [{}], discriminator: { mapping: {} } })).toThrow(/propertyName/);
    expect(() => compile({ oneOf: [{}], discriminator: { propertyName: "k", mapping: { a: 1 } } })).toThrow(InvalidSchemaError);
  });
});

describe("Gemini's upper-case type names in OpenAPI 3.0", () => {
  it("reads OBJECT, INTEGER... as their lower-case names, nullable too", () => {
    const schema = { type: "OBJECT", properties: { n: { type: "INTEGER", nullable: true }, tags: { type: "ARRAY", items: { type: "STRING" } } }, required: ["n"] };
    const validate = compile(schema, { dialect: "openapi-3.0" });
    expect(validate({ n: 1, tags: ["a"] }).valid).toBe(true);
    expect(validate({ n: null }).valid).toBe(true);
    expect(validate({ n: 1.5 }).valid).toBe(false);
    expect(validate({ n: 1, tags: [2] }).valid).toBe(false);
    expect(validate([]).valid).toBe(false);
  });

  it("reads Gemini's format: \"enum\" as the mark of a string enum, in OpenAPI 3.0 only", () => {
    const validate = compile({ type: "STRING", format: "enum", enum: ["car", "bike"] }, { dialect: "openapi-3.0" });
    expect(validate("car").valid).toBe(true);
    expect(validate("walk").valid).toBe(false);
    expect(() => compile({ type: "string", format: "enum" })).toThrow(/unknown format "enum"/);
  });

  it("stays an error in JSON Schema drafts, where the names are lower-case", () => {
    expect(() => compile({ type: "OBJECT" })).toThrow(InvalidSchemaError);
  });
});
