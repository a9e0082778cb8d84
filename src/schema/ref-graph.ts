// The `$ref` web of one document as a graph, analysed once: nodes are the document's subschemas (and
// the maps and lists that hold them, which a ref may name too), edges go from a schema to what it
// holds and from a `$ref` to its target. A ref is recursive when its target leads back to it (holder
// and target in one strongly connected component); it leads into a cycle when its target reaches a
// component with a cycle. Linear in the size of the document: no pair of refs is ever compared.
import { createLocalRefResolver, type LocalRefResolver } from "./resolve-ref.js";
import { stronglyConnectedComponents } from "./strongly-connected-components.js";
import type { JsonSchema } from "./types.js";
import { isSchemaObject, walkSchema, type SchemaVisit } from "./walk-schema.js";

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
  const visitNode = new Map<SchemaVisit, number>();
  const containers = new Map<string, number>();
  const addNode = (value: unknown): number => {
    successors.push([]);
    const node = successors.length - 1;
    if (value !== null && typeof value === "object" && !nodeOf.has(value)) nodeOf.set(value, node);
    return node;
  };
  walkSchema(root, (visit) => {
    const node = addNode(visit.schema);
    visitNode.set(visit, node);
    if (visit.parent !== null) {
      const parent = visitNode.get(visit.parent)!;
      successors[containerOf(visit, parent) ?? parent]!.push(node);
    }
    if (isSchemaObject(visit.schema) && typeof visit.schema.$ref === "string") refs.push({ holder: node, schema: visit.schema, path: visit.path, ref: visit.schema.$ref });
  });
  return { successors, refs, nodeOf };

  // `#/$defs` or `#/anyOf` name the map or list itself: a node between the schema and its entries.
  function containerOf(visit: SchemaVisit, parent: number): number | null {
    if (visit.key === null || visit.parent === null || !isSchemaObject(visit.parent.schema)) return null;
    const key = `${parent}/${visit.keyword}`;
    let container = containers.get(key);
    if (container === undefined) {
      container = addNode(visit.parent.schema[visit.keyword!]);
      containers.set(key, container);
      successors[parent]!.push(container);
    }
    return container;
  }
}
