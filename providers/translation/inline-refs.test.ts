import { describe, expect, it } from "vitest";
import { refsIntoCycles } from "./inline-refs.js";

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
