// Acceptors (acceptor.ts) only speed up a passing value: the verdicts and errors of a schema whose
// containers have acceptors equal those of the same schema with each container behind an allOf
// (which has none, so every value goes through the checks), also where maxDepth cuts in.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compile } from "./index.js";
import type { LiteError } from "./types.js";

type Schema = { [keyword: string]: unknown };

const leaf = fc.constantFrom<Schema>(
  { type: "string" }, { type: "integer", minimum: 0, maximum: 5 }, { type: "string", enum: ["x", "y"] }, { type: "null" }, { type: "boolean" }, { type: "number", multipleOf: 0.5 }, {},
  // Number ranges of every bound, also beside other types: the item loops' own forms (everyItem).
  { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 3 }, { type: ["integer", "null"], minimum: 1 }, { type: ["string", "number"], maximum: 1 }, { type: ["boolean", "integer"] },
);

const schema = fc.letrec<{ node: Schema }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc
      .tuple(
        fc.dictionary(fc.constantFrom("a", "b", "c"), tie("node"), { maxKeys: 3 }),
        fc.subarray(["a", "b", "c"]),
        fc.constantFrom<unknown>(undefined, false, true, { type: "integer" }, { type: "object", properties: { a: { type: "null" } } }),
      )
      .map(([properties, required, additional]) => ({ type: "object", properties, required, ...(additional === undefined ? {} : { additionalProperties: additional }) })),
    fc
      .tuple(tie("node"), fc.option(fc.nat(3)), fc.option(fc.nat(2)))
      .map(([items, maxItems, minItems]) => ({ type: "array", items, ...(maxItems === null ? {} : { maxItems }), ...(minItems === null ? {} : { minItems }) })),
    fc.tuple(tie("node"), tie("node")).map((branches) => ({ anyOf: branches })),
  ),
})).node;

const value = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom<unknown>(0, 1, 3, 7, 0.5, -1, "x", "y", "z", null, true),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom("a", "b", "c", "d"), tie("value"), { maxKeys: 3 }),
  ),
})).value;

/** The schema with every property, item and additionalProperties subschema behind an allOf: no container has an acceptor. */
function withoutAcceptors(node: unknown): unknown {
  if (typeof node !== "object" || node === null) return node;
  const hidden = (child: unknown) => (typeof child === "object" && child !== null ? { allOf: [withoutAcceptors(child)] } : child);
  const copy: Schema = { ...(node as Schema) };
  if (copy.properties) copy.properties = Object.fromEntries(Object.entries(copy.properties as Schema).map(([name, child]) => [name, hidden(child)]));
  if (copy.items !== undefined) copy.items = hidden(copy.items);
  if (copy.additionalProperties !== undefined) copy.additionalProperties = hidden(copy.additionalProperties);
  if (copy.anyOf) copy.anyOf = (copy.anyOf as unknown[]).map(withoutAcceptors);
  return copy;
}

const unwrapped = (errors: readonly LiteError[] | undefined) => errors?.map((error) => ({ ...error, schemaPath: error.schemaPath.replaceAll("/allOf/0", "") }));

