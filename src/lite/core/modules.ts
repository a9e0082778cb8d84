// core's keyword modules: each family beyond the built-in ones, as one object a bundler keeps only
// when a program names it (compileWith([arrayKeywords, ...])). Semantics and error order are
// lite's (keywords/array.ts, object.ts, applicators.ts, refs.ts; unevaluated* in properties.ts
// and array.ts), in the plain forms.
import { APPLICATOR_TEMPLATES, ARRAY_TEMPLATES, OBJECT_TEMPLATES, REF_TEMPLATES, UNEVALUATED_TEMPLATES } from "../error-messages.js";
import { deepEqual } from "../deep-equal.js";
import { hasOwn } from "../has-own.js";
import { escapePointerToken } from "../json-pointer.js";
import { compileNativePattern } from "../pattern/native-linear.js";
import { checkPropertyName } from "../property-name-check.js";
import { guardRefCycle } from "../ref-cycle-guard.js";
import { InvalidSchemaError } from "../types.js";
import { ALWAYS, allOf, descend, every, note, quietly, report, reportTooDeep, site, wasNoted, withNotes, type Check, type Ctx } from "./context.js";
import { at, get, invalid, sub, subMap, type KeywordModule, type Node, type SchemaObject } from "./engine.js";
import { TYPE_BITS, typeBits } from "./keyword-table.js";
import { createRefs } from "./registry.js";

type Items = readonly unknown[];

/** A canonical text of a JSON value (keys sorted), so equal values (1 and 1.0, keys in any order) have one key. */
function canonical(value: unknown): string {
  if (typeof value !== "object" || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical((value as SchemaObject)[key])}`).join(",")}}`;
}

/**
 * The duplicate pair Ajv reports: when `items` declares only scalar types, the last item of those
 * types with an equal one after it, and the nearest such (i < j); else the last item with an equal
 * one before it, and the nearest such (i > j). Long arrays in one pass with a map: linear.
 */
function findDuplicate(data: Items, scalarTypes: number): [number, number] | undefined {
  const seen = new Map<unknown, number>();
  if (scalarTypes !== 0) {
    for (let i = data.length - 1; i >= 0; i--) {
      if ((typeBits(data[i]) & scalarTypes) === 0) continue;
      const j = seen.get(data[i]);
      if (j !== undefined) return [i, j];
      seen.set(data[i], i);
    }
    return undefined;
  }
  // Short arrays pair by pair, as lite: deep items are compared only as far as they differ.
  if (data.length <= 16) {
    for (let i = data.length - 1; i > 0; i--) for (let j = i - 1; j >= 0; j--) if (deepEqual(data[i], data[j])) return [i, j];
    return undefined;
  }
  let found: [number, number] | undefined;
  for (let i = 0; i < data.length; i++) {
    const key = canonical(data[i]);
    const j = seen.get(key);
    if (j !== undefined) found = [i, j];
    seen.set(key, i);
  }
  return found;
}

/** The scalar types `items` declares (Ajv's condition for its first-repeat scan), else 0. */
function scalarItemTypes(node: Node): number {
  const items = get(node, "items");
  const type = typeof items === "object" && items !== null ? (items as SchemaObject).type : undefined;
  const names = Array.isArray(type) ? type : type === undefined ? [] : [type];
  if (names.length === 0 || names.some((name) => name === "object" || name === "array" || !(name in TYPE_BITS))) return 0;
  return names.reduce((mask: number, name: string) => mask | TYPE_BITS[name]!, 0);
}

