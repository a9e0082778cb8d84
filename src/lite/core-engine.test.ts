// core's size-first engine (src/lite/core/) against schemalab/lite: wherever core compiles a
// schema, every value gets the same result from both (valid, and the whole error list: order,
// paths, keywords, params, messages), with allErrors and without; where core refuses a schema lite
// compiles, it is for one of core's named reasons; where lite refuses or rejects one, core does
// too, with the same error.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nearMisses, schemas } from "../arbitraries/index.js";
import { fromRoot } from "../package-root.js";
import { compile as compileCore } from "./core.js";
import { compile as compileFull, FORMAT_CHECKERS, InvalidSchemaError, UnsupportedSchemaError, type CompileOptions, type Validate } from "./index.js";

const FEATURES = [
  "type:string", "type:number", "type:integer", "type:boolean", "type:object", "type:array", "type:null", "type:union", "type:any", "properties", "required",
  "optional", "additionalProperties:false", "additionalProperties:true", "additionalProperties:schema", "patternProperties", "propertyNames", "minProperties",
  "maxProperties", "dependentRequired", "dependentSchemas", "unevaluatedProperties", "items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains",
  "unevaluatedItems", "minLength", "maxLength", "pattern", "format:date", "format:email", "format:uuid", "minimum", "maximum", "exclusiveMinimum",
  "exclusiveMaximum", "multipleOf", "enum", "const", "anyOf", "oneOf", "allOf", "not", "if-then-else", "$ref:local", "$ref:recursive", "$ref:siblings",
  "description", "default",
];

// Core's refusals beyond lite's: a format without a checker, a pattern not surely linear on the native RegExp, another dialect.
const CORE_REFUSALS = new Set(["format", "pattern", "patternProperties", "$schema"]);

type Outcome = Validate | { readonly failed: Error };

function attempt(compile: () => Validate): Outcome {
  try {
    return compile();
  } catch (error) {
    if (error instanceof UnsupportedSchemaError || error instanceof InvalidSchemaError) return { failed: error };
    throw error;
  }
}

/** Whether core and lite agree on `schema` and each of `values` under `options`; the first difference as an assertion failure. */
function expectSame(schema: unknown, values: readonly unknown[], options: CompileOptions = {}): void {
  const full = attempt(() => compileFull(schema, options));
  const core = attempt(() => compileCore(schema, options));
  if ("failed" in full) {
    // lite refuses it (or finds it malformed): core says the same, or refuses it for a reason of its own first.
    if ("failed" in core && !(core.failed instanceof UnsupportedSchemaError && CORE_REFUSALS.has(core.failed.keyword))) {
      expect(core.failed.message).toBe(full.failed.message);
      expect(core.failed.name).toBe(full.failed.name);
    } else expect("failed" in core, `core compiled what lite refused: ${full.failed.message}`).toBe(true);
    return;
  }
  if ("failed" in core) {
    expect(core.failed).toBeInstanceOf(UnsupportedSchemaError);
    expect(CORE_REFUSALS.has((core.failed as UnsupportedSchemaError).keyword), core.failed.message).toBe(true);
    return;
  }
  for (const value of values) {
    const [coreResult, fullResult] = [core(value), full(value)];
    expect(coreResult).toEqual(fullResult);
    // Shared params are frozen in both (one error's params cannot change another's).
    if (!coreResult.valid && !fullResult.valid) expect(coreResult.errors.map((error) => Object.isFrozen(error.params))).toEqual(fullResult.errors.map((error) => Object.isFrozen(error.params)));
  }
}

const FORMATS = { formatCheckers: { date: FORMAT_CHECKERS.date!, email: FORMAT_CHECKERS.email!, uuid: FORMAT_CHECKERS.uuid! } };

