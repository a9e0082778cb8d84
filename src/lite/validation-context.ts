// The state one validation carries through the compiled closures, and the few moves every keyword
// shares: reporting an error, descending into a child value, and running a subschema quietly.
import { errorMessage } from "./error-messages.js";
import type { LiteError } from "./types.js";

/** A compiled schema or keyword: true when `data` passes; failures are reported into the context. */
export type Check<T = unknown> = (data: T, ctx: ValidationContext) => boolean;

type Params = Readonly<Record<string, unknown>>;

/**
 * Where an error points (the keyword and its schema path, "#/properties/a/type") and, for the many
 * keywords whose params never change (`type`, `minimum`, `enum`...), the params and message every
 * error of it shares: the message is formatted on the first error, then reused.
 */
export interface ErrorSite {
  readonly keyword: string;
  readonly schemaPath: string;
  readonly params: Params;
  message: string | undefined;
}

const NO_PARAMS: Params = Object.freeze({});

export function errorSite(keyword: string, schemaPath: string, params: Params = NO_PARAMS): ErrorSite {
  return { keyword, schemaPath, params, message: undefined };
}

/** The site's message, formatted on its first error; its params are frozen then, as every error of it shares them. */
function siteMessage(site: ErrorSite, params: Params): string {
  Object.freeze(site.params);
  return (site.message = errorMessage(site.keyword, params));
}

export interface ValidationContext {
  readonly allErrors: boolean;
  readonly maxDepth: number;
  /** Errors so far; allocated on the first failure, so valid values cost nothing. */
  errors: LiteError[] | null;
  /**
   * Only the verdict matters, no errors are built: branches of anyOf/oneOf/not/if/contains run
   * quietly, and are re-run out loud only when the keyword fails.
   */
  quiet: boolean;
  /** Keep going after a failure: allErrors and not quiet. */
  all: boolean;
  /**
   * path[0, depth): down to the current value, each property as "/name" (escaped, so the pointer is
   * a plain concatenation) and each item as its index; one store per level and no pop, joined only
   * for an error. A property name's own level (propertyNames) holds undefined.
   */
  readonly path: (string | number | undefined)[];
  /** Nesting of the current value, counting property names too (they are values of their own). */
  depth: number;
  /**
   * Whether a schema at the current location declares unevaluatedProperties/Items: then the names
   * (or indices) evaluated here are noted, `true` standing for "all of them".
   */
  collecting: boolean;
  /**
   * The notes live in annotations[0, noted): collection scopes nest strictly, so each starts at a
   * mark and cuts back to it on exit, and the array never shrinks, so notes allocate nothing.
   */
  readonly annotations: (string | number | true)[];
  noted: number;
  /** The dynamic scope: base URIs of the resources with dynamic anchors entered, in scope[0, scopeDepth). */
  readonly scope: string[];
  scopeDepth: number;
  /** Counts validations, so per-closure state left by an aborted one is recognised as stale. */
  call: number;
}

export const ALWAYS_VALID: Check = () => true;

/** "/0", "/1"...: an item's pointer token, made once per index (up to a bound) instead of per error. */
const INDEX_TOKENS: string[] = [];
const INDEX_TOKENS_KEPT = 1024;

function indexToken(index: number): string {
  if (index >= INDEX_TOKENS_KEPT) return "/" + index;
  return (INDEX_TOKENS[index] ??= "/" + index);
}

function tokenText(token: string | number | undefined): string {
  return typeof token === "string" ? token : token === undefined ? "" : indexToken(token);
}

/** The current value's JSON Pointer. Tool arguments fail at depth 0 or 1, where it is a token as is: no concatenation. */
function instancePath(ctx: ValidationContext): string {
  const depth = ctx.depth;
  if (depth === 0) return "";
  const path = ctx.path;
  let pointer = tokenText(path[0]);
  for (let level = 1; level < depth; level++) pointer += tokenText(path[level]);
  return pointer;
}

function addError(ctx: ValidationContext, instancePath: string, site: ErrorSite, params: Params, message: string): false {
  const error: LiteError = { instancePath, schemaPath: site.schemaPath, keyword: site.keyword, params, message };
  // A one-element literal, not [] then push: most failing values have one or two errors.
  const errors = ctx.errors;
  if (errors === null) ctx.errors = [error];
  else errors.push(error);
  return false;
}

/** Reports an error of `site`, with the site's params. */
export function report(ctx: ValidationContext, site: ErrorSite): false {
  return !ctx.quiet && addError(ctx, instancePath(ctx), site, site.params, site.message ?? siteMessage(site, site.params));
}

