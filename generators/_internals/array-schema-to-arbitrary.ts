// Arrays: prefixItems positions then items, lengths within minItems/maxItems (capped), uniqueItems
// under JSON equality (key order and 1 vs 1.0 do not make items distinct), and contains built from
// "hits" (items ∧ contains) and, when maxContains bounds them, "misses" (items ∧ not contains).
import fc from "fast-check";
import type { JsonSchema } from "../../src/schema/types.js";
import { bareArray } from "./bare-array.js";
import { bareConstantFrom, bareInteger, bareNat } from "./bare-builtins.js";
import { mapBare } from "./bare-sample.js";
import { canonicalJson } from "./canonical-json.js";
import { SKIPPED } from "./bounded-filter-arbitrary.js";
import { CLOSED_ITEMS_MARK } from "./flatten-schema.js";
import { UnsatisfiableSchemaError, unlessUnsatisfiable, type GenerationContext } from "./generation-context.js";
import { bothOf, type SchemaObject } from "./merge-schemas.js";
import { slotsArbitrary } from "./slots-arbitrary.js";

interface ArrayShape {
  readonly prefix: fc.Arbitrary<unknown>[];
  readonly item: fc.Arbitrary<unknown> | undefined;
  readonly itemSchema: JsonSchema;
  readonly minItems: number;
  readonly cap: number;
}

export function isUniqueJson(items: readonly unknown[]): boolean {
  return new Set(items.map(canonicalJson)).size === items.length;
}

/** Positions the array can fill: an unsatisfiable prefix position or items schema caps the length. */
function arrayShape(context: GenerationContext, schema: SchemaObject, budget: number): ArrayShape {
  const prefixSchemas = (Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : []) as JsonSchema[];
  const closed = schema[CLOSED_ITEMS_MARK] === true;
  const itemSchema = (Array.isArray(schema.items) || schema.items === undefined ? !closed : schema.items) as JsonSchema;
  const minItems = typeof schema.minItems === "number" ? schema.minItems : 0;
  const maxItems = typeof schema.maxItems === "number" ? schema.maxItems : Infinity;
  const extra = budget <= 0 ? 0 : context.settings.maxExtraItems;
  // Even a minimal array must hold the items contains asks for.
  const needed = Math.max(minItems, schema.contains !== undefined ? (typeof schema.minContains === "number" ? schema.minContains : 1) : 0);
  let cap = Math.min(maxItems, needed + extra, itemSchema === false ? prefixSchemas.length : Infinity);
  const prefix: fc.Arbitrary<unknown>[] = [];
  for (const position of prefixSchemas.slice(0, cap)) {
    const arbitrary = unlessUnsatisfiable(() => context.compile(position, budget - 1));
    if (!arbitrary) break;
    prefix.push(arbitrary);
  }
  if (prefix.length < Math.min(prefixSchemas.length, cap)) cap = prefix.length;
  const item = cap > prefixSchemas.length ? unlessUnsatisfiable(() => context.compile(itemSchema, budget - 1)) : undefined;
  if (!item) cap = Math.min(cap, prefixSchemas.length);
  if (minItems > cap) throw new UnsatisfiableSchemaError("minItems cannot be reached");
  return { prefix, item, itemSchema, minItems, cap };
}

function positionalArbitrary(shape: ArrayShape): fc.Arbitrary<unknown[]> {
  const { prefix, item, minItems, cap } = shape;
  const rest = item && cap > prefix.length ? bareArray(item, { minLength: Math.max(0, minItems - prefix.length), maxLength: cap - prefix.length }) : bareConstantFrom<unknown[]>([[]]);
  if (prefix.length === 0) return rest;
  const cut = bareInteger(Math.min(minItems, prefix.length), prefix.length);
  // slotsArbitrary is fc.tuple(...).map with the same draws and shrinks, and can sample bare.
  const head = slotsArbitrary(prefix, (values) => [...values]);
  return slotsArbitrary<unknown[]>([head, cut, rest], ([drawn, length, tail]) => {
    const items = drawn as unknown[];
    return (length as number) < items.length ? items.slice(0, length as number) : [...items, ...(tail as unknown[])];
  });
}

