// Until a compile meets an identifier ($id, $anchor...), its $ref registry guesses the document holds
// none and skips the scan of it; whatever the guess cannot decide alone starts the compile again with
// the document scanned. Either way every $ref resolves as in the scanned document.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { schemas } from "../arbitraries/index.js";
import { compile } from "./index.js";

const FEATURES = [
  "type:object", "type:array", "type:string", "type:number", "properties", "required", "additionalProperties:false", "items", "prefixItems",
  "minLength", "minimum", "enum", "anyOf", "oneOf", "allOf", "not", "$ref:local", "$ref:recursive",
];

/** The same schema with an unused anchor in its $defs: the registry then scans the whole document. */
function withUnusedAnchor(schema: unknown): unknown {
  if (typeof schema !== "object" || schema === null) return schema;
  const { $defs, ...rest } = schema as Record<string, unknown>;
  return { ...rest, $defs: { ...($defs as object | undefined), zzUnused: { $anchor: "unusedAnchor", type: "string" } } };
}

describe("the $ref registry of a document it did not scan", () => {
  it("gives the verdicts and errors of the scanned document", () => {
    fc.assert(
      fc.property(schemas(FEATURES), fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 4 }), (schema, values) => {
        const flat = compile(schema);
        const scanned = compile(withUnusedAnchor(schema));
        for (const value of values) expect(flat(value)).toEqual(scanned(value));
      }),
      { numRuns: 200 },
    );
  });

  it.each([
    ["a $defs entry", { $defs: { a: { type: "string" } }, $ref: "#/$defs/a" }, "#/$defs/a/type"],
    ["an array item", { anyOf: [{ type: "null" }, { type: "string" }], properties: { x: { $ref: "#/anyOf/1" } } }, "#/anyOf/1/type"],
    ["a tuple item", { prefixItems: [{ type: "string" }], properties: { x: { $ref: "#/prefixItems/0" } } }, "#/prefixItems/0/type"],
    ["an escaped name", { $defs: { "a/b": { type: "string" } }, $ref: "#/$defs/a~1b" }, "#/$defs/a~1b/type"],
  ])("resolves a pointer to %s, with its schema path", (_, schema, schemaPath) => {
    const result = compile(schema)({ x: 1 });
    expect(result.valid).toBe(false);
    expect(!result.valid && result.errors.map((error) => error.schemaPath)).toContain(schemaPath);
  });

  it("resolves a pointer into data, or outside every keyword, to the schema written there", () => {
    const intoEnum = { enum: [{ type: "string" }, 1], properties: { x: { $ref: "#/enum/0" } } };
    expect(compile(intoEnum)({ x: "s" }).valid).toBe(false);
    const outside = { components: { name: { type: "string" } }, properties: { x: { $ref: "#/components/name" } } };
    expect(compile(outside, { unknownKeywords: "annotate" })({ x: 1 })).toMatchObject({ valid: false, errors: [{ schemaPath: "#/components/name/type" }] });
    // An identifier outside every keyword is found when first reached, as in a scanned document.
    const anchored = { components: { name: { $id: "https://example.com/name", $defs: { s: { $anchor: "s", type: "string" } }, $ref: "#s" } }, properties: { x: { $ref: "#/components/name" } } };
    expect(compile(anchored, { unknownKeywords: "annotate" })({ x: 1 })).toMatchObject({ valid: false, errors: [{ schemaPath: "#/components/name/$defs/s/type" }] });
  });

  it.each([
    ["an anchor written after the $ref", { properties: { a: { $ref: "#name" } }, allOf: [{ $anchor: "name", type: "string" }] }, "#/allOf/0/type"],
    [
      "a pointer through an $id written after the $ref",
      { properties: { a: { $ref: "#/allOf/0/properties/b" } }, allOf: [{ $id: "https://example.com/x", properties: { b: { $ref: "#c" } }, $defs: { c: { $anchor: "c", type: "string" } } }] },
      "#/allOf/0/$defs/c/type",
    ],
    ["an $id that a remote also names", { properties: { a: { $ref: "https://example.com/s" } }, allOf: [{ $id: "https://example.com/s", type: "string" }] }, "#/allOf/0/type"],
  ])("resolves %s as the scanned document does", (_, schema, schemaPath) => {
    const remotes = { "https://example.com/s": { type: "number" } };
    expect(compile(schema, { remotes })({ a: 1 })).toMatchObject({ valid: false, errors: expect.arrayContaining([expect.objectContaining({ instancePath: "/a", schemaPath })]) });
  });

  it("tells onUnknownKeyword of each unknown keyword once, in order, when the compile starts again", () => {
    const seen: string[] = [];
    const schema = { properties: { a: { $ref: "#name", minLenght: 1 } }, allOf: [{ $anchor: "name", maxLenght: 2 }] };
    compile(schema, { unknownKeywords: "annotate", onUnknownKeyword: (keyword, path) => seen.push(`${keyword} ${path}`) });
    expect(seen).toEqual(["minLenght #/properties/a/minLenght", "maxLenght #/allOf/0/maxLenght"]);
  });

  it("walks a schema object graph with shared and cyclic nodes once", () => {
    const shared = { type: "string" };
    let node: Record<string, unknown> = { minLength: 1 };
    // 64 levels of two references to the same node: a walk that did not remember them would take 2^64 steps.
    for (let i = 0; i < 64; i++) node = { allOf: [node, node] };
    const cyclic: Record<string, unknown> = { type: "object", $defs: { s: shared }, properties: { leaf: { $ref: "#/$defs/s" }, inner: node } };
    (cyclic.properties as Record<string, unknown>).self = cyclic;
    const validate = compile(cyclic);
    expect(validate({ leaf: "a", self: { leaf: "b" } }).valid).toBe(true);
    expect(validate({ self: { leaf: 1 } }).valid).toBe(false);
  });
});
