// minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, number formats: keywords for numbers, read into
// one NumberRules record: all of a schema's limits are one range test on the hot path (which a
// parent can run inline, see leaf.ts); keyword by keyword only to report a failure.
import { multipleOfTest } from "../decimal.js";
import { hasOwn } from "../has-own.js";
import type { CompileEnvironment, SchemaCursor } from "../schema-cursor.js";
import { report, type Check, type ErrorSite, type ValidationContext } from "../validation-context.js";

export interface NumberRules {
  readonly minimum: number;
  readonly maximum: number;
  readonly exclusiveMinimum: number;
  readonly exclusiveMaximum: number;
  readonly isMultiple: ((value: number) => boolean) | undefined;
  /** A number format (int32...), when asserted. */
  readonly format: ((value: number) => boolean) | undefined;
  /** The error site of each keyword present, in Ajv's order. */
  readonly sites: readonly ErrorSite[];
}

const COMPARISONS = { minimum: ">=", maximum: "<=", exclusiveMinimum: ">", exclusiveMaximum: "<" } as const;
const LIMITS = Object.keys(COMPARISONS) as (keyof typeof COMPARISONS)[];

export function numberPasses(rules: NumberRules, value: number): boolean {
  return (
    value >= rules.minimum &&
    value <= rules.maximum &&
    value > rules.exclusiveMinimum &&
    value < rules.exclusiveMaximum &&
    (rules.isMultiple === undefined || rules.isMultiple(value)) &&
    (rules.format === undefined || rules.format(value))
  );
}

function keywordPasses(rules: NumberRules, keyword: string, value: number): boolean {
  switch (keyword) {
    case "minimum":
      return value >= rules.minimum;
    case "maximum":
      return value <= rules.maximum;
    case "exclusiveMinimum":
      return value > rules.exclusiveMinimum;
    case "exclusiveMaximum":
      return value < rules.exclusiveMaximum;
    case "format":
      return rules.format!(value);
    default:
      return rules.isMultiple!(value);
  }
}

/** Reports each failing keyword, in order (all of them with allErrors, else the first). */
export function reportNumberRules(rules: NumberRules, value: number, ctx: ValidationContext): boolean {
  let ok = true;
  for (const site of rules.sites) {
    if (keywordPasses(rules, site.keyword, value)) continue;
    ok = report(ctx, site);
    if (!ctx.all) return false;
  }
  return ok;
}

/** Whether `format` is a number format (int32...) the entry point asserts. */
export function isNumberFormat(env: CompileEnvironment, format: unknown): format is string {
  return typeof format === "string" && hasOwn(env.numberFormats, format);
}

/** The schema's number rules; undefined when it has none. */
export function readNumberRules(cursor: SchemaCursor): NumberRules | undefined {
  const sites: ErrorSite[] = [];
  for (const keyword of LIMITS) {
    const limit: number | undefined = cursor.get(keyword);
    if (limit !== undefined) sites.push(cursor.site(keyword, { comparison: COMPARISONS[keyword], limit }));
  }
  const multipleOf: number | undefined = cursor.get("multipleOf");
  if (multipleOf !== undefined) {
    if (multipleOf <= 0) cursor.invalid("multipleOf", "must be greater than 0");
    sites.push(cursor.site("multipleOf", { multipleOf }));
  }
  const formatName: string | undefined = cursor.get("format");
  const format = cursor.env.formats === "assert" && isNumberFormat(cursor.env, formatName) ? cursor.env.numberFormats[formatName] : undefined;
  if (format !== undefined) sites.push(cursor.site("format", { format: formatName }));
  if (sites.length === 0) return undefined;
  return {
    minimum: cursor.get("minimum") ?? -Infinity,
    maximum: cursor.get("maximum") ?? Infinity,
    exclusiveMinimum: cursor.get("exclusiveMinimum") ?? -Infinity,
    exclusiveMaximum: cursor.get("exclusiveMaximum") ?? Infinity,
    isMultiple: multipleOf === undefined ? undefined : multipleOfTest(multipleOf),
    format,
    sites,
  };
}

export function compileNumberRules(rules: NumberRules): Check<number> {
  return (value, ctx) => numberPasses(rules, value) || reportNumberRules(rules, value, ctx);
}
