// The `$ref` web of one document as a graph, analysed once: nodes are the document's subschemas (and
// the maps and lists that hold them, which a ref may name too), edges go from a schema to what it
// holds and from a `$ref` to its target. A ref is recursive when its target leads back to it (holder
// and target in one strongly connected component); it leads into a cycle when its target reaches a
// component with a cycle. Linear in the size of the document: no pair of refs is ever compared.
import { createLocalRefResolver, type LocalRefResolver } from "./resolve-ref.js";
import { stronglyConnectedComponents } from "./strongly-connected-components.js";
import type { JsonSchema } from "./types.js";
import { childPath, forEachSubschema, isSchemaObject } from "./walk-schema.js";

export interface RefFacts {
  readonly path: string;
  /** The schema object holding the ref. */
  readonly holder: { readonly [keyword: string]: unknown };
  readonly ref: string;
  /** Where the ref lands, or null (another document, nothing there). */
  readonly target: string | null;
  /** The target leads back to the schema holding the ref. */
  readonly recursive: boolean;
  /** The target reaches a cycle of refs (recursive itself, or pointing into recursive definitions): it cannot be inlined fully. */
  readonly intoCycle: boolean;
}

export interface RefGraph {
  /** Every `$ref` in walk order. */
  readonly refs: readonly RefFacts[];
  /** Nodes plus edges the analysis visited (walk, graph, components): grows linearly with the document. */
  readonly work: number;
}

interface Graph {
  readonly successors: number[][];
  readonly refs: { readonly holder: number; readonly schema: { [keyword: string]: unknown }; readonly path: string; readonly ref: string }[];
  readonly nodeOf: Map<object, number>;
}

export function analyzeRefGraph(root: JsonSchema, resolver: LocalRefResolver = createLocalRefResolver(root)): RefGraph {
  const graph = buildGraph(root);
  const targets = graph.refs.map(({ holder, ref }) => {
    const target = resolver.resolve(ref);
    const node = target !== null && isSchemaObject(target.schema) ? (graph.nodeOf.get(target.schema) ?? -1) : -1;
    if (node !== -1) graph.successors[holder]!.push(node);
    return { path: target?.path ?? null, node };
  });
  const { component, count, work } = stronglyConnectedComponents(graph.successors);
  const reachesCycle = foldCycles(graph.successors, component, count);
  const refs = graph.refs.map(({ holder, schema, path, ref }, index): RefFacts => {
    const { path: target, node } = targets[index]!;
    return {
      path,
      holder: schema,
      ref,
      target,
      recursive: node !== -1 && component[holder] === component[node],
      intoCycle: node !== -1 && reachesCycle[component[node]!] === 1,
    };
  });
  return { refs, work: work + graph.successors.length };
}

/** Per component: 1 when it holds a cycle or leads to one. Successor components are numbered lower, so one pass upward suffices. */
function foldCycles(successors: readonly (readonly number[])[], component: Int32Array, count: number): Uint8Array {
  const members = new Int32Array(count);
  for (let node = 0; node < successors.length; node++) members[component[node]!]!++;
  const reaches = new Uint8Array(count);
  const byComponent: number[][] = Array.from({ length: count }, () => []);
  for (let node = 0; node < successors.length; node++) byComponent[component[node]!]!.push(node);
  for (let current = 0; current < count; current++) {
    if (members[current]! > 1) reaches[current] = 1;
    for (const node of byComponent[current]!) {
      for (const next of successors[node]!) {
        const other = component[next]!;
        if (other === current ? next === node : reaches[other] === 1) reaches[current] = 1;
      }
    }
  }
  return reaches;
}

/** Nodes for subschemas and for the maps and lists holding them; tree edges only (refs are added by the caller). */
function buildGraph(root: JsonSchema): Graph {
  const successors: number[][] = [];
  const refs: Graph["refs"] = [];
  const nodeOf = new Map<object, number>();
  const onPath = new Set<object>();
  const addNode = (value: unknown): number => {
    const node = successors.push([]) - 1;
    if (value !== null && typeof value === "object" && !nodeOf.has(value)) nodeOf.set(value, node);
    return node;
  };
  // The same traversal as walkSchema (pre-order, key order, identity cycles entered once per path),
  // without a visit object per subschema.
  const visit = (schema: JsonSchema, path: string, node: number): void => {
    if (!isSchemaObject(schema) || onPath.has(schema)) return;
    if (typeof schema.$ref === "string") refs.push({ holder: node, schema, path, ref: schema.$ref });
    onPath.add(schema);
    // `#/$defs` or `#/anyOf` name the map or list itself: a node between the schema and its entries.
    let containerKeyword: string | null = null;
    let container = -1;
    forEachSubschema(schema, (keyword, key, subschema) => {
      let parent = node;
      if (key !== null) {
        if (keyword !== containerKeyword) {
          containerKeyword = keyword;
          container = addNode(schema[keyword]);
          successors[node]!.push(container);
        }
        parent = container;
      }
      const child = addNode(subschema);
      successors[parent]!.push(child);
      visit(subschema, childPath(path, { keyword, key }), child);
    });
    onPath.delete(schema);
  };
  visit(root, "", addNode(root));
  return { successors, refs, nodeOf };
}
