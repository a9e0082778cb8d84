// The invalid path's shortcuts (leaves explained inline by their parent, errors reported at a child
// without descending into it, anyOf of leaves explained without a quiet pass, item pointers made
// once per index) must report exactly what the general path reports: every field, in order.
// The general path is forced by `not: false` on every subschema: it never fails, but no subschema
// is a leaf then, so each is descended into and run as its own closures.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compile, type LiteError } from "./index.js";

type Schema = Record<string, unknown>;

const errorsOf = (schema: unknown, value: unknown, allErrors: boolean): readonly LiteError[] | "valid" => {
  const result = compile(schema, { allErrors })(value);
  return result.valid ? "valid" : result.errors;
};

const SUBSCHEMA_LISTS = ["anyOf", "oneOf", "allOf"];
const SUBSCHEMA_MAPS = ["properties"];
const SUBSCHEMAS = ["items", "additionalProperties", "not", "if", "then", "else"];

/** The same schema with no leaf in it: every subschema object gains `not: false`. */
function withoutLeaves(schema: unknown): unknown {
  if (typeof schema !== "object" || schema === null) return schema;
  const copy: Schema = { ...(schema as Schema) };
  for (const keyword of SUBSCHEMA_LISTS) if (Array.isArray(copy[keyword])) copy[keyword] = (copy[keyword] as unknown[]).map(withoutLeaves);
  for (const keyword of SUBSCHEMA_MAPS) {
    const map = copy[keyword] as Schema | undefined;
    if (map) copy[keyword] = Object.fromEntries(Object.entries(map).map(([name, sub]) => [name, withoutLeaves(sub)]));
  }
  for (const keyword of SUBSCHEMAS) if (keyword in copy) copy[keyword] = withoutLeaves(copy[keyword]);
  // A schema that already has `not` keeps it (its subschema was rewritten above).
  return "not" in copy ? copy : { ...copy, not: false };
}

const NAMES = ["a", "b", "c~/"];
const typeName = fc.constantFrom("string", "number", "integer", "boolean", "null", "array", "object");
const primitive = fc.oneof(fc.constantFrom("a", "bb", "", 0, 1, 2.5, -3, true, false, null), fc.integer({ min: -4, max: 4 }));

const leaf: fc.Arbitrary<Schema> = fc.oneof(
  typeName.map((type) => ({ type })),
  fc.record({ type: typeName, enum: fc.array(primitive, { minLength: 1, maxLength: 3 }) }, { requiredKeys: ["enum"] }),
  fc.record({ type: fc.constant("string"), minLength: fc.nat(3), maxLength: fc.nat(3) }, { requiredKeys: [] }),
  fc.record({ type: fc.constantFrom("integer", "number"), minimum: fc.integer({ min: -2, max: 2 }), maximum: fc.integer({ min: -2, max: 3 }) }, { requiredKeys: [] }),
  fc.constant({ type: ["string", "null"] }),
);

const { schema: schemaArb } = fc.letrec<{ schema: Schema }>((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.record(
      {
        type: fc.constant("object"),
        properties: fc.dictionary(fc.constantFrom(...NAMES), tie("schema"), { maxKeys: 3 }),
        required: fc.uniqueArray(fc.constantFrom(...NAMES), { maxLength: 3 }),
        additionalProperties: fc.oneof(fc.constant(false), tie("schema")),
      },
      { requiredKeys: ["properties"] },
    ),
    fc.record({ type: fc.constant("array"), items: tie("schema"), maxItems: fc.nat(3) }, { requiredKeys: ["items"] }),
    fc.record({ anyOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }) }),
    fc.record({ oneOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }) }),
    fc.record({ not: tie("schema") }),
    fc.record({ if: tie("schema"), then: tie("schema"), else: tie("schema") }, { requiredKeys: ["if"] }),
  ),
}));

const { value: valueArb } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    primitive,
    fc.dictionary(fc.constantFrom(...NAMES, "d"), tie("value"), { maxKeys: 4 }),
    fc.array(tie("value"), { maxLength: 4 }),
  ),
}));

describe("the invalid path's shortcuts", () => {
  it("report what the general path reports (every field, in order), with and without allErrors", () => {
    fc.assert(
      fc.property(schemaArb, valueArb, fc.boolean(), (generated, value, allErrors) => {
        // fast-check may hand one subschema object to two places; lite compiles an object once,
        // reporting the first place's schemaPath at both (as the general path does): unshared here.
        const schema: unknown = JSON.parse(JSON.stringify(generated));
        expect(errorsOf(schema, value, allErrors)).toEqual(errorsOf(withoutLeaves(schema), value, allErrors));
      }),
      { numRuns: 3000 },
    );
  });

  it("report item pointers past the table of index tokens, nested, as the general path does", () => {
    const schema = { type: "object", properties: { list: { type: "array", items: { type: "object", properties: { n: { type: "integer" } } } } } };
    const list = Array.from({ length: 1100 }, (_, i) => ({ n: i % 500 === 0 || i === 1099 ? "x" : i }));
    const errors = errorsOf(schema, { list }, true);
    expect(errors === "valid" ? [] : errors.map((error) => error.instancePath)).toEqual(["/list/0/n", "/list/500/n", "/list/1000/n", "/list/1099/n"]);
    expect(errors).toEqual(errorsOf(withoutLeaves(schema), { list }, true));
  });

  it("point at the child a parent explains inline, escaped, at every depth", () => {
    const schema = { items: { properties: { "c~/": { type: "string" } } } };
    const errors = errorsOf(schema, [{ "c~/": 1 }, { "c~/": "ok" }, { "c~/": null }], true);
    expect(errors === "valid" ? [] : errors.map((error) => [error.instancePath, error.schemaPath])).toEqual([
      ["/0/c~0~1", "#/items/properties/c~0~1/type"],
      ["/2/c~0~1", "#/items/properties/c~0~1/type"],
    ]);
  });
});
