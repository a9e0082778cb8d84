// dependentRequired, dependentSchemas, propertyNames, minProperties, maxProperties:
// keywords for objects that look at which names are present (own properties only).
import { hasOwn } from "../has-own.js";
import { checkPropertyName } from "../property-name-check.js";
import type { SchemaCursor } from "../schema-cursor.js";
import { report, reportTooDeep, reportWith, type Check, type ErrorSite, type ValidationContext } from "../validation-context.js";

type Properties = Readonly<Record<string, unknown>>;

function compileDependentRequired(cursor: SchemaCursor): Check<Properties> | undefined {
  const map: Record<string, string[]> | undefined = cursor.get("dependentRequired");
  if (map === undefined) return undefined;
  // One error site per (property, missing dependency): every error's params are known in advance.
  const rules = Object.keys(map).map((property) => {
    const deps = map[property]!;
    const sites = deps.map((missingProperty) => cursor.site("dependentRequired", { property, missingProperty, depsCount: deps.length, deps: deps.join(", ") }));
    return { property, deps, sites };
  });
  return (data, ctx) => {
    let ok = true;
    for (const { property, deps, sites } of rules) {
      if (!hasOwn(data, property)) continue;
      for (let i = 0; i < deps.length; i++) {
        if (hasOwn(data, deps[i]!)) continue;
        ok = report(ctx, sites[i]!);
        if (!ctx.all) return false;
      }
    }
    return ok;
  };
}

function compileDependentSchemas(cursor: SchemaCursor): Check<Properties> | undefined {
  if (!cursor.has("dependentSchemas")) return undefined;
  const [properties, checks] = cursor.subschemaMap("dependentSchemas");
  return (data, ctx) => {
    let ok = true;
    for (let i = 0; i < properties.length; i++) {
      if (!hasOwn(data, properties[i]!) || checks[i]!(data, ctx)) continue;
      ok = false;
      if (!ctx.all) return false;
    }
    return ok;
  };
}

function compilePropertyNames(cursor: SchemaCursor): Check<Properties> | undefined {
  if (!cursor.has("propertyNames")) return undefined;
  const check = cursor.subschema(cursor.get("propertyNames"), "propertyNames");
  const site = cursor.site("propertyNames");
  return (data, ctx) => {
    let ok = true;
    for (const name in data) {
      if (!hasOwn(data, name) || checkPropertyName(check, name, ctx, reportTooDeep)) continue;
      ok = reportWith(ctx, site, { propertyName: name });
      if (!ctx.all) return false;
    }
    return ok;
  };
}

function countOwn(data: Properties): number {
  let count = 0;
  for (const name in data) if (hasOwn(data, name)) count++;
  return count;
}

function compilePropertyCount(cursor: SchemaCursor, keyword: string, passes: (count: number, limit: number) => boolean): Check<Properties> | undefined {
  const limit: number | undefined = cursor.get(keyword);
  if (limit === undefined) return undefined;
  const site: ErrorSite = cursor.site(keyword, { limit });
  return (data, ctx) => passes(countOwn(data), limit) || report(ctx, site);
}

export function compileObjectKeywords(cursor: SchemaCursor): Check<Properties>[] {
  const checks = [
    compileDependentRequired(cursor),
    compileDependentSchemas(cursor),
    compilePropertyNames(cursor),
    compilePropertyCount(cursor, "minProperties", (count, limit) => count >= limit),
    compilePropertyCount(cursor, "maxProperties", (count, limit) => count <= limit),
  ];
  return checks.filter((check) => check !== undefined);
}
