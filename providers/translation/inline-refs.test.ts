import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { listRefs } from "../../src/schema/resolve-ref.js";
import { resolveTarget } from "../profiles/load-profiles.js";
import { keywordSoupSchema } from "../test-support/schema-arbitraries.js";
import { inlineRefs, refsIntoCycles, type InlineWhere } from "./inline-refs.js";
import { TranslationDraft } from "./translation-draft.js";

describe("refsIntoCycles", () => {
  it("finds refs that can never be fully inlined: recursive ones and those pointing into a cycle", () => {
    const schema = {
      type: "object",
      properties: { root: { $ref: "#/$defs/folder" }, label: { $ref: "#/$defs/name" } },
      $defs: {
        name: { type: "string" },
        folder: { type: "object", properties: { children: { type: "array", items: { $ref: "#/$defs/node" } } } },
        node: { anyOf: [{ $ref: "#/$defs/folder" }, { $ref: "#/$defs/name" }] },
      },
    };
    expect([...refsIntoCycles(schema)].sort()).toEqual([
      "/$defs/folder/properties/children/items",
      "/$defs/node/anyOf/0",
      "/properties/root",
    ]);
  });

  it("finds a root self-reference and nothing in a tree", () => {
    expect([...refsIntoCycles({ type: "object", properties: { next: { $ref: "#" } } })]).toEqual(["/properties/next"]);
    expect([...refsIntoCycles({ properties: { a: { $ref: "#/$defs/a" } }, $defs: { a: { type: "string" } } })]).toEqual([]);
  });
});

describe("inlineRefs' count of the refs left", () => {
  it("is the number of $refs the inlined schema holds, whatever is inlined", () => {
    const mode = resolveTarget("google:generate.functionDeclarations.parameters").mode;
    const wheres: InlineWhere[] = [() => true, () => false, (path) => path.includes("/properties/"), (_path, node) => "description" in node];
    fc.assert(
      fc.property(keywordSoupSchema, fc.constantFrom(...wheres), fc.constantFrom(10, 50_000), (schema, where, cap) => {
        const draft = new TranslationDraft({ id: "t/x", name: "x", version: null, source: { file: "t", format: "schema", pointer: "" }, schema, role: "tool-input", dialect: "draft2020-12" }, mode, { unsupported: "strip" });
        expect(inlineRefs(draft, where, cap).refsLeft).toBe(listRefs(draft.schema).length);
      }),
    );
  });
});
