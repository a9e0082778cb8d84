// compileWith(modules): a keyword module left out never leaves a rule unchecked (its keywords are
// refused by name), one given checks as compile does, and a bundler really leaves the others out.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { schemas } from "../arbitraries/index.js";
import { fromRoot } from "../package-root.js";
import {
  ALL_KEYWORD_MODULES, applicatorKeywords, arrayKeywords, compile, compileWith, objectKeywords, patternKeywords, refKeywords, unevaluatedKeywords, UnsupportedSchemaError,
  type KeywordModule,
} from "./core.js";

const FEATURES = [
  "type:object", "type:array", "type:string", "type:number", "type:union", "properties", "required", "additionalProperties:false", "patternProperties",
  "propertyNames", "minProperties", "dependentRequired", "unevaluatedProperties", "items", "prefixItems", "minItems", "uniqueItems", "contains",
  "minLength", "minimum", "multipleOf", "enum", "const", "anyOf", "oneOf", "allOf", "not", "if-then-else", "$ref:local", "$ref:recursive",
];

describe("compileWith", () => {
  it("checks the built-in families with no module at all", () => {
    const validate = compileWith([])({ type: "object", properties: { city: { type: "string", minLength: 2 }, n: { enum: [1, 2] } }, required: ["city"], additionalProperties: false });
    expect(validate({ city: "Paris", n: 2 }).valid).toBe(true);
    expect(validate({ city: "P", n: 3, x: 0 })).toMatchObject({ valid: false, errors: [{ keyword: "minLength" }, { keyword: "enum" }, { keyword: "additionalProperties" }] });
  });

  it.each([
    [{ properties: { tags: { type: "array", items: { type: "string" } } } }, "items", "#/properties/tags/items", "arrayKeywords"],
    [{ minProperties: 1 }, "minProperties", "#/minProperties", "objectKeywords"],
    [{ anyOf: [{ type: "string" }, { type: "null" }] }, "anyOf", "#/anyOf", "applicatorKeywords"],
    [{ $defs: { a: { type: "string" } }, $ref: "#/$defs/a" }, "$ref", "#/$ref", "refKeywords"],
    [{ unevaluatedProperties: false }, "unevaluatedProperties", "#/unevaluatedProperties", "unevaluatedKeywords"],
    [{ properties: { id: { type: "string", pattern: "^[a-z]+$" } } }, "pattern", "#/properties/id/pattern", "patternKeywords"],
    [{ patternProperties: { "^x-": true } }, "patternProperties", "#/patternProperties", "patternKeywords"],
    // Not even read: a malformed pattern is refused too, as what a module left out would check.
    [{ pattern: "(" }, "pattern", "#/pattern", "patternKeywords"],
  ])("refuses %j without its module, naming the keyword, its place and the module", (schema, keyword, schemaPath, module) => {
    const compileBare = compileWith([]);
    expect(() => compileBare(schema)).toThrow(UnsupportedSchemaError);
    expect(() => compileBare(schema)).toThrow(expect.objectContaining({ keyword, schemaPath, message: expect.stringContaining(`compileWith was not given ${module}`) }));
  });

  it("refuses what is not a keyword module", () => {
    expect(() => compileWith([arrayKeywords, "refKeywords" as unknown as KeywordModule])).toThrow(/modules\[1\] is not a keyword module/);
  });

  it("gives compile's verdicts and errors wherever it compiles, with any subset of the modules", () => {
    const subset = fc.subarray([arrayKeywords, objectKeywords, applicatorKeywords, refKeywords, unevaluatedKeywords, patternKeywords]);
    fc.assert(
      fc.property(schemas(FEATURES), subset, fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 4 }), (schema, modules, values) => {
        let validate;
        try {
          validate = compileWith(modules)(schema);
        } catch (error) {
          // Refused only for a module left out (compile itself accepts the schema).
          compile(schema);
          expect(error).toBeInstanceOf(UnsupportedSchemaError);
          expect((error as Error).message).toMatch(/compileWith was not given (array|object|applicator|ref|unevaluated|pattern)Keywords/);
          return;
        }
        const full = compile(schema);
        for (const value of values) expect(validate(value)).toEqual(full(value));
      }),
      { numRuns: 150 },
    );
  });

  it("with every module is compile", () => {
    const schema = { type: "array", items: { $ref: "#/$defs/n" }, $defs: { n: { oneOf: [{ type: "integer" }, { type: "null" }] } }, unevaluatedItems: false };
    expect(compileWith(ALL_KEYWORD_MODULES)(schema)([1, null, "x"])).toEqual(compile(schema)([1, null, "x"]));
  });
});

describe("the bundle of compileWith", () => {
  it("leaves out the modules a program does not import", async () => {
    const esbuild = await import("esbuild");
    const core = fromRoot("src", "lite", "core.ts");
    const bundle = async (imports: string, modules: string) => {
      const contents = `import { compileWith${imports} } from ${JSON.stringify(core)}; export const compile = compileWith([${modules}]);`;
      const built = await esbuild.build({ stdin: { contents, loader: "ts", resolveDir: fromRoot() }, bundle: true, minify: true, format: "esm", platform: "neutral", write: false, logLevel: "silent" });
      return built.outputFiles[0]!.text;
    };
    const bare = await bundle("", "");
    const withRefs = await bundle(", refKeywords", "refKeywords");
    // The registry's refusals (a remote $ref not given, a malformed fragment) come with refKeywords only.
    for (const text of ["was not provided in options.remotes", "malformed fragment"]) {
      expect(bare).not.toContain(text);
      expect(withRefs).toContain(text);
    }
    expect(bare.length).toBeLessThan(withRefs.length);
    // The scan that proves patterns linear comes with patternKeywords only.
    const withPatterns = await bundle(", patternKeywords", "patternKeywords");
    expect(bare).not.toContain("may backtrack without bound");
    expect(withPatterns).toContain("may backtrack without bound");
  });
});
