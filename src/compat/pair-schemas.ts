// Tools are paired by id across OLD and NEW; failing that, by tool name (the id without its catalog,
// so `fitness-1.2.0.json` and `fitness-1.3.0.json` pair even when their catalogs are named apart).
// Two single-schema files always pair: a plain schema file declares one contract.
import type { DeclaredSchema } from "../schema/types.js";

export interface SchemaPair {
  readonly old: DeclaredSchema;
  readonly new: DeclaredSchema;
}

export interface SchemaPairing {
  readonly pairs: readonly SchemaPair[];
  /** Only in NEW. */
  readonly added: readonly DeclaredSchema[];
  /** Only in OLD. */
  readonly removed: readonly DeclaredSchema[];
}

/** `fitness/write_measurement` → `write_measurement`; `calendar/create_event#output` keeps `#output`. */
function toolKey(schema: DeclaredSchema): string {
  return schema.id.slice(schema.id.indexOf("/") + 1);
}

export function pairSchemas(olds: readonly DeclaredSchema[], news: readonly DeclaredSchema[]): SchemaPairing {
  if (olds.length === 1 && news.length === 1) return { pairs: [{ old: olds[0]!, new: news[0]! }], added: [], removed: [] };
  const unpairedNew = new Map(news.map((schema) => [schema.id, schema]));
  const pairs: SchemaPair[] = [];
  const unpairedOld: DeclaredSchema[] = [];
  for (const old of olds) {
    const same = unpairedNew.get(old.id);
    if (same) {
      pairs.push({ old, new: same });
      unpairedNew.delete(old.id);
    } else {
      unpairedOld.push(old);
    }
  }
  const byKey = uniqueByKey([...unpairedNew.values()]);
  const oldKeys = uniqueByKey(unpairedOld);
  const removed: DeclaredSchema[] = [];
  for (const old of unpairedOld) {
    const match = oldKeys.has(toolKey(old)) ? byKey.get(toolKey(old)) : undefined;
    if (match) {
      pairs.push({ old, new: match });
      unpairedNew.delete(match.id);
    } else {
      removed.push(old);
    }
  }
  return { pairs, added: [...unpairedNew.values()], removed };
}

/** Schemas by tool name, leaving out names that more than one schema shares (those pair by id only). */
function uniqueByKey(schemas: readonly DeclaredSchema[]): Map<string, DeclaredSchema> {
  const byKey = new Map<string, DeclaredSchema>();
  const shared = new Set<string>();
  for (const schema of schemas) {
    const key = toolKey(schema);
    if (byKey.has(key)) shared.add(key);
    byKey.set(key, schema);
  }
  for (const key of shared) byKey.delete(key);
  return byKey;
}
