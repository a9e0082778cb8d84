// minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf: keywords for numbers. All of a
// schema's limits are one range test on the hot path; keyword by keyword only to report a failure.
import { multipleOfTest } from "../decimal.js";
import type { SchemaCursor } from "../schema-cursor.js";
import { ALWAYS_VALID, report, type Check, type ErrorSite, type ValidationContext } from "../validation-context.js";

const COMPARISONS = { minimum: ">=", maximum: "<=", exclusiveMinimum: ">", exclusiveMaximum: "<" } as const;

function passes(comparison: string, value: number, limit: number): boolean {
  return comparison === ">=" ? value >= limit : comparison === "<=" ? value <= limit : comparison === ">" ? value > limit : value < limit;
}

export function compileNumberKeywords(cursor: SchemaCursor): Check<number> {
  const sites: ErrorSite[] = [];
  const bounds = { minimum: -Infinity, maximum: Infinity, exclusiveMinimum: -Infinity, exclusiveMaximum: Infinity };
  for (const keyword of Object.keys(COMPARISONS) as (keyof typeof COMPARISONS)[]) {
    const limit: number | undefined = cursor.get(keyword);
    if (limit === undefined) continue;
    bounds[keyword] = limit;
    sites.push(cursor.site(keyword, { comparison: COMPARISONS[keyword], limit }));
  }
  const multipleOf: number | undefined = cursor.get("multipleOf");
  if (multipleOf !== undefined && multipleOf <= 0) cursor.invalid("multipleOf", "must be greater than 0");
  const isMultiple = multipleOf === undefined ? undefined : multipleOfTest(multipleOf);
  if (sites.length === 0 && isMultiple === undefined) return ALWAYS_VALID;
  const multipleOfSite = cursor.site("multipleOf", { multipleOf });
  const reportEach = (value: number, ctx: ValidationContext): boolean => {
    let ok = true;
    for (const site of sites) {
      if (passes(site.params.comparison as string, value, site.params.limit as number)) continue;
      ok = report(ctx, site);
      if (!ctx.all) return false;
    }
    if (isMultiple !== undefined && !isMultiple(value)) ok = report(ctx, multipleOfSite);
    return ok;
  };
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = bounds;
  return (value, ctx) =>
    (value >= minimum && value <= maximum && value > exclusiveMinimum && value < exclusiveMaximum && (isMultiple === undefined || isMultiple(value))) ||
    reportEach(value, ctx);
}
