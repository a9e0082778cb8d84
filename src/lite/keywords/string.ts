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
  const min = cursor.count("minLength");
  const max = cursor.count("maxLength");
  // A string has between length/2 and length code points, so most checks skip the count.
  if (min !== undefined) {
    const site = cursor.site("minLength");
    checks.push((text, ctx) => text.length >= 2 * min || codePointLength(text) >= min || report(ctx, site, { limit: min }));
  }
  if (max !== undefined) {
    const site = cursor.site("maxLength");
    checks.push((text, ctx) => text.length <= max || codePointLength(text) <= max || report(ctx, site, { limit: max }));
  }
  return checks;
}

function compilePattern(cursor: SchemaCursor): Check<string> | undefined {
  const pattern = cursor.string("pattern");
  if (pattern === undefined) return undefined;
  const regex = cursor.regex("pattern", pattern);
  const site = cursor.site("pattern");
  return (text, ctx) => regex.test(text) || report(ctx, site, { pattern });
}

function compileFormat(cursor: SchemaCursor): Check<string> | undefined {
  const format = cursor.string("format");
  if (format === undefined || cursor.env.formats === "ignore") return undefined;
  if (!Object.prototype.hasOwnProperty.call(FORMAT_CHECKERS, format)) {
    throw new UnsupportedSchemaError("format", cursor.site("format").schemaPath, `unknown format "${format}" (use formats: "ignore" to treat formats as annotations)`);
  }
  const test = FORMAT_CHECKERS[format]!;
  const site = cursor.site("format");
  return (text, ctx) => test(text) || report(ctx, site, { format });
}

export function compileStringKeywords(cursor: SchemaCursor): Check<string>[] {
  return [...compileLengths(cursor), compilePattern(cursor), compileFormat(cursor)].filter((check) => check !== undefined);
}
