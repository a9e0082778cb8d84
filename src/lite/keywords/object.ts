// dependentRequired, dependentSchemas, propertyNames, minProperties, maxProperties:
// keywords for objects that look at which names are present (own properties only).
import type { SchemaCursor } from "../schema-cursor.js";
import { report, reportTooDeep, type Check, type ValidationContext } from "../validation-context.js";

type Properties = Readonly<Record<string, unknown>>;

const hasOwn = Object.prototype.hasOwnProperty;

function compileDependentRequired(cursor: SchemaCursor): Check<Properties> | undefined {
  const map = cursor.schemaMap("dependentRequired");
  if (map === undefined) return undefined;
  const rules = Object.keys(map).map((property) => ({ property, deps: cursor.stringList("dependentRequired", map[property])! }));
  const site = cursor.site("dependentRequired");
  return (data, ctx) => {
    let ok = true;
    for (const { property, deps } of rules) {
      if (!hasOwn.call(data, property)) continue;
      for (const missingProperty of deps) {
        if (hasOwn.call(data, missingProperty)) continue;
        ok = report(ctx, site, { property, missingProperty, depsCount: deps.length, deps: deps.join(", ") });
        if (!ctx.all) return false;
      }
    }
    return ok;
  };
}

function compileDependentSchemas(cursor: SchemaCursor): Check<Properties> | undefined {
  const map = cursor.schemaMap("dependentSchemas");
  if (map === undefined) return undefined;
  const rules = Object.keys(map).map((property) => ({ property, check: cursor.subschema(map[property], "dependentSchemas", property) }));
  return (data, ctx) => {
    let ok = true;
    for (const { property, check } of rules) {
      if (!hasOwn.call(data, property) || check(data, ctx)) continue;
      ok = false;
      if (!ctx.all) return false;
    }
    return ok;
  };
}

/** Checks one property name; errors found in it carry `propertyName`, as Ajv's do. */
function checkName(check: Check, name: string, ctx: ValidationContext): boolean {
  const firstError = ctx.errors?.length ?? 0;
  ctx.depth++;
  const collecting = ctx.collecting;
  ctx.collecting = false;
  const ok = ctx.depth > ctx.maxDepth ? reportTooDeep(ctx) : check(name, ctx);
  ctx.collecting = collecting;
  ctx.depth--;
  if (!ok && ctx.errors) for (let i = firstError; i < ctx.errors.length; i++) ctx.errors[i] = { ...ctx.errors[i]!, propertyName: name };
  return ok;
}

function compilePropertyNames(cursor: SchemaCursor): Check<Properties> | undefined {
  if (cursor.get("propertyNames") === undefined) return undefined;
  const check = cursor.subschema(cursor.get("propertyNames"), "propertyNames");
  const site = cursor.site("propertyNames");
  return (data, ctx) => {
    let ok = true;
    for (const name in data) {
      if (!hasOwn.call(data, name) || checkName(check, name, ctx)) continue;
      ok = report(ctx, site, { propertyName: name });
      if (!ctx.all) return false;
    }
    return ok;
  };
}

function countOwn(data: Properties): number {
  let count = 0;
  for (const name in data) if (hasOwn.call(data, name)) count++;
  return count;
}

function compilePropertyCounts(cursor: SchemaCursor): Check<Properties>[] {
  const checks: Check<Properties>[] = [];
  const min = cursor.count("minProperties");
  const max = cursor.count("maxProperties");
  if (min !== undefined) {
    const site = cursor.site("minProperties");
    checks.push((data, ctx) => countOwn(data) >= min || report(ctx, site, { limit: min }));
  }
  if (max !== undefined) {
    const site = cursor.site("maxProperties");
    checks.push((data, ctx) => countOwn(data) <= max || report(ctx, site, { limit: max }));
  }
  return checks;
}

export function compileObjectKeywords(cursor: SchemaCursor): Check<Properties>[] {
  const checks = [compileDependentRequired(cursor), compileDependentSchemas(cursor), compilePropertyNames(cursor)];
  return [...checks.filter((check) => check !== undefined), ...compilePropertyCounts(cursor)];
}