function compileArray(node: Node): (Check | undefined)[] {
  const checks: (Check | undefined)[] = [];
  const prefix = get<unknown[]>(node, "prefixItems");
  if (prefix !== undefined) {
    const prefixChecks = prefix.map((schema, i) => sub(node, schema, "prefixItems", i));
    checks.push((data: Items, ctx) =>
      every(0, Math.min(prefixChecks.length, data.length), ctx, (i) => {
        if (ctx.collecting) note(ctx, i);
        return descend(prefixChecks[i]!, data[i], i, ctx);
      }),
    );
  }
  const items = get(node, "items");
  if (items !== undefined) {
    if (Array.isArray(items)) invalid(node, "items", "must be a schema (tuples are prefixItems in draft 2020-12)");
    const start = prefix?.length ?? 0;
    const check = sub(node, items, "items");
    const itemsSite = at(node, "items", { limit: start });
    // After a tuple, `items: false` is one "too many items" error (Ajv's); alone, each item fails.
    const closesTuple = items === false && start > 0;
    checks.push((data: Items, ctx) => {
      if (ctx.collecting) note(ctx, true);
      if (closesTuple) return data.length <= start || report(ctx, itemsSite);
      return check === ALWAYS || every(start, data.length, ctx, (i) => descend(check, data[i], i, ctx));
    });
  }
  const maxContains = get<number>(node, "maxContains");
  const minContains = get<number>(node, "minContains") ?? 1;
  if (hasOwn(node.schema, "contains")) {
    const check = sub(node, node.schema.contains, "contains");
    const containsSite = at(node, "contains", maxContains === undefined ? { minContains } : { minContains, maxContains });
    const max = maxContains ?? Infinity;
    checks.push((data: Items, ctx) => {
      const collecting = ctx.collecting;
      let count = 0;
      for (let i = 0; i < data.length; i++) {
        if (!quietly((value, c) => descend(check, value, i, c), data[i], ctx)) continue;
        count++;
        if (collecting) note(ctx, i);
        if (count >= minContains && max === Infinity && !collecting) break;
      }
      if (count >= minContains && count <= max) return true;
      // Like Ajv, the errors of the items that did not match come first; it stops once over maxContains.
      if (!ctx.quiet) for (let i = 0, passing = 0; i < data.length && passing <= max; i++) if (descend(check, data[i], i, ctx)) passing++;
      return report(ctx, containsSite);
    });
  }
  if (get(node, "uniqueItems") === true) {
    const uniqueSite = at(node, "uniqueItems");
    const scalarTypes = scalarItemTypes(node);
    checks.push((data: Items, ctx) => {
      const duplicate = data.length < 2 ? undefined : findDuplicate(data, scalarTypes);
      return duplicate === undefined || report(ctx, site("uniqueItems", uniqueSite.schemaPath, { i: duplicate[0], j: duplicate[1] }));
    });
  }
  return [...countLimits(node, "minItems", "maxItems", (data: Items) => data.length), ...checks];
}

/** minItems/maxItems or minProperties/maxProperties: `count` of the value against each limit given, min first. */
function countLimits(node: Node, min: string, max: string, count: (data: any) => number): Check[] {
  const checks: Check[] = [];
  for (const keyword of [min, max]) {
    const limit = get<number>(node, keyword);
    if (limit === undefined) continue;
    const countSite = at(node, keyword, { limit });
    const atLeast = keyword === min;
    checks.push((data, ctx) => (atLeast ? count(data) >= limit : count(data) <= limit) || report(ctx, countSite));
  }
  return checks;
}

function countOwn(data: SchemaObject): number {
  let count = 0;
  for (const name in data) if (hasOwn(data, name)) count++;
  return count;
}

function compileObject(node: Node): (Check | undefined)[] {
  const checks: (Check | undefined)[] = [];
  const dependent = get<Record<string, string[]>>(node, "dependentRequired");
  if (dependent !== undefined) {
    const dependencies = Object.keys(dependent).map((property) => {
      const deps = dependent[property]!;
      return { property, deps, sites: deps.map((missingProperty) => at(node, "dependentRequired", { property, missingProperty, depsCount: deps.length, deps: deps.join(", ") })) };
    });
    checks.push((data: SchemaObject, ctx) => {
      let ok = true;
      for (const { property, deps, sites } of dependencies) {
        if (!hasOwn(data, property)) continue;
        for (let i = 0; i < deps.length; i++) {
          if (hasOwn(data, deps[i]!)) continue;
          ok = report(ctx, sites[i]!);
          if (!ctx.all) return false;
        }
      }
      return ok;
    });
  }
  if (hasOwn(node.schema, "dependentSchemas")) {
    const [properties, dependentChecks] = subMap(node, "dependentSchemas");
    checks.push((data: SchemaObject, ctx) => every(0, properties.length, ctx, (i) => !hasOwn(data, properties[i]!) || dependentChecks[i]!(data, ctx)));
  }
  if (hasOwn(node.schema, "propertyNames")) {
    const check = sub(node, node.schema.propertyNames, "propertyNames");
    const namesSite = at(node, "propertyNames");
    checks.push((data: SchemaObject, ctx) => {
      let ok = true;
      for (const name in data) {
        if (!hasOwn(data, name) || checkPropertyName(check, name, ctx, reportTooDeep)) continue;
        ok = report(ctx, namesSite, { propertyName: name });
        if (!ctx.all) return false;
      }
      return ok;
    });
  }
  return [...checks, ...countLimits(node, "minProperties", "maxProperties", countOwn)];
}

