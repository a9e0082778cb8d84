// properties, patternProperties, additionalProperties, required, unevaluatedProperties: which
// properties must be there and which schema checks each one. Lookups are own-property only, so
// "toString" or "__proto__" are ordinary names. Evaluated names are noted only when some schema at
// this location declares unevaluatedProperties (ctx.collecting).
import { typeOnlyMask } from "../json-type.js";
import type { SchemaCursor } from "../schema-cursor.js";
import {
  ALWAYS_VALID,
  descend,
  descendTyped,
  noteEvaluated,
  report,
  wasEvaluated,
  withEvaluatedNotes,
  type Check,
  type ErrorSite,
  type ValidationContext,
} from "../validation-context.js";

type Properties = Readonly<Record<string, unknown>>;

const hasOwn = Object.prototype.hasOwnProperty;

interface PatternProperty {
  readonly regex: RegExp;
  readonly check: Check;
}

/** The `additionalProperties` (or `unevaluatedProperties`) rule for one name that no other keyword took. */
function checkLeftover(schema: unknown, check: Check, site: ErrorSite, data: Properties, name: string, ctx: ValidationContext): boolean {
  if (schema === false) return report(ctx, site, { [site.keyword === "additionalProperties" ? "additionalProperty" : "unevaluatedProperty"]: name });
  return descend(check, data[name], name, ctx);
}

function compileRequired(cursor: SchemaCursor): Check<Properties> | undefined {
  const names = cursor.stringList("required");
  if (names === undefined || names.length === 0) return undefined;
  const site = cursor.site("required");
  return (data, ctx) => {
    let ok = true;
    for (const name of names) {
      if (hasOwn.call(data, name)) continue;
      ok = report(ctx, site, { missingProperty: name });
      if (!ctx.all) return false;
    }
    return ok;
  };
}

/**
 * properties, patternProperties, additionalProperties and required in one pass over the value's
 * own keys: V8 reads `data[key]` fastest when `key` comes from `for...in` over `data`, and a
 * required name seen in that pass needs no lookup of its own.
 */
export function compilePropertyKeywords(cursor: SchemaCursor): Check<Properties> | undefined {
  const map = cursor.schemaMap("properties") ?? {};
  const names = Object.keys(map);
  const checks = names.map((name) => cursor.subschema(map[name], "properties", name));
  const typeOnly = checks.map(typeOnlyMask);
  const patternMap = cursor.schemaMap("patternProperties") ?? {};
  const patterns: PatternProperty[] = Object.keys(patternMap).map((pattern) => ({
    regex: cursor.regex("patternProperties", pattern),
    check: cursor.subschema(patternMap[pattern], "patternProperties", pattern),
  }));
  const additional = cursor.get("additionalProperties");
  const checkRequired = compileRequired(cursor);
  if (names.length === 0 && patterns.length === 0 && additional === undefined) return checkRequired;
  const additionalCheck = additional === undefined ? ALWAYS_VALID : cursor.subschema(additional, "additionalProperties");
  const site = cursor.site("additionalProperties");
  const required = cursor.stringList("required") ?? [];
  const isRequired = names.map((name) => required.includes(name));
  // A required name that is not declared is never counted in the pass: always look it up.
  const requiredDeclared = required.every((name) => names.includes(name)) ? required.length : Infinity;
  // A linear scan beats a Map for the handful of names a tool declares.
  const positions = names.length > 16 ? new Map(names.map((name, i) => [name, i])) : undefined;

  return (data, ctx) => {
    let ok = true;
    let requiredSeen = 0;
    for (const name in data) {
      if (!hasOwn.call(data, name)) continue;
      const i = positions === undefined ? names.indexOf(name) : (positions.get(name) ?? -1);
      let taken = i >= 0;
      if (taken) {
        if (isRequired[i]) requiredSeen++;
        if (ctx.collecting) noteEvaluated(ctx, name);
        if (!descendTyped(checks[i]!, typeOnly[i]!, data[name], name, ctx)) {
          ok = false;
          if (!ctx.all) return false;
        }
      }
      for (let p = 0; p < patterns.length; p++) {
        if (!patterns[p]!.regex.test(name)) continue;
        taken = true;
        if (ctx.collecting) noteEvaluated(ctx, name);
        if (!descend(patterns[p]!.check, data[name], name, ctx)) {
          ok = false;
          if (!ctx.all) return false;
        }
      }
      if (taken || additional === undefined || additionalCheck === ALWAYS_VALID) continue;
      if (!checkLeftover(additional, additionalCheck, site, data, name, ctx)) {
        ok = false;
        if (!ctx.all) return false;
      }
    }
    if (additional !== undefined && ctx.collecting) noteEvaluated(ctx, true);
    if (checkRequired !== undefined && requiredSeen !== requiredDeclared && !checkRequired(data, ctx)) return false;
    return ok;
  };
}

/** Wraps a schema's check so its unevaluatedProperties sees what it (and its in-place subschemas) evaluated. */
export function wrapUnevaluatedProperties(cursor: SchemaCursor, inner: Check): Check {
  const schema = cursor.get("unevaluatedProperties");
  if (schema === undefined) return inner;
  const check = cursor.subschema(schema, "unevaluatedProperties");
  const site = cursor.site("unevaluatedProperties");
  const checkRest = (data: Properties, mark: number, ctx: ValidationContext): boolean => {
    let ok = true;
    for (const name in data) {
      if (!hasOwn.call(data, name) || wasEvaluated(ctx, mark, name)) continue;
      if (!checkLeftover(schema, check, site, data, name, ctx)) {
        ok = false;
        if (!ctx.all) return false;
      }
    }
    return ok;
  };
  return (data, ctx) =>
    typeof data !== "object" || data === null || Array.isArray(data) ? inner(data, ctx) : withEvaluatedNotes(inner, checkRest, data as Properties, ctx);
}