/**
 * Reports an error of `site` at the child `key` of the current value, as if descended into it: a
 * parent's inline leaf test ({"type": "string"} on 12345) costs no descent and no path walk then.
 */
export function reportAt(ctx: ValidationContext, site: ErrorSite, key: string | number): false {
  if (ctx.quiet) return false;
  const pointer = ctx.depth === 0 ? tokenText(key) : instancePath(ctx) + tokenText(key);
  return addError(ctx, pointer, site, site.params, site.message ?? siteMessage(site, site.params));
}

/**
 * Reports an error of `site` whose params depend on the value (which property is extra) but whose
 * message does not. A message that depends on the value needs a site of its own: `errorSite(...)`.
 */
export function reportWith(ctx: ValidationContext, site: ErrorSite, params: Params): false {
  return !ctx.quiet && addError(ctx, instancePath(ctx), site, params, site.message ?? siteMessage(site, params));
}

export function reportTooDeep(ctx: ValidationContext): false {
  return report(ctx, errorSite("maxDepth", "#", { limit: ctx.maxDepth }));
}

/** Validates a child value at `key` ("/name", escaped, or an index); annotations of the parent stay with the parent. */
export function descend(check: Check, value: unknown, key: string | number, ctx: ValidationContext): boolean {
  const depth = ctx.depth;
  if (depth >= ctx.maxDepth) return descendTooDeep(key, ctx);
  ctx.path[depth] = key;
  ctx.depth = depth + 1;
  let ok: boolean;
  if (ctx.collecting) {
    ctx.collecting = false;
    ok = check(value, ctx);
    ctx.collecting = true;
  } else ok = check(value, ctx);
  ctx.depth = depth;
  return ok;
}

function descendTooDeep(key: string | number, ctx: ValidationContext): false {
  ctx.path[ctx.depth++] = key;
  reportTooDeep(ctx);
  ctx.depth--;
  return false;
}

/** Enter quiet mode; returns what to hand back to `leaveQuiet`. */
export function enterQuiet(ctx: ValidationContext): boolean {
  const wasQuiet = ctx.quiet;
  ctx.quiet = true;
  ctx.all = false;
  return wasQuiet;
}

export function leaveQuiet(ctx: ValidationContext, wasQuiet: boolean): void {
  ctx.quiet = wasQuiet;
  ctx.all = !wasQuiet && ctx.allErrors;
}

export function passesQuietly(check: Check, data: unknown, ctx: ValidationContext): boolean {
  const wasQuiet = enterQuiet(ctx);
  const ok = check(data, ctx);
  leaveQuiet(ctx, wasQuiet);
  return ok;
}

export function noteEvaluated(ctx: ValidationContext, key: string | number | true): void {
  ctx.annotations[ctx.noted++] = key;
}

/** Whether `key` (or everything) was noted since `mark`. */
export function wasEvaluated(ctx: ValidationContext, mark: number, key: string | number): boolean {
  for (let i = mark; i < ctx.noted; i++) {
    const note = ctx.annotations[i];
    if (note === key || note === true) return true;
  }
  return false;
}

/**
 * Runs `inner` noting what it evaluates, then `checkRest` on what it did not (unevaluated*); after
 * that, everything at this location counts as evaluated for any enclosing collector.
 */
export function withEvaluatedNotes<T>(
  inner: Check,
  checkRest: (data: T, mark: number, ctx: ValidationContext) => boolean,
  data: T,
  ctx: ValidationContext,
): boolean {
  const outer = ctx.collecting;
  const mark = ctx.noted;
  ctx.collecting = true;
  let ok = inner(data, ctx);
  if (ok || ctx.all) ok = checkRest(data, mark, ctx) && ok;
  ctx.noted = mark;
  ctx.collecting = outer;
  if (outer) noteEvaluated(ctx, true);
  return ok;
}

/** One check standing for all of `checks`, stopping at the first failure unless collecting all errors. */
export function allOfChecks(checks: readonly Check[]): Check {
  const [first, second] = checks;
  if (checks.length < 2) return first ?? ALWAYS_VALID;
  // Two checks (a type and its keywords, say) are the hot case: unrolled.
  if (checks.length === 2) return (data, ctx) => (first!(data, ctx) ? second!(data, ctx) : ctx.all && (second!(data, ctx), false));
  return (data, ctx) => {
    let ok = true;
    for (let i = 0; i < checks.length; i++) {
      if (checks[i]!(data, ctx)) continue;
      ok = false;
      if (!ctx.all) return false;
    }
    return ok;
  };
}
