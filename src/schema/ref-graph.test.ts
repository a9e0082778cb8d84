// Guards the linearity of recursion detection without a clock: the work the analysis reports (nodes
// plus edges visited) is counted on chains, stars and webs of N refs and must grow as N does.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isPointerWithin } from "./json-pointer.js";
import { analyzeRefGraph } from "./ref-graph.js";
import { createLocalRefResolver, listRefs } from "./resolve-ref.js";
import type { JsonSchema } from "./types.js";

/** `$defs` d0..d(n-1), each an object whose properties ref the listed definitions. */
function definitionsWeb(edges: readonly (readonly number[])[]): JsonSchema {
  const $defs = Object.fromEntries(
    edges.map((targets, index) => [
      `d${index}`,
      { type: "object", properties: Object.fromEntries(targets.map((target, k) => [`p${k}`, { $ref: `#/$defs/d${target}` }])) },
    ]),
  );
  return { type: "object", properties: { start: { $ref: "#/$defs/d0" } }, $defs };
}

const chain = (n: number) => definitionsWeb(Array.from({ length: n }, (_, i) => (i + 1 < n ? [i + 1] : [])));
const star = (n: number) => definitionsWeb(Array.from({ length: n }, (_, i) => (i === 0 ? Array.from({ length: n - 1 }, (__, k) => k + 1) : [0])));
const web = (n: number) => definitionsWeb(Array.from({ length: n }, (_, i) => [(i * 7 + 1) % n, (i * 13 + 5) % n, (i + 1) % n]));

/** The definition of recursion before the graph: a ref is recursive when following refs from its target leads back into a schema containing it. */
function bruteForceRecursive(root: JsonSchema): Set<string> {
  const resolver = createLocalRefResolver(root);
  const refs = listRefs(root).map(({ path, ref }) => ({ path, target: resolver.resolve(ref)?.path ?? null }));
  const recursive = new Set<string>();
  for (const { path, target } of refs) {
    if (target === null) continue;
    const pending = [target];
    const seen = new Set<string>();
    while (pending.length > 0) {
      const current = pending.pop()!;
      if (seen.has(current)) continue;
      seen.add(current);
      if (isPointerWithin(path, current)) recursive.add(path);
      for (const inner of refs) if (inner.target !== null && isPointerWithin(inner.path, current)) pending.push(inner.target);
    }
  }
  return recursive;
}

describe("analyzeRefGraph", () => {
  it("finds the recursive refs the brute-force definition finds, on random ref webs", () => {
    const edges = fc.integer({ min: 1, max: 12 }).chain((n) => fc.array(fc.array(fc.integer({ min: 0, max: n - 1 }), { maxLength: 3 }), { minLength: n, maxLength: n }));
    fc.assert(
      fc.property(edges, (graph) => {
        const schema = definitionsWeb(graph);
        const found = analyzeRefGraph(schema).refs.filter((ref) => ref.recursive).map((ref) => ref.path);
        expect(new Set(found)).toEqual(bruteForceRecursive(schema));
      }),
    );
  });

  it("takes work linear in the number of refs on chains, stars and webs", () => {
    for (const shape of [chain, star, web]) {
      const small = analyzeRefGraph(shape(500)).work;
      const large = analyzeRefGraph(shape(5000)).work;
      // Ten times the refs: ten times the work, give or take the fixed root (a quadratic analysis would be ~100x).
      expect(large / small).toBeLessThan(10.5);
    }
  });

  it("tells recursive refs from refs that only point into a cycle", () => {
    const schema = {
      type: "object",
      properties: { root: { $ref: "#/$defs/folder" }, label: { $ref: "#/$defs/name" } },
      $defs: {
        name: { type: "string" },
        folder: { type: "object", properties: { children: { type: "array", items: { $ref: "#/$defs/folder" } } } },
      },
    };
    const facts = Object.fromEntries(analyzeRefGraph(schema).refs.map((ref) => [ref.path, [ref.recursive, ref.intoCycle]]));
    expect(facts).toEqual({
      "/properties/root": [false, true],
      "/properties/label": [false, false],
      "/$defs/folder/properties/children/items": [true, true],
    });
  });

  it("treats a ref to a map of definitions as reaching every entry", () => {
    const schema = { $defs: { a: { properties: { x: { $ref: "#/$defs" } } } } };
    expect(analyzeRefGraph(schema).refs.map((ref) => ref.recursive)).toEqual([true]);
  });
});