/** Re-runs branches (up to `end`) out loud, so the failures' errors precede the keyword's own, as in Ajv. */
function explainBranches(branches: readonly Check[], data: unknown, ctx: Ctx, end = branches.length): void {
  const mark = ctx.noted;
  for (let i = 0; i < end; i++) branches[i]!(data, ctx);
  ctx.noted = mark;
}

/** A discriminator's mapping must name the `$ref` of an alternative (or, as OpenAPI allows, the name it ends with). */
function checkDiscriminator(node: Node): void {
  const mapping = (node.schema.discriminator as { mapping?: Record<string, string> } | undefined)?.mapping;
  const lists = [node.schema.oneOf, node.schema.anyOf].filter(Array.isArray) as unknown[][];
  if (mapping === undefined || lists.length === 0) return;
  const refs = lists.flat().flatMap((branch) => (typeof branch === "object" && branch !== null && typeof (branch as SchemaObject).$ref === "string" ? [(branch as { $ref: string }).$ref] : []));
  for (const name of Object.keys(mapping)) {
    const target = mapping[name]!;
    if (refs.includes(target) || refs.some((ref) => ref.endsWith(`/${target}`))) continue;
    throw new InvalidSchemaError("discriminator", `${node.path}/discriminator/mapping/${escapePointerToken(name)}`, `maps ${JSON.stringify(name)} to ${JSON.stringify(target)}, which no oneOf/anyOf alternative refers to`);
  }
}

function compileApplicators(node: Node): (Check | undefined)[] {
  if (node.schema.discriminator !== undefined) checkDiscriminator(node);
  const branches = (keyword: string) => get<unknown[]>(node, keyword)?.map((schema, i) => sub(node, schema, keyword, i));
  const all = branches("allOf");
  const any = branches("anyOf");
  const one = branches("oneOf");
  const checks: (Check | undefined)[] = [all && allOf(all)];
  if (any) {
    const anySite = at(node, "anyOf");
    checks.push((data, ctx) => {
      // Every passing branch contributes annotations, so stop early only when none are collected.
      const collecting = ctx.collecting;
      let ok = false;
      for (const branch of any) {
        const mark = ctx.noted;
        if (quietly(branch, data, ctx)) {
          ok = true;
          if (!collecting) return true;
        } else ctx.noted = mark;
      }
      if (ok) return true;
      if (!ctx.quiet) explainBranches(any, data, ctx);
      return report(ctx, anySite);
    });
  }
  if (one) {
    const oneSite = at(node, "oneOf");
    checks.push((data, ctx) => {
      let passing = -1;
      let second = -1;
      for (let i = 0; i < one.length && second < 0; i++) {
        const mark = ctx.noted;
        if (!quietly(one[i]!, data, ctx)) ctx.noted = mark;
        else if (passing < 0) passing = i;
        else second = i;
      }
      if (passing >= 0 && second < 0) return true;
      // Ajv stops at the second passing branch: only the failures before it are explained.
      if (!ctx.quiet) explainBranches(one, data, ctx, second < 0 ? one.length : second + 1);
      return report(ctx, oneSite, { passingSchemas: second < 0 ? null : [passing, second] });
    });
  }
  if (hasOwn(node.schema, "not")) {
    const check = sub(node, node.schema.not, "not");
    const notSite = at(node, "not");
    checks.push((data, ctx) => {
      // Whatever `not` evaluated, it never contributes annotations.
      const mark = ctx.noted;
      const passed = quietly(check, data, ctx);
      ctx.noted = mark;
      return !passed || report(ctx, notSite);
    });
  }
  // then/else without if are inert (spec), but must still be valid schemas.
  const [then, otherwise] = ["then", "else"].map((keyword) => hasOwn(node.schema, keyword) && sub(node, node.schema[keyword], keyword));
  if (hasOwn(node.schema, "if")) {
    const test = sub(node, node.schema.if, "if");
    const thenSite = at(node, "if", { failingKeyword: "then" });
    const elseSite = at(node, "if", { failingKeyword: "else" });
    checks.push((data, ctx) => {
      const mark = ctx.noted;
      if (quietly(test, data, ctx)) return !then || then(data, ctx) || report(ctx, thenSite);
      ctx.noted = mark;
      return !otherwise || otherwise(data, ctx) || report(ctx, elseSite);
    });
  }
  return checks;
}

