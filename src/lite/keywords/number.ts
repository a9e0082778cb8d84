// minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf: keywords for numbers.
import { multipleOfTest } from "../decimal.js";
import type { SchemaCursor } from "../schema-cursor.js";
import { report, type Check } from "../validation-context.js";

const LIMITS = [
  ["minimum", ">=", (value: number, limit: number) => value >= limit],
  ["maximum", "<=", (value: number, limit: number) => value <= limit],
  ["exclusiveMinimum", ">", (value: number, limit: number) => value > limit],
  ["exclusiveMaximum", "<", (value: number, limit: number) => value < limit],
] as const;

function compileMultipleOf(cursor: SchemaCursor): Check<number> | undefined {
  const multipleOf = cursor.number("multipleOf");
  if (multipleOf === undefined) return undefined;
  if (multipleOf <= 0) cursor.invalid("multipleOf", "must be greater than 0");
  const test = multipleOfTest(multipleOf);
  const site = cursor.site("multipleOf");
  return (value, ctx) => test(value) || report(ctx, site, { multipleOf });
}

export function compileNumberKeywords(cursor: SchemaCursor): Check<number>[] {
  const checks: Check<number>[] = [];
  for (const [keyword, comparison, passes] of LIMITS) {
    const limit = cursor.number(keyword);
    if (limit === undefined) continue;
    const site = cursor.site(keyword);
    checks.push((value, ctx) => passes(value, limit) || report(ctx, site, { comparison, limit }));
  }
  const multipleOf = compileMultipleOf(cursor);
  if (multipleOf) checks.push(multipleOf);
  return checks;
}
