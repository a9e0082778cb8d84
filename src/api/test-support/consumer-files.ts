// The files of the empty project the packed tarball is installed into: a small catalog, an ESM
// script that imports every entry point and uses them, and a TypeScript file type-checked with
// `moduleResolution: node16` and `bundler`.

export const SMALL_CATALOG = {
  tools: [
    {
      type: "function",
      function: {
        name: "lookup_order",
        description: "Look an order up by its id.",
        parameters: { type: "object", properties: { order_id: { type: "string", pattern: "^ORD-[0-9]{6}$" } }, required: ["order_id"], additionalProperties: false },
        strict: true,
      },
    },
  ],
};

/** Prints one JSON line of what it found; exits non-zero on any failure (it runs in a child process). */
export const ESM_SCRIPT = `
import assert from "node:assert/strict";
import fc from "fast-check";
import * as root from "schemalab";
import { compile } from "schemalab/lite";
import * as core from "schemalab/lite/core";
import { validValues, nearMisses, schemas } from "schemalab/arbitraries";
import * as types from "schemalab/types";
import resultsSchema from "schemalab/results.schema.json" with { type: "json" };

const tools = JSON.parse(await (await import("node:fs/promises")).readFile("catalog.json", "utf8"));
const section = await root.check(tools, "anthropic:messages.tools.strict");
assert.equal(section.kind, "check");
const translation = root.translate(tools.tools[0].function.parameters, "openai:chat.tools.strict");
assert.ok(translation.native);
const declared = await root.loadCatalog("catalog.json");
const schema = declared[0].schema;
const validate = compile(schema);
const check = (value) => validate(value).valid;
fc.assert(fc.property(validValues(schema), (value) => check(value)), { numRuns: 50 });
fc.assert(fc.property(nearMisses(schema), (miss) => !check(miss.value) && typeof miss.keyword === "string"), { numRuns: 50 });
fc.assert(fc.property(schemas(["minimum", "required"]), (generated) => typeof generated === "object"), { numRuns: 10 });
const reported = await root.report(section);
assert.ok(reported.rendered.md.includes("schemalab"));
assert.equal(typeof core.compile, "function");
assert.deepEqual(Object.keys(types), []);
assert.equal(typeof resultsSchema, "object");
const entries = ["check", "fuzz", "conformance", "probe", "compat", "dispatchConformance", "translate", "loadCatalog", "report", "startEmulator"];
for (const name of entries) assert.equal(typeof root[name], "function", name);
console.log(JSON.stringify({ ok: true, results: section.results.length, verdict: section.results[0].verdict }));
`;

export const TS_FILE = `
import { check, translate, type CheckApiOptions } from "schemalab";
import { validValues, nearMisses, type NearMiss } from "schemalab/arbitraries";
import type { CheckSection, DeclaredSchema, FuzzSection, JsonSchema, ResultsDocument, Translation } from "schemalab/types";
import { compile } from "schemalab/lite";

const options: CheckApiOptions = { unsupported: "strip", signal: new AbortController().signal };
const section: Promise<CheckSection> = check([{ name: "t", input_schema: { type: "object" } }], "anthropic:messages.tools.strict", options);
const translation: Translation = translate({ type: "object" } satisfies JsonSchema, "openai:chat.tools.strict");
const miss = nearMisses({ type: "integer", minimum: 1 });
const first: (m: NearMiss) => string = (m) => m.keyword + m.site + m.family;
const values = validValues({ type: "string" }, { dialect: "draft7" });
const result: boolean = compile({ type: "string" })("x").valid;
export type Unused = [DeclaredSchema, FuzzSection, ResultsDocument, typeof section, typeof translation, typeof miss, typeof first, typeof values, typeof result];
`;

export function tsconfigFor(resolution: "node16" | "bundler", typeRoots: string): object {
  const module = resolution === "node16" ? "node16" : "esnext";
  return {
    compilerOptions: { target: "ES2022", lib: ["ES2022", "DOM"], module, moduleResolution: resolution, strict: true, noEmit: true, skipLibCheck: false, types: ["node"], typeRoots: [typeRoots] },
    files: ["use.ts"],
  };
}
