// properties, patternProperties, additionalProperties, required, unevaluatedProperties: which
// properties must be there and which schema checks each one. Lookups are own-property only, so
// "toString" or "__proto__" are ordinary names. Evaluated names are noted only when some schema at
// this location declares unevaluatedProperties (ctx.collecting).
import { escapePointerToken } from "../json-pointer.js";
import { leafAccepts } from "../leaf.js";
import type { SchemaCursor } from "../schema-cursor.js";
import {
  ALWAYS_VALID,
  descend,
  noteEvaluated,
  report,
  reportWith,
  wasEvaluated,
  withEvaluatedNotes,
  type Check,
  type ErrorSite,
  type ValidationContext,
} from "../validation-context.js";

type Properties = Readonly<Record<string, unknown>>;

const hasOwn = Object.prototype.hasOwnProperty;

/** The `additionalProperties` (or `unevaluatedProperties`) rule for one name that no other keyword took. */
function checkLeftover(schema: unknown, check: Check, site: ErrorSite, data: Properties, name: string, ctx: ValidationContext): boolean {
  if (schema !== false) return descend(check, data[name], "/" + escapePointerToken(name), ctx);
  return reportWith(ctx, site, site.keyword === "additionalProperties" ? { additionalProperty: name } : { unevaluatedProperty: name });
}

/** Each missing name is reported at its own site: the params of every `required` error are known in advance. */
function compileRequired(cursor: SchemaCursor, names: readonly string[]): Check<Properties> | undefined {
  if (names.length === 0) return undefined;
  const sites = names.map((missingProperty) => cursor.site("required", { missingProperty }));
  return (data, ctx) => {
    let ok = true;
    for (let i = 0; i < names.length; i++) {
      if (hasOwn.call(data, names[i]!)) continue;
      ok = report(ctx, sites[i]!);
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
  const [names, checks] = cursor.subschemaMap("properties");
  const leaves = checks.map((check) => cursor.env.leafOf(check));
  const tokens = names.map((name) => "/" + escapePointerToken(name));
  const [patternSources, patternChecks] = cursor.subschemaMap("patternProperties");
  const patterns = patternSources.map((source) => cursor.regex("patternProperties", source));
  const additional = cursor.get("additionalProperties");
  const required: readonly string[] = cursor.get("required") ?? [];
  const checkRequired = compileRequired(cursor, required);
  if (names.length === 0 && patterns.length === 0 && additional === undefined) return checkRequired;
  const additionalCheck = additional === undefined ? ALWAYS_VALID : cursor.subschema(additional, "additionalProperties");
  const restricted = additionalCheck !== ALWAYS_VALID;
  const site = cursor.site("additionalProperties");
  const isRequired = names.map((name) => required.includes(name));
  // A required name that is not declared is never counted in the pass: always look it up.
  const requiredDeclared = required.every((name) => names.includes(name)) ? required.length : -1;
  // A linear scan beats a Map for the handful of names a tool declares.
  const positions = names.length > 16 ? new Map(names.map((name, i) => [name, i])) : undefined;

  return (data, ctx) => {
    let ok = true;
    let requiredSeen = 0;
    let next = 0;
    for (const name in data) {
      if (!hasOwn.call(data, name)) continue;
      // Arguments usually list their fields in the schema's order: try the one after the last first.
      const i = names[next] === name ? next : positions === undefined ? names.indexOf(name) : (positions.get(name) ?? -1);
      next = i + 1;
      let taken = i >= 0;
      if (taken) {
        if (isRequired[i]) requiredSeen++;
        if (ctx.collecting) noteEvaluated(ctx, name);
        const value = data[name];
        const leaf = leaves[i];
        if ((leaf === undefined || !leafAccepts(leaf, value)) && !descend(checks[i]!, value, tokens[i]!, ctx)) {
          ok = false;
          if (!ctx.all) return false;
        }
      }
      for (let p = 0; p < patterns.length; p++) {
        if (!patterns[p]!.test(name)) continue;
        taken = true;
        if (ctx.collecting) noteEvaluated(ctx, name);
        if (!descend(patternChecks[p]!, data[name], "/" + escapePointerToken(name), ctx)) {
          ok = false;
          if (!ctx.all) return false;
        }
      }
      if (taken || !restricted || checkLeftover(additional, additionalCheck, site, data, name, ctx)) continue;
      ok = false;
      if (!ctx.all) return false;
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
      if (checkLeftover(schema, check, site, data, name, ctx)) continue;
      ok = false;
      if (!ctx.all) return false;
    }
    return ok;
  };
  return (data, ctx) =>
    typeof data !== "object" || data === null || Array.isArray(data) ? inner(data, ctx) : withEvaluatedNotes(inner, checkRest, data as Properties, ctx);
}