function distinctItems(items: unknown[]): unknown[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = canonicalJson(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function uniqueArbitrary(context: GenerationContext, shape: ArrayShape): fc.Arbitrary<unknown[]> {
  const { item, minItems, cap } = shape;
  if (shape.prefix.length > 0 || !item) return context.filter(positionalArbitrary(shape), isUniqueJson, "uniqueItems");
  // A little slack so duplicates dropped from small domains still leave minItems distinct items.
  const drawn = mapBare(bareArray(item, { minLength: minItems, maxLength: cap + 2 }), (items) => distinctItems(items).slice(0, cap));
  return context.filter(drawn, (items) => items.length >= minItems, "uniqueItems with minItems");
}

/** Hits and misses merged in an order drawn from seed, misses dropped first if over the cap. */
function interleave(hits: unknown[], misses: unknown[], seed: number, cap: number): unknown[] {
  const kept = misses.slice(0, Math.max(0, cap - hits.length));
  const result: unknown[] = [];
  let h = 0;
  let m = 0;
  let state = seed >>> 0;
  while (h < hits.length || m < kept.length) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const takeHit = m >= kept.length || (h < hits.length && (state & 0x10000) !== 0);
    result.push(takeHit ? hits[h++] : kept[m++]);
  }
  return result;
}

function containsArbitrary(context: GenerationContext, schema: SchemaObject, shape: ArrayShape, budget: number): fc.Arbitrary<unknown[]> {
  const contains = schema.contains as JsonSchema;
  const minContains = typeof schema.minContains === "number" ? schema.minContains : 1;
  const maxContains = typeof schema.maxContains === "number" ? schema.maxContains : Infinity;
  const checker = context.checker();
  const rule = { contains, minContains, maxContains };
  if (shape.prefix.length > 0 || !shape.item) {
    const base = schema.uniqueItems === true ? uniqueArbitrary(context, shape) : positionalArbitrary(shape);
    return context.filter(base, (items) => checker.accepts(rule, items), "contains with prefixItems");
  }
  if (minContains > Math.min(maxContains, shape.cap)) throw new UnsatisfiableSchemaError("minContains cannot be reached");
  const hit = minContains > 0 ? unlessUnsatisfiable(() => context.compile(bothOf(shape.itemSchema, contains) as JsonSchema, budget - 1)) : undefined;
  if (minContains > 0 && !hit) throw new UnsatisfiableSchemaError("no item satisfies contains");
  // When every item matches contains, misses cannot exist: they are skipped, not fatal.
  const miss = Number.isFinite(maxContains) ? context.filterOrSkip(shape.item, (item) => !checker.accepts(contains, item), "items outside contains") : shape.item;
  const hits = hit ? bareArray(hit, { minLength: minContains, maxLength: Math.min(maxContains, shape.cap) }) : bareConstantFrom<unknown[]>([[]]);
  const misses = mapBare(bareArray(miss, { minLength: Math.max(0, shape.minItems - minContains), maxLength: shape.cap - minContains }), (items) => items.filter((item) => item !== SKIPPED));
  const built = slotsArbitrary<unknown[]>([hits, misses, bareNat()], ([h, m, seed]) => interleave(h as unknown[], m as unknown[], seed as number, shape.cap));
  const accept = (items: unknown[]) => items.length >= shape.minItems && (schema.uniqueItems !== true || isUniqueJson(items));
  return shape.minItems > minContains || schema.uniqueItems === true ? context.filter(built, accept, "contains with minItems or uniqueItems") : built;
}

export function arraySchemaToArbitrary(context: GenerationContext, schema: SchemaObject, budget: number): fc.Arbitrary<unknown[]> {
  const shape = arrayShape(context, schema, budget);
  const minContains = typeof schema.minContains === "number" ? schema.minContains : 1;
  const containsMatters = schema.contains !== undefined && (minContains > 0 || typeof schema.maxContains === "number");
  if (containsMatters) return containsArbitrary(context, schema, shape, budget);
  return schema.uniqueItems === true ? uniqueArbitrary(context, shape) : positionalArbitrary(shape);
}
