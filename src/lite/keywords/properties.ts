// properties, patternProperties, additionalProperties, required, unevaluatedProperties: which
// properties must be there and which schema checks each one. Lookups are own-property only, so
// "toString" or "__proto__" are ordinary names. Evaluated names are noted only when some schema at
// this location declares unevaluatedProperties (ctx.collecting).
import { hasOwn } from "../has-own.js";
import { escapePointerToken } from "../json-pointer.js";
import { typeBitsOf } from "../json-type.js";
import { childrenInline, explainLeafAt } from "../leaf.js";
import type { SchemaCursor } from "../schema-cursor.js";
import {
  ALWAYS_VALID,
  descend,
  errorSite,
  noteEvaluated,
  report,
  reportWith,
  wasEvaluated,
  withEvaluatedNotes,
  type Check,
  type ErrorSite,
  type ValidationContext,
} from "../validation-context.js";

export type Properties = Readonly<Record<string, unknown>>;

const NO_ACCEPTORS: readonly (((value: unknown) => boolean) | undefined)[] = [];

/** The `additionalProperties` (or `unevaluatedProperties`) rule for one name that no other keyword took. */
function checkLeftover(schema: unknown, check: Check, site: ErrorSite, data: Properties, name: string, ctx: ValidationContext): boolean {
  if (schema !== false) return descend(check, data[name], "/" + escapePointerToken(name), ctx);
  return reportWith(ctx, site, site.keyword === "additionalProperties" ? { additionalProperty: name } : { unevaluatedProperty: name });
}

/**
 * `required`. Each name has its error site (every error's params are known in advance) and, when
 * `properties` declares it (and among the first 31), a bit: the pass over the value's keys sets
 * the bits of the names it meets, so only a name whose bit is missing is looked up.
 */
export class RequiredNames {
  private sitesMade: readonly ErrorSite[] | undefined;
  /** The keyword's site, whose keyword and path each name's own site shares. */
  private readonly site: ErrorSite;
  readonly bits: number;

  constructor(
    cursor: SchemaCursor,
    readonly names: readonly string[],
    declared: readonly string[],
  ) {
    this.site = cursor.site("required");
    this.bits = declaredBits(names, declared);
  }

  /** Each name's error site, made on the first error (an acceptor's copy never needs them). */
  get sites(): readonly ErrorSite[] {
    const { keyword, schemaPath } = this.site;
    return (this.sitesMade ??= this.names.map((missingProperty) => errorSite(keyword, schemaPath, { missingProperty })));
  }

  /** The bit of each declared name (0 for those not required). */
  bitsOf(declared: readonly string[]): number[] {
    // The names are distinct (checkKeywords), so a name's bit is where it is among the first 31: at most 31 looks per name.
    const names = this.names;
    return declared.map((name) => {
      const r = names.length === 0 ? -1 : names.lastIndexOf(name, 30);
      return r < 0 ? 0 : 1 << r;
    });
  }

  /** Reports the names neither seen (their bit in `seen`) nor own properties of `data`. */
  reportMissing(data: Properties, seen: number, ctx: ValidationContext): boolean {
    let ok = true;
    for (let r = 0; r < this.names.length; r++) {
      if ((r < 31 && (seen & (1 << r)) !== 0) || hasOwn(data, this.names[r]!)) continue;
      ok = report(ctx, this.sites[r]!);
      if (!ctx.all) return false;
    }
    return ok;
  }
}

/** The bits of the first 31 required names that `properties` declares. */
function declaredBits(names: readonly string[], declared: readonly string[]): number {
  let bits = 0;
  // At most 31 scans of the declared names: linear in them however many a schema declares.
  for (let r = 0; r < names.length && r < 31; r++) if (declared.includes(names[r]!)) bits |= 1 << r;
  return bits;
}

/** Where `name` is among the declared `names` (-1: undeclared); arguments usually list their fields in the schema's order, so the one after the last is tried first. */
export function nameIndex(names: readonly string[], positions: Map<string, number> | undefined, next: number, name: string): number {
  return names[next] === name ? next : positions === undefined ? names.indexOf(name) : (positions.get(name) ?? -1);
}

// A linear scan beats a Map for the handful of names a tool declares.
export const positionsOf = (names: readonly string[]) => (names.length > 16 ? new Map(names.map((name, i) => [name, i])) : undefined);

/** What `seen` is when a pass met every required name; -1 (never) when some name has no bit to set. */
export const everyBit = (required: RequiredNames) => (required.bits === 2 ** required.names.length - 1 ? required.bits : -1);

/** What the properties loop and the object's acceptor (acceptor.ts) both read: made once per schema object. */
export function propertyTables(cursor: SchemaCursor): { required: RequiredNames; requiredBits: readonly number[]; positions: Map<string, number> | undefined } {
  const names = cursor.subschemaMap("properties")[0];
  const required = new RequiredNames(cursor, cursor.get("required") ?? [], names);
  return { required, requiredBits: required.bitsOf(names), positions: positionsOf(names) };
}

function compileRequired(required: RequiredNames): Check<Properties> | undefined {
  return required.names.length === 0 ? undefined : (data, ctx) => required.reportMissing(data, 0, ctx);
}

/**
 * properties, patternProperties, additionalProperties and required in one pass over the value's
 * own keys: V8 reads `data[key]` fastest when `key` comes from `for...in` over `data`, and a
 * required name seen in that pass needs no lookup of its own.
 */
