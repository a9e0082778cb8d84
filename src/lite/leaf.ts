// A leaf schema as data: the types it allows, an enum (or const) of primitives, its string and
// number rules. Most properties of a tool schema are leaves, and a call per property is most of
// what validating them costs, so a parent (properties, items, anyOf) tests a value against a leaf
// inline (its `accepts` closure) and reports why a value fails without calling the leaf's check
// either (explainLeafAt). A value outside JSON (undefined) fails `accepts`; explainLeaf decides it.
// Leaves are known while compiling only (CompileEnvironment.leafOf), so nothing outlives a compile.
import { ANY_TYPE, typeBitsOf } from "./json-type.js";
import { numberPasses, reportNumberRules, type NumberRules } from "./keywords/number.js";
import { reportStringRules, stringPasses, type StringRules } from "./keywords/string.js";
import { generalLeafPredicate, type LeafPredicateBuilder } from "./leaf-predicate.js";
import { report, reportAt, type Check, type ErrorSite, type ValidationContext } from "./validation-context.js";

export interface Leaf {
  /**
   * Whether a value passes, as one closure built for the leaf's shape ({"type": "integer",
   * "minimum": 0} becomes a typeof test and two comparisons): about 3x faster in an items loop
   * than reading the leaf's fields for each value.
   */
  readonly accepts: (value: unknown) => boolean;
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
export const ANY_LEAF = describeLeaf(ANY_TYPE, undefined, undefined, undefined, undefined, undefined, generalLeafPredicate);

export function describeLeaf(
  types: number,
  typeSite: ErrorSite | undefined,
  values: readonly unknown[] | undefined,
  valuesSite: ErrorSite | undefined,
  string: StringRules | undefined,
  number: NumberRules | undefined,
  /** The entry point's builder of `accepts` (CompileEnvironment.forms.leafPredicate). */
  predicate: LeafPredicateBuilder,
): Leaf {
  const typeOnly = values === undefined && string === undefined && number === undefined;
  return { accepts: predicate(types, values, string, number), types, typeOnly, typeSite, values, valuesSite, string, number };
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
  const accepts = leaf.accepts;
  return (data, ctx) => accepts(data) || explainLeaf(leaf, data, ctx);
}

/** Explains why the current value fails `leaf` (a parent's inline test said it does): an anyOf of leaves that none accepts. */
export function explainLeafHere(leaf: Leaf, value: unknown, ctx: ValidationContext): boolean {
  return leaf.typeOnly && leaf.typeSite !== undefined ? report(ctx, leaf.typeSite) : explainLeaf(leaf, value, ctx);
}

/** Explains why `value`, the child at `key`, fails `leaf` (a parent's inline test said it does). */
export function explainLeafAt(leaf: Leaf, value: unknown, key: string | number, ctx: ValidationContext): boolean {
  // A type-only leaf with a type fails on its type alone: one error, reported where the value is.
  if (leaf.typeOnly && leaf.typeSite !== undefined) return reportAt(ctx, leaf.typeSite, key);
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
