// Arrays under constrained decoding: items repaired in place, extra items cut (items: false, maxItems,
// a closed tuple), duplicates dropped (uniqueItems), an item that `contains` wants added, and padding up
// to minItems. Items that already conform are kept as written.
import type { RepairScope } from "./emulator-repair-value.js";
import { asList, MISSING, sameJson, type Schema, type Value } from "./emulator-schema-facts.js";

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
    out.push(distinctFill(itemSchema(index), out, index, schema.uniqueItems === true, scope, depth));
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
  const { conforms } = scope.options;
  const seeds: Value[] = [MISSING, existing.length, String(existing.length), "a".repeat(existing.length + 1)];
  for (const seed of seeds) {
    const candidate = scope.repair(scope.repair(seed, contains, depth + 1), itemSchema, depth + 1);
    if (!conforms(contains, candidate) || !conforms(itemSchema, candidate)) continue;
    if (!unique || !existing.some((item) => sameJson(item, candidate))) return candidate;
  }
  return MISSING;
}

/** A padding item; under uniqueItems, try a few seeds until one differs from what is there. */
function distinctFill(schema: unknown, existing: readonly unknown[], index: number, unique: boolean, scope: RepairScope, depth: number): unknown {
  const seeds: Value[] = [MISSING, index, index + 1, String(index), "a".repeat(index + 1), [index], { item: index }];
  for (const seed of seeds) {
    const candidate = scope.repair(seed, schema, depth + 1);
    if (!unique || !existing.some((item) => sameJson(item, candidate))) return candidate;
  }
  return scope.repair(MISSING, schema, depth + 1);
}

function lastIndexWhere(items: readonly unknown[], test: (item: unknown) => boolean): number {
  for (let index = items.length - 1; index >= 0; index -= 1) if (test(items[index])) return index;
  return -1;
}