describe("acceptors", () => {
  it("give the verdicts and errors of the checks they stand for", () => {
    let valid = 0;
    let runs = 0;
    fc.assert(
      fc.property(schema, fc.array(value, { minLength: 1, maxLength: 6 }), fc.constantFrom(undefined, 1, 2, 3), (tree, values, maxDepth) => {
        const options = maxDepth === undefined ? {} : { maxDepth };
        // Fresh objects: a schema object met twice compiles once, under its first path.
        const plain = JSON.parse(JSON.stringify(tree)) as Schema;
        const fast = compile(plain, options);
        const slow = compile(withoutAcceptors(plain), options);
        for (const v of values) {
          const [a, b] = [fast(v), slow(v)];
          runs++;
          if (a.valid) valid++;
          expect(a.valid, JSON.stringify({ tree, v })).toBe(b.valid);
          if (!a.valid && !b.valid) expect(unwrapped(a.errors)).toEqual(unwrapped(b.errors));
        }
      }),
      { numRuns: 1500 },
    );
    // The generators reach both sides.
    expect(valid / runs).toBeGreaterThan(0.1);
    expect(valid / runs).toBeLessThan(0.9);
  });

  it("test arrays of scalar leaves in their own loops with the leaf's verdict", () => {
    // An array below an object: its acceptor (everyItem's loops) decides; behind an allOf, the checks do.
    const item = fc.constantFrom<unknown>(0, 1, 3, 5, 0.5, -1, 2 ** 53, "x", "", null, true, [], {});
    fc.assert(
      fc.property(leaf, fc.array(fc.array(item, { maxLength: 4 }), { minLength: 1, maxLength: 4 }), (items, arrays) => {
        const tree = { type: "object", properties: { a: { type: "array", items } } };
        const fast = compile(tree);
        const slow = compile(withoutAcceptors(tree));
        for (const a of arrays) {
          const [x, y] = [fast({ a }), slow({ a })];
          expect(x.valid, JSON.stringify({ items, a })).toBe(y.valid);
          if (!x.valid && !y.valid) expect(unwrapped(x.errors)).toEqual(unwrapped(y.errors));
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("leave a value nested past maxDepth to the checks, which report it", () => {
    const nested = { type: "object", properties: { a: { type: "object", properties: { b: { type: "array", items: { type: "integer" } } } } } };
    expect(compile(nested, { maxDepth: 2 })({ a: { b: [1] } })).toMatchObject({ valid: false, errors: [{ keyword: "maxDepth", instancePath: "/a/b/0" }] });
    expect(compile(nested, { maxDepth: 3 })({ a: { b: [1] } }).valid).toBe(true);
    expect(compile({ type: "array", items: nested }, { maxDepth: 3 })([{ a: { b: [1] } }])).toMatchObject({ valid: false, errors: [{ keyword: "maxDepth" }] });
  });

  it("take no values a JSON value would not be: undefined members still go to the checks", () => {
    const validate = compile({ type: "object", properties: { a: { type: "object", properties: { b: { type: "string" } } } } });
    expect(validate({ a: { b: undefined } }).valid).toBe(false);
    expect(validate({ a: { b: "x" } }).valid).toBe(true);
  });

  it("see own properties only, as the checks do", () => {
    const validate = compile({ type: "object", properties: { a: { type: "object", properties: { b: { type: "string" } }, required: ["b"], additionalProperties: false } } });
    const inherited = Object.create({ b: "x" }) as object;
    expect(validate({ a: inherited }).valid).toBe(false);
    expect(validate({ a: { b: "x" } }).valid).toBe(true);
  });

  it("reads each value a bounded number of times when a deep value fails (no re-reading per level)", () => {
    // Each level: 10 counted string leaves beside the nested child; the deepest value is wrong, so
    // every acceptor above it refuses and the full checks run. Reads stay linear in the value.
    let reads = 0;
    const formatCheckers = { counted: () => (reads++, true) };
    const depth = 60;
    let schema: object = { type: "integer" };
    let value: unknown = "not an integer";
    for (let level = 0; level < depth; level++) {
      const properties: Record<string, object> = {};
      const data: Record<string, unknown> = {};
      for (let k = 0; k < 10; k++) {
        properties[`p${k}`] = { type: "string", format: "counted" };
        data[`p${k}`] = "x";
      }
      // The nested child last: an acceptor reads the leaves before it meets the failing child.
      properties.z = schema;
      data.z = value;
      schema = { type: "object", properties };
      value = data;
    }
    const validate = compile(schema, { maxDepth: 1000, formatCheckers });
    expect(validate(value).valid).toBe(false);
    // Once per leaf is 600 reads; unbounded acceptors read a level's leaves once per level above it (~18,000).
    expect(reads).toBeLessThanOrEqual(6 * 10 * depth);
    expect(reads).toBeGreaterThanOrEqual(10 * depth);
  });
});
