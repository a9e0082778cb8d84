// What one validation carries through core's closures (the same moves as lite's
// validation-context.ts, without its speed forms): reporting an error with Ajv's words, descending
// into a child value, running a subschema quietly, and the notes unevaluated* reads.
import { errorMessage } from "../error-messages.js";
import type { LiteError } from "../types.js";

export type Params = Readonly<Record<string, unknown>>;

/** Where an error points, and the params its errors share unless a report gives its own. */
export interface Site {
  readonly keyword: string;
  readonly schemaPath: string;
  readonly params: Params;
  /** The message of an error with the site's params, made on its first error (the params are frozen then: every such error shares them, as in lite). */
  message?: string;
}

// The same fields as lite's ValidationContext (validation-context.ts) but a type of its own: the two
// engines' closures never meet, and the shared moves (property-name-check.ts, ref-cycle-guard.ts,
// scope-entry.ts) ask only for the fields they use.
export interface Ctx {
  readonly allErrors: boolean;
  readonly maxDepth: number;
  errors: LiteError[] | null;
  /** Only the verdict matters (branches of anyOf, oneOf, not, if, contains): no error is built. */
  quiet: boolean;
  /** Keep going after a failure: allErrors and not quiet. */
  all: boolean;
  /** path[0, depth): "/name" (escaped) per property, the index per item, undefined for a property name's own level. */
  readonly path: (string | number | undefined)[];
  depth: number;
  /** Whether some schema here declares unevaluated*: then evaluated names or indices are noted. */
  collecting: boolean;
  /** notes[0, noted): names, indices, or true for "all of them". */
  readonly notes: (string | number | true)[];
  noted: number;
  /** Base URIs of the resources entered, for $dynamicRef, in scope[0, scopeDepth). */
  readonly scope: string[];
  scopeDepth: number;
  /** Counts validations, so a $ref's cycle guard left by an aborted one is seen as stale. */
  call: number;
}

/** A compiled schema or keyword (data typed loosely: each check knows what it was handed). */
export type Check = (data: any, ctx: Ctx) => boolean;

export const ALWAYS: Check = () => true;

export const site = (keyword: string, schemaPath: string, params: Params = {}): Site => ({ keyword, schemaPath, params });

function instancePath(ctx: Ctx): string {
  let pointer = "";
  for (let level = 0; level < ctx.depth; level++) {
    const token = ctx.path[level];
    pointer += typeof token === "number" ? "/" + token : (token ?? "");
  }
  return pointer;
}

/** Reports an error of `where` (with `params`, else the site's); false, so a check can return it. */
export function report(ctx: Ctx, where: Site, params: Params = where.params): false {
  if (!ctx.quiet) (ctx.errors ??= []).push({ instancePath: instancePath(ctx), schemaPath: where.schemaPath, keyword: where.keyword, params, message: params === where.params ? (where.message ??= (Object.freeze(params), errorMessage(where.keyword, params))) : errorMessage(where.keyword, params) });
  return false;
}

export const reportTooDeep = (ctx: Ctx): false => report(ctx, site("maxDepth", "#", { limit: ctx.maxDepth }));

/** Validates the child at `key`; what the child evaluates is not the parent's. */
export function descend(check: Check, value: unknown, key: string | number, ctx: Ctx): boolean {
  const depth = ctx.depth;
  ctx.path[depth] = key;
  ctx.depth = depth + 1;
  let ok: boolean;
  if (depth >= ctx.maxDepth) ok = reportTooDeep(ctx);
  else {
    const collecting = ctx.collecting;
    ctx.collecting = false;
    ok = check(value, ctx);
    ctx.collecting = collecting;
  }
  ctx.depth = depth;
  return ok;
}

export function quietly(check: Check, data: unknown, ctx: Ctx): boolean {
  const wasQuiet = ctx.quiet;
  ctx.quiet = true;
  ctx.all = false;
  const ok = check(data, ctx);
  ctx.quiet = wasQuiet;
  ctx.all = !wasQuiet && ctx.allErrors;
  return ok;
}

export function note(ctx: Ctx, key: string | number | true): void {
  ctx.notes[ctx.noted++] = key;
}

/** Whether `key` (or everything) was noted since `mark`. */
export function wasNoted(ctx: Ctx, mark: number, key: string | number): boolean {
  for (let i = mark; i < ctx.noted; i++) if (ctx.notes[i] === key || ctx.notes[i] === true) return true;
  return false;
}

/** Runs `inner` noting what it evaluates, then `rest` on what it did not; after that, all counts as evaluated here. */
export function withNotes(inner: Check, rest: (data: never, mark: number, ctx: Ctx) => boolean, data: unknown, ctx: Ctx): boolean {
  const outer = ctx.collecting;
  const mark = ctx.noted;
  ctx.collecting = true;
  let ok = inner(data, ctx);
  if (ok || ctx.all) ok = rest(data as never, mark, ctx) && ok;
  ctx.noted = mark;
  ctx.collecting = outer;
  if (outer) note(ctx, true);
  return ok;
}

/** Runs `step(i)` for i in [start, end): all of them with ctx.all, else up to the first failure. */
export function every(start: number, end: number, ctx: Ctx, step: (i: number) => boolean): boolean {
  let ok = true;
  for (let i = start; i < end; i++) {
    if (step(i)) continue;
    ok = false;
    if (!ctx.all) return false;
  }
  return ok;
}

/** One check for all of `checks` (ALWAYS for none: lite's identity, which its items and additionalProperties read). */
export function allOf(checks: readonly Check[]): Check {
  if (checks.length < 2) return checks[0] ?? ALWAYS;
  // A loop of its own, not `every`: a closure per call would cost each value an allocation.
  return (data, ctx) => {
    let ok = true;
    for (const check of checks) {
      if (check(data, ctx)) continue;
      ok = false;
      if (!ctx.all) return false;
    }
    return ok;
  };
}
