// properties, patternProperties, additionalProperties, unevaluatedProperties: the keywords that
// decide which schema checks each property. Lookups are own-property only, so "toString" or
// "__proto__" are ordinary names. Evaluated names are recorded only when some schema at this
// location declares unevaluatedProperties (ctx.evaluated is not null).
import type { SchemaCursor } from "../schema-cursor.js";
import { ALWAYS_VALID, descend, report, type Check, type ValidationContext } from "../validation-context.js";

type Properties = Readonly<Record<string, unknown>>;

const hasOwn = Object.prototype.hasOwnProperty;

function compileProperties(cursor: SchemaCursor): Check<Properties> | undefined {
  const map = cursor.schemaMap("properties");
  if (map === undefined) return undefined;
  const names = Object.keys(map);
  const checks = names.map((name) => cursor.subschema(map[name], "properties", name));
  return (data, ctx) => {
    let ok = true;
    for (let i = 0; i < names.length; i++) {
      const name = names[i]!;
      if (!hasOwn.call(data, name)) continue;
      ctx.evaluated?.push(name);
      const check = checks[i]!;
      if (check !== ALWAYS_VALID && !descend(check, data[name], name, ctx)) {
        ok = false;
        if (!ctx.all) return false;
      }
    }
    return ok;
  };
}

interface PatternProperty {
  readonly regex: RegExp;
  readonly check: Check;
}

function patternPropertiesOf(cursor: SchemaCursor): PatternProperty[] {
  const map = cursor.schemaMap("patternProperties") ?? {};
  return Object.keys(map).map((pattern) => ({
    regex: cursor.regex("patternProperties", pattern),
    check: cursor.subschema(map[pattern], "patternProperties", pattern),
  }));
}

function compilePatternProperties(patterns: readonly PatternProperty[]): Check<Properties> | undefined {
  if (patterns.length === 0) return undefined;
  return (data, ctx) => {
    let ok = true;
    for (const name in data) {
      if (!hasOwn.call(data, name)) continue;
      for (const { regex, check } of patterns) {
        if (!regex.test(name)) continue;
        ctx.evaluated?.push(name);
        if (!descend(check, data[name], name, ctx)) {
          ok = false;
          if (!ctx.all) return false;
        }
      }
    }
    return ok;
  };
}

function matchesAnyPattern(patterns: readonly PatternProperty[], name: string): boolean {
  for (let i = 0; i < patterns.length; i++) if (patterns[i]!.regex.test(name)) return true;
  return false;
}

function compileAdditionalProperties(cursor: SchemaCursor, patterns: readonly PatternProperty[]): Check<Properties> | undefined {
  const schema = cursor.schema.additionalProperties;
  if (schema === undefined) return undefined;
  const check = cursor.subschema(schema, "additionalProperties");
  const declared = Object.keys(cursor.schemaMap("properties") ?? {});
  const site = cursor.site("additionalProperties");
  // A linear scan beats a Set for the handful of properties a tool declares (keys are interned strings).
  const isDeclared = declared.length > 16 ? (name: string) => declaredSet.has(name) : (name: string) => declared.indexOf(name) >= 0;
  const declaredSet = new Set(declared);
  const isAdditional = (name: string) => !isDeclared(name) && !matchesAnyPattern(patterns, name);
  return (data, ctx) => {
    ctx.evaluated?.push(true);
    if (check === ALWAYS_VALID) return true;
    let ok = true;
    for (const name in data) {
      if (!hasOwn.call(data, name) || !isAdditional(name)) continue;
      const passed = schema === false ? report(ctx, site, { additionalProperty: name }) : descend(check, data[name], name, ctx);
      if (!passed) {
        ok = false;
        if (!ctx.all) return false;
      }
    }
    return ok;
  };
}

export function compilePropertyKeywords(cursor: SchemaCursor): Check<Properties>[] {
  const patterns = patternPropertiesOf(cursor);
  const checks = [compileProperties(cursor), compilePatternProperties(patterns), compileAdditionalProperties(cursor, patterns)];
  return checks.filter((check) => check !== undefined);
}

function checkUnevaluated(check: Check, schema: unknown, cursor: SchemaCursor) {
  const site = cursor.site("unevaluatedProperties");
  return (data: Properties, evaluated: readonly (string | number | true)[], mark: number, ctx: ValidationContext): boolean => {
    if (evaluated.indexOf(true, mark) >= 0) return true;
    let ok = true;
    for (const name in data) {
      if (!hasOwn.call(data, name) || evaluated.indexOf(name, mark) >= 0) continue;
      const passed = schema === false ? report(ctx, site, { unevaluatedProperty: name }) : descend(check, data[name], name, ctx);
      if (!passed) {
        ok = false;
        if (!ctx.all) return false;
      }
    }
    return ok;
  };
}

/** Wraps a schema's check so its unevaluatedProperties sees what it (and its in-place subschemas) evaluated. */
export function wrapUnevaluatedProperties(cursor: SchemaCursor, inner: Check): Check {
  const schema = cursor.schema.unevaluatedProperties;
  if (schema === undefined) return inner;
  const checkRest = checkUnevaluated(cursor.subschema(schema, "unevaluatedProperties"), schema, cursor);
  return (data, ctx) => {
    if (typeof data !== "object" || data === null || Array.isArray(data)) return inner(data, ctx);
    const outer = ctx.evaluated;
    const evaluated = (ctx.evaluated = outer ?? []);
    const mark = evaluated.length;
    let ok = inner(data, ctx);
    if (ok || ctx.all) ok = checkRest(data as Properties, evaluated, mark, ctx) && ok;
    evaluated.length = mark;
    ctx.evaluated = outer;
    outer?.push(true);
    return ok;
  };
}
