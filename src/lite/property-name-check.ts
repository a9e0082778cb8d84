// Checking one property name against propertyNames' subschema, shared by lite
// (keywords/object.ts) and core (core/modules.ts): the moves on the validation context are the
// same, only the context's type and its "too deep" report differ.
import type { LiteError } from "./types.js";

interface NameContext {
  readonly maxDepth: number;
  errors: LiteError[] | null;
  readonly path: (string | number | undefined)[];
  depth: number;
  collecting: boolean;
}

/** Checks one property name; errors found in it carry `propertyName`, as Ajv's do. */
export function checkPropertyName<C extends NameContext>(check: (data: string, ctx: C) => boolean, name: string, ctx: C, reportTooDeep: (ctx: C) => false): boolean {
  const firstError = ctx.errors?.length ?? 0;
  // The name is a value of its own, one level down, but errors about it point at the object.
  ctx.path[ctx.depth++] = undefined;
  const collecting = ctx.collecting;
  ctx.collecting = false;
  const ok = ctx.depth > ctx.maxDepth ? reportTooDeep(ctx) : check(name, ctx);
  ctx.collecting = collecting;
  ctx.depth--;
  if (!ok && ctx.errors) for (let i = firstError; i < ctx.errors.length; i++) ctx.errors[i] = { ...ctx.errors[i]!, propertyName: name };
  return ok;
}