function compileRefs(node: Node): (Check | undefined)[] {
  const refs = node.compiler.refs!;
  const ref = get<string>(node, "$ref");
  let refCheck: Check | undefined;
  if (ref !== undefined) {
    const refSite = at(node, "$ref", { ref });
    const target = refs.compileRef(ref, node.schema, refSite.schemaPath);
    refCheck = guardRefCycle(target, report, refSite);
  }
  const dynamic = get<string>(node, "$dynamicRef");
  return [refCheck, dynamic === undefined ? undefined : refs.compileDynamicRef(dynamic, node.schema, `${node.path}/$dynamicRef`)];
}

function wrapUnevaluated(node: Node, check: Check): Check {
  const items = get(node, "unevaluatedItems");
  if (items !== undefined) {
    const inner = check;
    const itemCheck = sub(node, items, "unevaluatedItems");
    const path = `${node.path}/unevaluatedItems`;
    const rest = (data: Items, mark: number, ctx: Ctx): boolean => {
      let ok = true;
      for (let i = 0; i < data.length; i++) {
        if (wasNoted(ctx, mark, i)) continue;
        if (items === false) return report(ctx, site("unevaluatedItems", path, { limit: i }));
        if (descend(itemCheck, data[i], i, ctx)) continue;
        ok = false;
        if (!ctx.all) return false;
      }
      return ok;
    };
    check = (data, ctx) => (Array.isArray(data) ? withNotes(inner, rest, data, ctx) : inner(data, ctx));
  }
  const properties = get(node, "unevaluatedProperties");
  if (properties !== undefined) {
    const inner = check;
    const propertyCheck = sub(node, properties, "unevaluatedProperties");
    const propertySite = at(node, "unevaluatedProperties");
    // The schema's own `properties` evaluate their names whenever it runs.
    const declared = new Set(Object.keys(get<object>(node, "properties") ?? {}));
    const rest = (data: SchemaObject, mark: number, ctx: Ctx): boolean => {
      let ok = true;
      for (const name in data) {
        if (!hasOwn(data, name) || declared.has(name) || wasNoted(ctx, mark, name)) continue;
        if (properties === false ? report(ctx, propertySite, { unevaluatedProperty: name }) : descend(propertyCheck, data[name], "/" + escapePointerToken(name), ctx)) continue;
        ok = false;
        if (!ctx.all) return false;
      }
      return ok;
    };
    check = (data, ctx) => (typeof data !== "object" || data === null || Array.isArray(data) ? inner(data, ctx) : withNotes(inner, rest, data, ctx));
  }
  return check;
}

/** items, prefixItems, minItems, maxItems, uniqueItems, contains, minContains, maxContains. */
export const arrayKeywords: KeywordModule = { name: "arrayKeywords", family: 8, compile: compileArray, templates: ARRAY_TEMPLATES };

/** propertyNames, minProperties, maxProperties, dependentRequired, dependentSchemas. */
export const objectKeywords: KeywordModule = { name: "objectKeywords", family: 4, compile: compileObject, templates: OBJECT_TEMPLATES };

/** allOf, anyOf, oneOf, not, if/then/else (and a `discriminator`'s mapping, checked against them). */
export const applicatorKeywords: KeywordModule = { name: "applicatorKeywords", family: 64, compile: compileApplicators, templates: APPLICATOR_TEMPLATES };

/** $ref and $dynamicRef, resolved through `$id`, `$anchor`, `$dynamicAnchor` and options.remotes. */
export const refKeywords: KeywordModule = { name: "refKeywords", family: 128, compile: compileRefs, refs: createRefs, templates: REF_TEMPLATES };

/** unevaluatedProperties and unevaluatedItems, which see what every other keyword evaluated. */
export const unevaluatedKeywords: KeywordModule = { name: "unevaluatedKeywords", family: 1024, wrap: wrapUnevaluated, templates: UNEVALUATED_TEMPLATES };

/** pattern and patternProperties, on the native RegExp where core's scan proves it runs in linear time (others are refused by name). */
export const patternKeywords: KeywordModule = { name: "patternKeywords", family: 0, pattern: compileNativePattern };