describe("schemalab/lite/core's engine gives lite's results", () => {
  it("on random draft 2020-12 schemas and random values, with allErrors and without", () => {
    fc.assert(
      fc.property(schemas(FEATURES), fc.array(fc.jsonValue({ maxDepth: 4 }), { maxLength: 6 }), fc.boolean(), (schema, values, allErrors) => {
        expectSame(schema, values, { ...FORMATS, allErrors });
      }),
      { numRuns: 400 },
    );
  });

  it("on random schemas and their near misses (values one keyword away from valid)", () => {
    const cases = schemas(FEATURES).chain((schema) =>
      fc.tuple(
        fc.constant(schema),
        nearMisses(schema).map((miss) => miss.value),
      ),
    );
    fc.assert(
      fc.property(cases, fc.boolean(), ([schema, value], allErrors) => expectSame(schema, [value], { ...FORMATS, allErrors })),
      { numRuns: 300 },
    );
  });

  it("with a small maxDepth, and on values nested past it", () => {
    const deep = { type: "object", properties: { a: { $ref: "#" }, b: {} }, additionalProperties: {}, propertyNames: { minLength: 1 } };
    const nested = { a: { a: { a: { b: 1, c: 2 } } } };
    for (const maxDepth of [1, 2, 3, 4]) expectSame(deep, [nested, { a: 1 }], { maxDepth });
    expectSame({ items: {}, prefixItems: [true] }, [[[1]], [1, [2]]], { maxDepth: 1 });
    // uniqueItems compares items whatever maxDepth says: deep ones only as far as they differ.
    let deepValue: unknown = 1;
    for (let i = 0; i < 3000; i++) deepValue = [deepValue];
    expectSame({ uniqueItems: true }, [[deepValue, 1], [deepValue, deepValue], [1, 2, deepValue]]);
  });

  it("on hand-picked schemas where the order of errors is subtle", () => {
    const cases: [unknown, unknown[]][] = [
      [{ type: "integer", minimum: 5, enum: [1, 7], multipleOf: 2 }, [2.5, "x", 3, 7, 9]],
      [{ type: ["string", "null"], minLength: 2, maximum: 3 }, [4, "a", null, true]],
      [{ properties: { a: { type: "string" } }, patternProperties: { "^a": { minLength: 2 }, "^b": false }, additionalProperties: false, required: ["z", "a"] }, [{ a: 1, b: 2, c: 3 }, { a: "x" }]],
      [{ uniqueItems: true, items: { type: ["integer", "string"] } }, [[1, "a", 1, "a", {}, {}], [1, 2]]],
      [{ uniqueItems: true }, [[{ a: 1, b: [1] }, 2, { b: [1], a: 1 }, 2], Array.from({ length: 40 }, (_, i) => i % 17)]],
      [{ contains: { type: "string" }, minContains: 2, maxContains: 3 }, [[1, "a"], ["a", "b", "c", "d", 1], []]],
      [{ prefixItems: [{ type: "string" }], items: false }, [["a", 1, 2], [1]]],
      [{ anyOf: [{ type: "string" }, { minimum: 3 }], oneOf: [{ type: "number" }, { minimum: 2 }], not: { const: 9 } }, [1, 9, 2, "s", true]],
      [{ if: { minimum: 2 }, then: { multipleOf: 2 }, else: { type: "string" } }, [3, 1, "a", 4]],
      [{ dependentRequired: { a: ["b", "c"], b: ["c"] }, minProperties: 3, propertyNames: { maxLength: 1 }, dependentSchemas: { a: { required: ["d"] } } }, [{ a: 1 }, { aa: 1, b: 2 }]],
      [{ allOf: [{ properties: { a: true } }], unevaluatedProperties: false, anyOf: [{ properties: { b: true } }, { properties: { c: true } }] }, [{ a: 1, b: 2, d: 3 }, { c: 1 }, {}]],
      [{ prefixItems: [true], contains: { type: "string" }, unevaluatedItems: { type: "number" } }, [[1, "a", "b", 2, null], [true, 1, {}]]],
      [{ $defs: { n: { $dynamicAnchor: "n", type: "object", properties: { k: { $dynamicRef: "#n" } } } }, $ref: "#/$defs/n" }, [{ k: { k: 1 } }, { k: {} }]],
      [{ $ref: "#" }, [1, {}]],
      [{ $id: "https://x.test/root", $defs: { a: { $id: "a", $anchor: "top", type: "string" } }, properties: { p: { $ref: "a#top" }, q: { $ref: "https://x.test/a" } } }, [{ p: 1, q: "s" }]],
    ];
    for (const [schema, values] of cases) for (const allErrors of [true, false]) expectSame(schema, values, { allErrors });
  });

  it("refuses and rejects what lite does, with lite's words", () => {
    const schemas: unknown[] = [
      { minLenght: 3 }, { type: "strin" }, { required: ["a", "a"] }, { multipleOf: 0 }, { items: [{}] }, { $ref: "#/nope" }, { $ref: "https://else.where/x" },
      { $ref: "#%zz" }, { $id: "https://x.test/a#frag" }, { $anchor: "1a" }, { properties: { a: 3 } }, { allOf: [] }, { $schema: "https://example.com/custom" },
      { $schema: "http://json-schema.org/draft-07/schema#" }, { discriminator: { propertyName: "k", mapping: { a: "#/$defs/A" } }, oneOf: [{ $ref: "#/$defs/B" }], $defs: { A: {}, B: {} } },
      { pattern: "(" }, { format: "no-such-format" }, { not: { $defs: { x: { minimum: "1" } } } },
    ];
    for (const schema of schemas) expectSame(schema, [1]);
    expect(() => compileCore({}, { dialect: "draft7" })).toThrow(/schemalab\/lite\/core does not read draft7/);
    expect(() => compileCore({}, { maxDepth: 0 })).toThrow(InvalidSchemaError);
    expect(() => compileCore({}, { annotations: ["minimum"] })).toThrow(/options.annotations cannot name "minimum"/);
    const seen: string[] = [];
    compileCore({ properties: { a: { foo: 1 } }, bar: 2 }, { unknownKeywords: "annotate", onUnknownKeyword: (keyword, path) => seen.push(`${keyword}@${path}`) });
    expect(seen).toEqual(["bar@#/bar", "foo@#/properties/a/foo"]);
  });
});

const suiteDir = process.env.JSON_SCHEMA_TEST_SUITE ?? fromRoot("..", "shared", "json-schema-test-suite");
const draftDir = join(suiteDir, "tests", "draft2020-12");

describe.skipIf(!existsSync(draftDir))("schemalab/lite/core's engine on the official draft 2020-12 suite", () => {
  it("gives lite's whole result (errors too) on every test of every group it compiles", () => {
    const remotes: Record<string, unknown> = {};
    const walk = (folder: string, prefix: string): void => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(join(folder, entry.name), `${prefix}${entry.name}/`);
        else if (entry.name.endsWith(".json")) remotes[`http://localhost:1234/${prefix}${entry.name}`] = JSON.parse(readFileSync(join(folder, entry.name), "utf8"));
      }
    };
    walk(join(suiteDir, "remotes"), "");
    let compared = 0;
    for (const name of readdirSync(draftDir).filter((file) => file.endsWith(".json"))) {
      for (const group of JSON.parse(readFileSync(join(draftDir, name), "utf8")) as { schema: unknown; tests: { data: unknown }[] }[]) {
        for (const allErrors of [true, false]) expectSame(group.schema, group.tests.map((test) => test.data), { remotes, allErrors });
        compared += group.tests.length;
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});
