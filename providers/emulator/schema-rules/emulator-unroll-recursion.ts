// Gemini's documented alteration of recursive schemas (providers.md 3.1, responseJsonSchema): "Cyclic
// references are unrolled to a limited degree and, as such, may only be used within non-required
// properties. (Nullable properties are not sufficient.)" The emulator inlines local `$ref`s, a cyclic
// target at most UNROLL_LEVELS times along a path; past that the recursion is cut, and the property that
// holds the cut is taken out of the schema (so a required one can no longer be filled, as documented).
import { appendPointer, refToPointer, resolvePointer } from "../../../src/schema/json-pointer.js";
import { SUBSCHEMA_KEYWORDS } from "../../../src/schema/walk-schema.js";
import type { JsonSchema } from "../../../src/schema/types.js";
import { isRecord, stringsOf, type Schema } from "./emulator-schema-facts.js";

/** Levels of one recursive definition kept along a path. The degree is not documented; four keeps small trees whole. */
export const UNROLL_LEVELS = 4;

/** Past this many schema nodes the expansion stops and the schema is held as declared (a DAG of refs can explode). */
const MAX_NODES = 20_000;

const CUT: unique symbol = Symbol("recursion cut");
type Expanded = JsonSchema | typeof CUT;

export type Unrolled = { readonly unrolled: true; readonly schema: JsonSchema; readonly cutProperties: readonly string[] } | { readonly unrolled: false };

export function unrollRecursion(root: JsonSchema, levels: number = UNROLL_LEVELS): Unrolled {
  const budget = { nodes: 0 };
  // The root is the first level of itself (`$ref: "#"`).
  const expanded = expand(root, root, new Map([["", 1]]), levels, budget);
  if (expanded === null) return { unrolled: false };
  const cutProperties: string[] = [];
  return { unrolled: true, schema: removeCuts(expanded, "", cutProperties), cutProperties };
}

/** A copy with local refs inlined; null when the budget ran out. */
function expand(node: unknown, root: JsonSchema, seen: ReadonlyMap<string, number>, levels: number, budget: { nodes: number }): Expanded | null {
  if (!isRecord(node)) return node as JsonSchema;
  if ((budget.nodes += 1) > MAX_NODES) return null;
  const pointer = typeof node.$ref === "string" ? refToPointer(node.$ref) : null;
  const target = pointer === null ? undefined : resolvePointer(root, pointer);
  if (pointer !== null && target !== undefined) {
    const count = seen.get(pointer) ?? 0;
    if (count >= levels) return CUT;
    const inlined = expand(target, root, new Map(seen).set(pointer, count + 1), levels, budget);
    const { $ref: _ref, ...siblings } = node;
    if (inlined === null || Object.keys(siblings).length === 0) return inlined;
    const rest = expandKeywords(siblings, root, seen, levels, budget);
    return rest === null ? null : { ...rest, allOf: [...(Array.isArray(rest.allOf) ? rest.allOf : []), inlined] };
  }
  return expandKeywords(node, root, seen, levels, budget);
}

function expandKeywords(node: Schema, root: JsonSchema, seen: ReadonlyMap<string, number>, levels: number, budget: { nodes: number }): Schema | null {
  const out: Schema = {};
  for (const [keyword, value] of Object.entries(node)) {
    const shape = SUBSCHEMA_KEYWORDS[keyword];
    // Definitions are not instances: they stay as declared for the refs that are not inlined.
    if (shape === undefined || keyword === "$defs" || keyword === "definitions") {
      out[keyword] = structuredClone(value);
      continue;
    }
    const children = Array.isArray(value) ? value : isRecord(value) && shape === "schema-map" ? value : null;
    if (children === null) {
      const child = expand(value, root, seen, levels, budget);
      if (child === null) return null;
      out[keyword] = child;
      continue;
    }
    const entries = Object.entries(children).map(([key, item]) => [key, expand(item, root, seen, levels, budget)] as const);
    if (entries.some(([, child]) => child === null)) return null;
    out[keyword] = Array.isArray(children) ? entries.map(([, child]) => child) : Object.fromEntries(entries);
  }
  return out;
}

/**
 * A property whose subschema holds a cut (outside its own nested properties) is taken out: `false`, and
 * no longer required. A cut outside any property (an array of itself) becomes `false`: nothing goes there.
 */
function removeCuts(node: Expanded, path: string, cutProperties: string[]): JsonSchema {
  if (node === CUT) return false;
  if (!isRecord(node)) return node;
  const out: Schema = {};
  const taken = new Set<string>();
  for (const [keyword, value] of Object.entries(node)) out[keyword] = removeCutsUnder(keyword, value, path, taken, cutProperties);
  if (taken.size > 0 && Array.isArray(out.required)) out.required = stringsOf(out.required).filter((name) => !taken.has(name));
  return out;
}

function removeCutsUnder(keyword: string, value: unknown, path: string, taken: Set<string>, cutProperties: string[]): unknown {
  const shape = SUBSCHEMA_KEYWORDS[keyword];
  if (shape === undefined || keyword === "$defs" || keyword === "definitions") return value;
  if (Array.isArray(value)) return value.map((item: Expanded, index) => removeCuts(item, appendPointer(path, keyword, index), cutProperties));
  if (shape !== "schema-map" || !isRecord(value)) return removeCuts(value as Expanded, appendPointer(path, keyword), cutProperties);
  const mapped: Schema = {};
  for (const [key, item] of Object.entries(value)) {
    const itemPath = appendPointer(path, keyword, key);
    if (keyword === "properties" && holdsCut(item)) {
      mapped[key] = false;
      taken.add(key);
      cutProperties.push(itemPath);
    } else {
      mapped[key] = removeCuts(item as Expanded, itemPath, cutProperties);
    }
  }
  return mapped;
}

/** A cut in this subschema that no nested property owns. */
function holdsCut(node: unknown): boolean {
  if (node === CUT) return true;
  if (!isRecord(node)) return false;
  return Object.entries(node).some(([keyword, value]) => {
    const shape = SUBSCHEMA_KEYWORDS[keyword];
    if (shape === undefined || keyword === "properties" || keyword === "$defs" || keyword === "definitions") return false;
    if (Array.isArray(value)) return value.some(holdsCut);
    if (shape === "schema-map" && isRecord(value)) return Object.values(value).some(holdsCut);
    return holdsCut(value);
  });
}
