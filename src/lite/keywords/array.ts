// prefixItems, items, contains (minContains, maxContains), minItems, maxItems, uniqueItems,
// unevaluatedItems: keywords for arrays. Evaluated indices are recorded for unevaluatedItems only
// when some schema at this location asks (ctx.collecting).
import type { Acceptor } from "../acceptor.js";
import { deepEqual } from "../deep-equal.js";
import { lastRepeatByHash } from "../json-hash.js";
import { TYPE_BITS, typeBitsOf } from "../json-type.js";
import { childrenInline, explainLeafAt, type Leaf } from "../leaf.js";
import type { SchemaCursor } from "../schema-cursor.js";
import {
  ALWAYS_VALID,
  descend,
  enterQuiet,
  leaveQuiet,
  noteEvaluated,
  report,
  errorSite,
  wasEvaluated,
  withEvaluatedNotes,
  type Check,
  type ValidationContext,
} from "../validation-context.js";

type Items = readonly unknown[];

/** Validates items from index `start` on; returns false on failure (errors reported). */
function checkItemsFrom(check: Check, itemLeaf: Leaf | undefined, start: number, data: Items, ctx: ValidationContext, container?: Acceptor): boolean {
  if (itemLeaf !== undefined && childrenInline(ctx)) return checkLeafItemsFrom(itemLeaf, start, data, ctx);
  // Items that are containers of leaves (acceptor.ts) are tested inline, and descended into only when they fail.
  const accepts = container !== undefined && ctx.depth + container.levels <= ctx.maxDepth ? container.accepts : undefined;
  let ok = true;
  for (let i = start; i < data.length; i++) {
    if ((accepts !== undefined && accepts(data[i])) || descend(check, data[i], i, ctx)) continue;
    ok = false;
    if (!ctx.all) return false;
  }
  return ok;
}

/** Items of a leaf schema (an array of integers, of strings...): its own closure tests each in a tight loop. */
function checkLeafItemsFrom(leaf: Leaf, start: number, data: Items, ctx: ValidationContext): boolean {
  const accepts = leaf.accepts;
  let ok = true;
  for (let i = start; i < data.length; i++) {
    if (accepts(data[i]) || explainLeafAt(leaf, data[i], i, ctx)) continue;
    ok = false;
    if (!ctx.all) return false;
  }
  return ok;
}

function compilePrefixItems(cursor: SchemaCursor): Check<Items> | undefined {
  const schemas: unknown[] | undefined = cursor.get("prefixItems");
  if (schemas === undefined) return undefined;
  const checks = schemas.map((schema, i) => cursor.subschema(schema, "prefixItems", i));
  return (data, ctx) => {
    let ok = true;
    const count = Math.min(checks.length, data.length);
    for (let i = 0; i < count; i++) {
      if (ctx.collecting) noteEvaluated(ctx, i);
      if (!descend(checks[i]!, data[i], i, ctx)) {
        ok = false;
        if (!ctx.all) return false;
      }
    }
    return ok;
  };
}

function compileItems(cursor: SchemaCursor): Check<Items> | undefined {
  const schema = cursor.get("items");
  if (schema === undefined) return undefined;
  if (Array.isArray(schema)) cursor.invalid("items", "must be a schema (tuples are prefixItems in draft 2020-12)");
  const prefixItems = cursor.get("prefixItems");
  const start = Array.isArray(prefixItems) ? prefixItems.length : 0;
  const check = cursor.subschema(schema, "items");
  const leaf = cursor.env.leafOf(check);
  const container = leaf === undefined ? cursor.env.acceptorOf(check) : undefined;
  const site = cursor.site("items", { limit: start });
  // After a tuple, `items: false` is one "too many items" error (Ajv's); alone, each item fails.
  const closesTuple = schema === false && start > 0;
  return (data, ctx) => {
    if (ctx.collecting) noteEvaluated(ctx, true);
    if (closesTuple) return data.length <= start || report(ctx, site);
    return check === ALWAYS_VALID || checkItemsFrom(check, leaf, start, data, ctx, container);
  };
}

/** Like Ajv, the errors of the items that did not match come first; it stops once over maxContains. */
function explainContains(check: Check, max: number, data: Items, ctx: ValidationContext): void {
  let count = 0;
  for (let i = 0; i < data.length && count <= max; i++) if (descend(check, data[i], i, ctx)) count++;
}

function compileContains(cursor: SchemaCursor): Check<Items> | undefined {
  const maxContains: number | undefined = cursor.get("maxContains");
  const minContains: number = cursor.get("minContains") ?? 1;
  if (!cursor.has("contains")) return undefined;
  const check = cursor.subschema(cursor.get("contains"), "contains");
  const site = cursor.site("contains", maxContains === undefined ? { minContains } : { minContains, maxContains });
  const max = maxContains ?? Infinity;
  return (data, ctx) => {
    const collecting = ctx.collecting;
    let count = 0;
    const wasQuiet = enterQuiet(ctx);
    for (let i = 0; i < data.length; i++) {
      if (!descend(check, data[i], i, ctx)) continue;
      count++;
      if (collecting) noteEvaluated(ctx, i);
      if (count >= minContains && max === Infinity && !collecting) break;
    }
    leaveQuiet(ctx, wasQuiet);
    if (count >= minContains && count <= max) return true;
    if (!ctx.quiet) explainContains(check, max, data, ctx);
    return report(ctx, site);
  };
}

