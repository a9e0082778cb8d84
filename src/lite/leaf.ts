// A leaf schema as data: the types it allows, an enum (or const) of primitives, its string and
// number rules. Most properties of a tool schema are leaves, and a call per property is most of
// what validating them costs, so a parent (properties, items, anyOf) tests a value against a leaf
// inline (descendLeaf) and reports why a value fails without calling the leaf's check either.
// Leaves are known while compiling only (CompileEnvironment.leafOf), so nothing outlives a compile.
import { ANY_TYPE, typeBitsOf } from "./json-type.js";
import { numberPasses, reportNumberRules, type NumberRules } from "./keywords/number.js";
import { reportStringRules, stringPasses, type StringRules } from "./keywords/string.js";
import { descend, report, type Check, type ErrorSite, type ValidationContext } from "./validation-context.js";

export interface Leaf {
  readonly types: number;
  /** Nothing but the types to test: the bulk of leaves ({"type": "string"}). */
  readonly typeOnly: boolean;
  /** Where a value of another type is reported; undefined when `type` is absent (any value will do). */
  readonly typeSite: ErrorSite | undefined;
  /** The allowed values (enum, const), all primitives; undefined when any value of the types will do. */
  readonly values: readonly unknown[] | undefined;
  readonly valuesSite: ErrorSite | undefined;
  readonly string: StringRules | undefined;
  readonly number: NumberRules | undefined;
}

/** What `true` and `{}` accept. */
export const ANY_LEAF = describeLeaf(ANY_TYPE, undefined, undefined, undefined, undefined, undefined);

export function describeLeaf(
  types: number,
  typeSite: ErrorSite | undefined,
  values: readonly unknown[] | undefined,
  valuesSite: ErrorSite | undefined,
  string: StringRules | undefined,
  number: NumberRules | undefined,
): Leaf {
  const typeOnly = values === undefined && string === undefined && number === undefined;
  return { types, typeOnly, typeSite, values, valuesSite, string, number };
}

/** Whether `value` passes (a value outside JSON, such as undefined, is left to explainLeaf to decide). */
export function leafAccepts(leaf: Leaf, value: unknown): boolean {
  if ((typeBitsOf(value) & leaf.types) === 0) return false;
  if (leaf.typeOnly) return true;
  // includes, not indexOf: SameValueZero, as a Set of the values would compare them.
  if (leaf.values !== undefined && !leaf.values.includes(value)) return false;
  if (typeof value === "string") return leaf.string === undefined || stringPasses(leaf.string, value);
  return typeof value !== "number" || leaf.number === undefined || numberPasses(leaf.number, value);
}

/**
 * Reports why `value` fails, in Ajv's order: the type; the keywords of the value's own type (which
 * apply even when it is not the declared one: {"type": "integer", "minimum": 5} reports both for
 * 2.5); then enum or const. Without allErrors, the first failure ends it.
 */
function explainLeaf(leaf: Leaf, value: unknown, ctx: ValidationContext): boolean {
  let ok = true;
  if (leaf.typeSite !== undefined && (typeBitsOf(value) & leaf.types) === 0) {
    ok = report(ctx, leaf.typeSite);
    if (!ctx.all) return false;
  }
  const rulesPass =
    typeof value === "string"
      ? leaf.string === undefined || stringPasses(leaf.string, value) || reportStringRules(leaf.string, value, ctx)
      : typeof value !== "number" || leaf.number === undefined || numberPasses(leaf.number, value) || reportNumberRules(leaf.number, value, ctx);
  if (!rulesPass) {
    ok = false;
    if (!ctx.all) return false;
  }
  if (leaf.values !== undefined && !leaf.values.includes(value)) ok = report(ctx, leaf.valuesSite!);
  return ok;
}

export function compileLeaf(leaf: Leaf): Check {
  return (data, ctx) => leafAccepts(leaf, data) || explainLeaf(leaf, data, ctx);
}

/**
 * `descend` for a child whose check may be a leaf: the leaf is tested inline, and a failure is
 * explained at `key` without calling the check. Without a leaf it is `descend`; a parent at
 * maxDepth passes none (see childrenInline), so a child too deep still fails with maxDepth.
 */
export function descendLeaf(leaf: Leaf | undefined, check: Check, value: unknown, key: string | number, ctx: ValidationContext): boolean {
  if (leaf === undefined) return descend(check, value, key, ctx);
  if (leafAccepts(leaf, value)) return true;
  const depth = ctx.depth;
  ctx.path[depth] = key;
  ctx.depth = depth + 1;
  const ok = explainLeaf(leaf, value, ctx);
  ctx.depth = depth;
  return ok;
}

/** Whether the children of the current value may be tested inline: not when they would be nested too deep. */
export function childrenInline(ctx: ValidationContext): boolean {
  return ctx.depth < ctx.maxDepth;
}
