// minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf: keywords for numbers. All of a
// schema's limits are one range test on the hot path; keyword by keyword only to report a failure.
import { multipleOfTest } from "../decimal.js";
import type { SchemaCursor } from "../schema-cursor.js";
import { report, type Check, type ErrorSite } from "../validation-context.js";

interface Limit {
  readonly site: ErrorSite;
  readonly comparison: string;
  readonly limit: number;
  readonly passes: (value: number) => boolean;
}

const COMPARISONS = [
  ["minimum", ">=", (limit: number) => (value: number) => value >= limit],
  ["maximum", "<=", (limit: number) => (value: number) => value <= limit],
  ["exclusiveMinimum", ">", (limit: number) => (value: number) => value > limit],
  ["exclusiveMaximum", "<", (limit: number) => (value: number) => value < limit],
] as const;

function readLimits(cursor: SchemaCursor): Limit[] {
  const limits: Limit[] = [];
  for (const [keyword, comparison, test] of COMPARISONS) {
    const limit = cursor.number(keyword);
    if (limit !== undefined) limits.push({ site: cursor.site(keyword), comparison, limit, passes: test(limit) });
  }
  return limits;
}

function readMultipleOf(cursor: SchemaCursor): ((value: number) => boolean) | undefined {
  const multipleOf = cursor.number("multipleOf");
  if (multipleOf === undefined) return undefined;
  if (multipleOf <= 0) cursor.invalid("multipleOf", "must be greater than 0");
  return multipleOfTest(multipleOf);
}

export function compileNumberKeywords(cursor: SchemaCursor): Check<number>[] {
  const limits = readLimits(cursor);
  const isMultiple = readMultipleOf(cursor);
  if (limits.length === 0 && isMultiple === undefined) return [];
  const bound = (keyword: string, fallback: number) => cursor.number(keyword) ?? fallback;
  const [min, max] = [bound("minimum", -Infinity), bound("maximum", Infinity)];
  const [exclusiveMin, exclusiveMax] = [bound("exclusiveMinimum", -Infinity), bound("exclusiveMaximum", Infinity)];
  const multipleOfSite = cursor.site("multipleOf");
  const multipleOf = cursor.get("multipleOf");
  const reportEach = (value: number, ctx: Parameters<Check>[1]): boolean => {
    let ok = true;
    for (const { site, comparison, limit, passes } of limits) {
      if (passes(value)) continue;
      ok = report(ctx, site, { comparison, limit });
      if (!ctx.all) return false;
    }
    if (isMultiple !== undefined && !isMultiple(value)) ok = report(ctx, multipleOfSite, { multipleOf });
    return ok;
  };
  return [
    (value, ctx) =>
      (value >= min && value <= max && value > exclusiveMin && value < exclusiveMax && (isMultiple === undefined || isMultiple(value))) ||
      reportEach(value, ctx),
  ];
}