function compileItemCounts(cursor: SchemaCursor): Check<Items>[] {
  const checks: Check<Items>[] = [];
  const min: number | undefined = cursor.get("minItems");
  const max: number | undefined = cursor.get("maxItems");
  if (min !== undefined) {
    const site = cursor.site("minItems", { limit: min });
    checks.push((data, ctx) => data.length >= min || report(ctx, site));
  }
  if (max !== undefined) {
    const site = cursor.site("maxItems", { limit: max });
    checks.push((data, ctx) => data.length <= max || report(ctx, site));
  }
  return checks;
}

/**
 * A duplicate pair, as Ajv reports it. When `items` declares only scalar types (`scalarTypes` ≠ 0)
 * Ajv hashes the items of those types from the end and reports the first repeat (i < j); otherwise
 * it compares pairs from the end (i > j). Same verdict either way; the same pair keeps errors equal.
 * Short arrays are scanned pair by pair, which allocates nothing; long ones are hashed (objects by a
 * canonical hash, json-hash.ts), so the check is linear.
 */
export function findDuplicate(data: Items, scalarTypes = 0): [i: number, j: number] | undefined {
  const long = data.length > 16;
  if (scalarTypes !== 0) return long ? firstRepeatHashing(data, scalarTypes) : firstRepeatScanning(data, scalarTypes);
  if (!long) return lastRepeatScanning(data);
  return data.every((item) => typeof item !== "object" || item === null) ? lastRepeatHashing(data) : lastRepeatByHash(data);
}

function firstRepeatScanning(data: Items, types: number): [number, number] | undefined {
  for (let i = data.length - 2; i >= 0; i--) {
    if ((typeBitsOf(data[i]) & types) === 0) continue;
    for (let j = i + 1; j < data.length; j++) if (data[j] === data[i]) return [i, j];
  }
  return undefined;
}

function firstRepeatHashing(data: Items, types: number): [number, number] | undefined {
  const seenAt = new Map<unknown, number>();
  for (let i = data.length - 1; i >= 0; i--) {
    if ((typeBitsOf(data[i]) & types) === 0) continue;
    const j = seenAt.get(data[i]);
    if (j !== undefined) return [i, j];
    seenAt.set(data[i], i);
  }
  return undefined;
}

function lastRepeatScanning(data: Items): [number, number] | undefined {
  for (let i = data.length - 1; i > 0; i--) for (let j = i - 1; j >= 0; j--) if (deepEqual(data[i], data[j])) return [i, j];
  return undefined;
}

/** The highest i with an equal item before it, and the highest such j: what the pair scan finds first. */
function lastRepeatHashing(data: Items): [number, number] | undefined {
  const lastSeen = new Map<unknown, number>();
  let found: [number, number] | undefined;
  for (let i = 0; i < data.length; i++) {
    const j = lastSeen.get(data[i]);
    if (j !== undefined) found = [i, j];
    lastSeen.set(data[i], i);
  }
  return found;
}

/** The scalar types `items` declares (Ajv's condition for hashing), else 0. */
function scalarItemTypes(cursor: SchemaCursor): number {
  const items = cursor.get("items");
  const type = typeof items === "object" && items !== null ? (items as Record<string, unknown>).type : undefined;
  const names = Array.isArray(type) ? type : type === undefined ? [] : [type];
  if (names.length === 0 || names.some((name) => name === "object" || name === "array" || !(name in TYPE_BITS))) return 0;
  return names.reduce((mask: number, name: string) => mask | TYPE_BITS[name]!, 0);
}

function compileUniqueItems(cursor: SchemaCursor): Check<Items> | undefined {
  if (cursor.get("uniqueItems") !== true) return undefined;
  const site = cursor.site("uniqueItems");
  const scalarTypes = scalarItemTypes(cursor);
  return (data, ctx) => {
    if (data.length < 2) return true;
    const duplicate = findDuplicate(data, scalarTypes);
    return duplicate === undefined || report(ctx, errorSite("uniqueItems", site.schemaPath, { i: duplicate[0], j: duplicate[1] }));
  };
}

export function compileArrayKeywords(cursor: SchemaCursor): Check<Items>[] {
  const checks = [compilePrefixItems(cursor), compileItems(cursor), compileContains(cursor), compileUniqueItems(cursor)];
  return [...compileItemCounts(cursor), ...checks.filter((check) => check !== undefined)];
}

/** Wraps a schema's check so its unevaluatedItems sees what it (and its in-place subschemas) evaluated. */
export function wrapUnevaluatedItems(cursor: SchemaCursor, inner: Check): Check {
  const schema = cursor.get("unevaluatedItems");
  if (schema === undefined) return inner;
  const check = cursor.subschema(schema, "unevaluatedItems");
  const site = cursor.site("unevaluatedItems");
  const checkRest = (data: Items, mark: number, ctx: ValidationContext): boolean => {
    let ok = true;
    for (let i = 0; i < data.length; i++) {
      if (wasEvaluated(ctx, mark, i)) continue;
      if (schema === false) return report(ctx, errorSite("unevaluatedItems", site.schemaPath, { limit: i }));
      if (!descend(check, data[i], i, ctx)) {
        ok = false;
        if (!ctx.all) return false;
      }
    }
    return ok;
  };
  return (data, ctx) => (Array.isArray(data) ? withEvaluatedNotes(inner, checkRest, data, ctx) : inner(data, ctx));
}
