// Arrays under constrained decoding: items repaired in place, extra items cut (items: false, maxItems,
// a closed tuple), duplicates dropped (uniqueItems), an item that `contains` wants added, and padding up
// to minItems. Items that already conform are kept as written.
import type { RepairScope } from "./emulator-repair-value.js";
import { asList, isRecord, MISSING, sameJson, type Schema, type Value } from "../schema-rules/emulator-schema-facts.js";

export function repairArray(value: readonly unknown[], schema: Schema, scope: RepairScope, depth: number): unknown[] {
  const prefix = asList(schema.prefixItems);
  const itemSchema = (index: number): unknown => (index < prefix.length ? prefix[index] : schema.items);
  let out = value.map((item, index) => scope.repair(item, itemSchema(index), depth + 1));
  if (schema.items === false || closedAfterPrefix(schema)) out = out.slice(0, prefix.length);
  if (schema.uniqueItems === true) out = out.filter((item, index) => out.findIndex((other) => sameJson(other, item)) === index);
  if (typeof schema.maxItems === "number") out = out.slice(0, schema.maxItems);
  addContainedItems(out, schema, itemSchema, scope, depth);
  const min = typeof schema.minItems === "number" ? schema.minItems : 0;
  for (let index = out.length; index < min; index += 1) {
    out.push(distinctFill(itemSchema(index), out, schema.uniqueItems === true, scope, depth));
  }
  return out;
}

/** `unevaluatedItems: false` beside a tuple and nothing else that could evaluate the rest. */
function closedAfterPrefix(schema: Schema): boolean {
  if (schema.unevaluatedItems !== false || schema.items !== undefined || schema.contains !== undefined) return false;
  return !["allOf", "anyOf", "oneOf", "$ref", "if", "not"].some((keyword) => keyword in schema);
}

/** Until `minContains` (default 1) items match `contains`: add one, or replace the last other item when maxItems is reached. */
function addContainedItems(out: unknown[], schema: Schema, itemSchema: (index: number) => unknown, scope: RepairScope, depth: number): void {
  if (schema.contains === undefined) return;
  const { conforms } = scope.options;
  const wanted = typeof schema.minContains === "number" ? schema.minContains : 1;
  const max = typeof schema.maxItems === "number" ? schema.maxItems : Infinity;
  let matching = out.filter((item) => conforms(schema.contains, item)).length;
  for (let attempt = 0; matching < wanted && attempt <= wanted; attempt += 1) {
    const index = out.length < max ? out.length : lastIndexWhere(out, (item) => !conforms(schema.contains, item));
    if (index < 0) return;
    const item = containedItem(schema.contains, itemSchema(index), out, schema.uniqueItems === true, scope, depth);
    if (item === MISSING) return;
    out[index] = item;
    matching += 1;
  }
}

/** An item matching `contains` that the item schema also takes (and new, under uniqueItems). */
function containedItem(contains: unknown, itemSchema: unknown, existing: readonly unknown[], unique: boolean, scope: RepairScope, depth: number): Value {
  const { conforms, regenerate } = scope.options;
  const accept = (item: unknown): boolean => conforms(contains, item) && conforms(itemSchema, item);
  const target = bothSchemas(contains, itemSchema);
  const found = freshItem(target, accept, existing, unique, scope, depth);
  if (found !== MISSING) return found;
  for (const item of regenerate?.(target) ?? []) if (accept(item) && (!unique || !existing.some((other) => sameJson(other, item)))) return item;
  return MISSING;
}

/** A padding item; under uniqueItems, one that differs from what is there. */
function distinctFill(schema: unknown, existing: readonly unknown[], unique: boolean, scope: RepairScope, depth: number): unknown {
  const found = freshItem(schema, () => true, existing, unique, scope, depth);
  return found === MISSING ? scope.repair(MISSING, schema, depth + 1) : found;
}

/** Seeds repaired toward the target, each followed by small variations of it, until one is accepted (and new). */
function freshItem(target: unknown, accept: (item: unknown) => boolean, existing: readonly unknown[], unique: boolean, scope: RepairScope, depth: number): Value {
  const index = existing.length;
  const seeds: Value[] = [MISSING, index, String(index), "a".repeat(index + 1), [index], { item: index }];
  for (const seed of seeds) {
    const base = scope.repair(seed, target, depth + 1);
    for (const candidate of [base, ...variationsOf(base).map((variation) => scope.repair(variation, target, depth + 1))]) {
      if (accept(candidate) && (!unique || !existing.some((item) => sameJson(item, candidate)))) return candidate;
    }
  }
  return MISSING;
}

function variationsOf(value: unknown): unknown[] {
  if (typeof value === "number") return [1, 2, 3, 5, 8, 13].map((step) => value + step);
  if (typeof value === "string") return ["a", "b", "c", "d"].map((suffix) => value + suffix);
  return [];
}

/** One schema for "matches both": merged when their keywords agree, else both under allOf. */
function bothSchemas(a: unknown, b: unknown): unknown {
  if (!isRecord(a) || !isRecord(b) || "$ref" in a || "$ref" in b) return { allOf: [b, a] };
  const clash = Object.keys(a).some((keyword) => keyword in b && !sameJson(a[keyword], b[keyword]));
  return clash ? { allOf: [b, a] } : { ...b, ...a };
}

function lastIndexWhere(items: readonly unknown[], test: (item: unknown) => boolean): number {
  for (let index = items.length - 1; index >= 0; index -= 1) if (test(items[index])) return index;
  return -1;
}
