// minLength, maxLength, pattern, format: keywords for strings.
import { FORMAT_CHECKERS } from "../formats.js";
import type { SchemaCursor } from "../schema-cursor.js";
import { UnsupportedSchemaError } from "../types.js";
import { report, type Check } from "../validation-context.js";

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

function compileLengths(cursor: SchemaCursor): Check<string>[] {
  const checks: Check<string>[] = [];
  const min: number | undefined = cursor.get("minLength");
  const max: number | undefined = cursor.get("maxLength");
  // A string has between length/2 and length code points, so most checks skip the count.
  if (min !== undefined) {
    const site = cursor.site("minLength", { limit: min });
    checks.push((text, ctx) => text.length >= 2 * min || codePointLength(text) >= min || report(ctx, site));
  }
  if (max !== undefined) {
    const site = cursor.site("maxLength", { limit: max });
    checks.push((text, ctx) => text.length <= max || codePointLength(text) <= max || report(ctx, site));
  }
  return checks;
}

function compilePattern(cursor: SchemaCursor): Check<string> | undefined {
  const pattern: string | undefined = cursor.get("pattern");
  if (pattern === undefined) return undefined;
  const regex = cursor.regex("pattern", pattern);
  const site = cursor.site("pattern", { pattern });
  return (text, ctx) => regex.test(text) || report(ctx, site);
}

function compileFormat(cursor: SchemaCursor): Check<string> | undefined {
  const format: string | undefined = cursor.get("format");
  if (format === undefined || cursor.env.formats === "ignore") return undefined;
  if (!Object.prototype.hasOwnProperty.call(FORMAT_CHECKERS, format)) {
    throw new UnsupportedSchemaError("format", `${cursor.path}/format`, `unknown format "${format}" (use formats: "ignore" to treat formats as annotations)`);
  }
  const test = FORMAT_CHECKERS[format]!;
  const site = cursor.site("format", { format });
  return (text, ctx) => test(text) || report(ctx, site);
}

export function compileStringKeywords(cursor: SchemaCursor): Check<string>[] {
  return [...compileLengths(cursor), compilePattern(cursor), compileFormat(cursor)].filter((check) => check !== undefined);
}
