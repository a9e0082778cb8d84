// OpenAPI 3.0 component schemas as stand-alone schemas: each component with the components it
// reaches (transitively) under `definitions`, and `#/components/schemas/X` refs pointed there, so
// an OpenAPI description's schemas can be declared as tools, checked and fuzzed one by one.
import { isSchemaObject } from "./walk-schema.js";
import type { JsonSchema } from "./types.js";

const COMPONENT_REF = "#/components/schemas/";

export interface ComponentSchema {
  readonly name: string;
  readonly schema: JsonSchema;
}

/** Every component of `document` (an OpenAPI 3.x description), in its order, each made stand-alone. */
export function componentSchemas(document: unknown): ComponentSchema[] {
  const schemas = isSchemaObject(document) && isSchemaObject(document.components) ? document.components.schemas : undefined;
  if (!isSchemaObject(schemas)) return [];
  const rewritten = new Map<string, { schema: JsonSchema; refs: Set<string> }>();
  for (const name of Object.keys(schemas)) {
    const refs = new Set<string>();
    rewritten.set(name, { schema: rewriteRefs(schemas[name], refs) as JsonSchema, refs });
  }
  return [...rewritten.keys()].map((name) => {
    const own = rewritten.get(name)!;
    const reached = reachable(name, rewritten);
    if (reached.length === 0 || !isSchemaObject(own.schema)) return { name, schema: own.schema };
    const definitions = Object.fromEntries(reached.map((other) => [other, rewritten.get(other)!.schema]));
    return { name, schema: { ...own.schema, definitions } };
  });
}

/** A deep copy with component refs pointing into `definitions`; the names it refers to go into `refs`. */
function rewriteRefs(node: unknown, refs: Set<string>): unknown {
  if (Array.isArray(node)) return node.map((item) => rewriteRefs(item, refs));
  if (!isSchemaObject(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "$ref" && typeof value === "string" && value.startsWith(COMPONENT_REF)) {
      const name = decodeURIComponent(value.slice(COMPONENT_REF.length));
      refs.add(name);
      out.$ref = `#/definitions/${value.slice(COMPONENT_REF.length)}`;
    } else out[key] = rewriteRefs(value, refs);
  }
  return out;
}

/** The components `name` reaches through refs, itself excluded unless it is recursive (breadth first). */
function reachable(name: string, all: ReadonlyMap<string, { refs: Set<string> }>): string[] {
  const seen = new Set<string>();
  const queue = [...(all.get(name)?.refs ?? [])];
  for (let head = 0; head < queue.length; head++) {
    const next = queue[head]!;
    if (seen.has(next) || !all.has(next)) continue;
    seen.add(next);
    queue.push(...all.get(next)!.refs);
  }
  return [...seen];
}