export function compilePropertyKeywords(cursor: SchemaCursor): Check<Properties> | undefined {
  const [names, checks, tokens] = cursor.subschemaMap("properties");
  const leaves = checks.map((check) => cursor.env.leafOf(check));
  const acceptors = leaves.map((leaf) => leaf?.accepts);
  // A type-only leaf ({"type": "string"}, most of an API schema's fields) is one mask test inline, no call.
  const typeMasks = leaves.map((leaf) => (leaf?.typeOnly ? leaf.types : 0));
  const [patternSources, patternChecks] = cursor.subschemaMap("patternProperties");
  const patterns = patternSources.map((source) => cursor.regex("patternProperties", source));
  const additional = cursor.get("additionalProperties");
  const { required, requiredBits, positions } = cursor.shared(propertyTables);
  if (names.length === 0 && patterns.length === 0 && additional === undefined) return compileRequired(required);
  const additionalCheck = additional === undefined ? ALWAYS_VALID : cursor.subschema(additional, "additionalProperties");
  const restricted = additionalCheck !== ALWAYS_VALID;
  const site = cursor.site("additionalProperties");
  const mustSee = everyBit(required);
  // Children that are containers of leaves (acceptor.ts) are tested inline too, where deep enough.
  const containers = checks.map((check, i) => (leaves[i] === undefined ? cursor.env.acceptorOf(check) : undefined));
  const inline = acceptors.map((accepts, i) => accepts ?? containers[i]?.accepts);
  const reach = containers.reduce((levels, container) => Math.max(levels, container?.levels ?? 0), 1);

  // Without patternProperties (tool schemas), a loop with nothing else in it; ctx.collecting is
  // read once (a descent restores it).
  if (patterns.length === 0) {
    return (data, ctx) => {
      let ok = true;
      let seen = 0;
      let next = 0;
      const acceptorsHere = ctx.depth + reach <= ctx.maxDepth ? inline : childrenInline(ctx) ? acceptors : NO_ACCEPTORS;
      const collecting = ctx.collecting;
      for (const name in data) {
        if (!hasOwn(data, name)) continue;
        const i = nameIndex(names, positions, next, name);
        next = i + 1;
        if (i < 0) {
          if (!restricted || checkLeftover(additional, additionalCheck, site, data, name, ctx)) continue;
        } else {
          seen |= requiredBits[i]!;
          if (collecting) noteEvaluated(ctx, name);
          const value = data[name];
          const accepts = acceptorsHere[i];
          if (accepts === undefined) {
            if (descend(checks[i]!, value, tokens[i]!, ctx)) continue;
          } else if (typeMasks[i] !== 0 ? (typeBitsOf(value) & typeMasks[i]!) !== 0 : accepts(value)) continue;
          else if (leaves[i] !== undefined ? explainLeafAt(leaves[i]!, value, tokens[i]!, ctx) : descend(checks[i]!, value, tokens[i]!, ctx)) continue;
        }
        ok = false;
        if (!ctx.all) return false;
      }
      if (additional !== undefined && collecting) noteEvaluated(ctx, true);
      if (seen !== mustSee && !required.reportMissing(data, seen, ctx)) return false;
      return ok;
    };
  }

  return (data, ctx) => {
    let ok = true;
    let seen = 0;
    let next = 0;
    const acceptorsHere = childrenInline(ctx) ? acceptors : NO_ACCEPTORS;
    for (const name in data) {
      if (!hasOwn(data, name)) continue;
      const i = nameIndex(names, positions, next, name);
      next = i + 1;
      let taken = i >= 0;
      if (taken) {
        seen |= requiredBits[i]!;
        if (ctx.collecting) noteEvaluated(ctx, name);
        const value = data[name];
        const accepts = acceptorsHere[i];
        if (accepts !== undefined ? !accepts(value) && !explainLeafAt(leaves[i]!, value, tokens[i]!, ctx) : !descend(checks[i]!, value, tokens[i]!, ctx)) {
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
    if (seen !== mustSee && !required.reportMissing(data, seen, ctx)) return false;
    return ok;
  };
}

/** Wraps a schema's check so its unevaluatedProperties sees what it (and its in-place subschemas) evaluated. */
export function wrapUnevaluatedProperties(cursor: SchemaCursor, inner: Check): Check {
  const schema = cursor.get("unevaluatedProperties");
  if (schema === undefined) return inner;
  const check = cursor.subschema(schema, "unevaluatedProperties");
  const site = cursor.site("unevaluatedProperties");
  // The schema's own `properties` evaluate their names whenever it runs: no need to look for the notes.
  const declared = Object.keys(cursor.get<object>("properties") ?? {});
  const checkRest = (data: Properties, mark: number, ctx: ValidationContext): boolean => {
    let ok = true;
    for (const name in data) {
      if (!hasOwn(data, name) || declared.includes(name) || wasEvaluated(ctx, mark, name)) continue;
      if (checkLeftover(schema, check, site, data, name, ctx)) continue;
      ok = false;
      if (!ctx.all) return false;
    }
    return ok;
  };
  return (data, ctx) =>
    typeof data !== "object" || data === null || Array.isArray(data) ? inner(data, ctx) : withEvaluatedNotes(inner, checkRest, data as Properties, ctx);
}
