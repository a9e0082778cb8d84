// minLength, maxLength, pattern, format: keywords for strings, read into one StringRules record
// that a single check tests (and a parent can test inline, see leaf.ts); keyword by keyword only
// to report a failure.
import { hasOwn } from "../has-own.js";
import type { PatternMatcher } from "../pattern/compile-pattern.js";
import type { SchemaCursor } from "../schema-cursor.js";
import { UnsupportedSchemaError } from "../types.js";
import { report, type Check, type ErrorSite, type ValidationContext } from "../validation-context.js";

export interface StringRules {
  readonly minLength: number;
  readonly maxLength: number;
  readonly pattern: PatternMatcher | undefined;
  readonly format: ((text: string) => boolean) | undefined;
  /** The error site of each keyword present, in Ajv's order. */
  readonly sites: readonly ErrorSite[];
}

/** Length in Unicode code points: a surrogate pair ("😀") counts once, as the spec and Ajv count. */
export function codePointLength(text: string): number {
  let length = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length--;
        i++;
      }
    }
  }
  return length;
}

// A string has between length/2 and length code points, so most checks skip the count.
const longEnough = (text: string, min: number) => text.length >= 2 * min || codePointLength(text) >= min;
const shortEnough = (text: string, max: number) => text.length <= max || codePointLength(text) <= max;

export function stringPasses(rules: StringRules, text: string): boolean {
  return (
    longEnough(text, rules.minLength) &&
    shortEnough(text, rules.maxLength) &&
    (rules.pattern === undefined || rules.pattern.test(text)) &&
    (rules.format === undefined || rules.format(text))
  );
}

function keywordPasses(rules: StringRules, keyword: string, text: string): boolean {
  switch (keyword) {
    case "minLength":
      return longEnough(text, rules.minLength);
    case "maxLength":
      return shortEnough(text, rules.maxLength);
    case "pattern":
      return rules.pattern!.test(text);
    default:
      return rules.format!(text);
  }
}

/** Reports each failing keyword, in order (all of them with allErrors, else the first). */
export function reportStringRules(rules: StringRules, text: string, ctx: ValidationContext): boolean {
  let ok = true;
  for (const site of rules.sites) {
    if (keywordPasses(rules, site.keyword, text)) continue;
    ok = report(ctx, site);
    if (!ctx.all) return false;
  }
  return ok;
}

/** The format's test, when asserted; an unknown format is refused rather than passed. */
function formatTest(cursor: SchemaCursor, format: string | undefined): ((text: string) => boolean) | undefined {
  if (format === undefined || cursor.env.formats === "ignore") return undefined;
  const checkers = cursor.env.formatCheckers;
  if (!hasOwn(checkers, format)) {
    // Gemini's OpenAPI Schema writes `format: "enum"` on a string enum: the enum beside it asserts.
    if (format === "enum" && cursor.env.rules.dialect === "openapi-3.0") return undefined;
    // A number format (int32...) never applies to a string: number.ts asserts it.
    if (hasOwn(cursor.env.numberFormats, format)) return undefined;
    const hint = 'give a checker in options.formatCheckers, or use formats: "ignore" to treat formats as annotations';
    throw new UnsupportedSchemaError("format", `${cursor.path}/format`, `unknown format "${format}" (${hint})`);
  }
  return checkers[format];
}

/** The schema's string rules; undefined when it has none (or only a format that is not asserted). */
export function readStringRules(cursor: SchemaCursor): StringRules | undefined {
  const minLength: number | undefined = cursor.get("minLength");
  const maxLength: number | undefined = cursor.get("maxLength");
  const source: string | undefined = cursor.get("pattern");
  const formatName: string | undefined = cursor.get("format");
  const format = formatTest(cursor, formatName);
  // Most string schemas have none of them, or a format only asserted elsewhere: no array then.
  if (minLength === undefined && maxLength === undefined && source === undefined && format === undefined) return undefined;
  const sites: ErrorSite[] = [];
  if (minLength !== undefined) sites.push(cursor.site("minLength", { limit: minLength }));
  if (maxLength !== undefined) sites.push(cursor.site("maxLength", { limit: maxLength }));
  if (source !== undefined) sites.push(cursor.site("pattern", { pattern: source }));
  if (format !== undefined) sites.push(cursor.site("format", { format: formatName }));
  if (sites.length === 0) return undefined;
  const pattern = source === undefined ? undefined : cursor.regex("pattern", source);
  return { minLength: minLength ?? 0, maxLength: maxLength ?? Infinity, pattern, format, sites };
}

export function compileStringRules(rules: StringRules): Check<string> {
  return (text, ctx) => stringPasses(rules, text) || reportStringRules(rules, text, ctx);
}
