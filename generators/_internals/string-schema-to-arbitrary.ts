// Strings measured in code points (as minLength/maxLength are), with astral characters now and
// then (one code point, two UTF-16 units), patterns through fc.stringMatching, and formats.
import fc from "fast-check";
import { codePointStringArbitrary, drawnText } from "./draw-arbitrary.js";
import { compileRegexDrawer } from "./regex-draw.js";
import { formatArbitrary } from "./format-arbitraries.js";
import { UnsatisfiableSchemaError, type GenerationContext } from "./generation-context.js";
import type { SchemaObject } from "./merge-schemas.js";

const ASCII = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
/** Mostly ASCII; some Latin-1, CJK and Greek; a few astral code points (emoji, musical symbol). */
const CODE_POINTS = [...ASCII, ...ASCII.slice(0, 26), " ", " ", "-", "_", ".", ",", "é", "ñ", "ü", "ß", "中", "文", "Ω", "😀", "🚀", "𝄞"];


/** A high surrogate (a UTF-16 unit, no "u" flag): without one, every unit is a code point. */
const HIGH_SURROGATE = /[\uD800-\uDBFF]/;

export function codePointLength(text: string): number {
  // The native scan is cheaper than the loop, and most drawn text is outside the astral planes.
  if (!HIGH_SURROGATE.test(text)) return text.length;
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdbff || i + 1 === text.length) length++;
    else {
      const next = text.charCodeAt(i + 1);
      length++;
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
  }
  return length;
}

/** Compiled once per pattern: string verdicts test a near miss's text against it per case. Neither flag keeps state (no g, no y). */
const compiledPatterns = new Map<string, RegExp>();

/** The schema's regex as Ajv and lite run it ("u" flag); without it only if "u" rejects the source. */
export function patternRegExp(pattern: string): RegExp {
  let regex = compiledPatterns.get(pattern);
  if (!regex) compiledPatterns.set(pattern, (regex = compilePattern(pattern)));
  return regex;
}

function compilePattern(pattern: string): RegExp {
  try {
    return new RegExp(pattern, "u");
  } catch {
    try {
      return new RegExp(pattern);
    } catch {
      throw new UnsatisfiableSchemaError(`pattern ${JSON.stringify(pattern)} is not a regular expression`);
    }
  }
}

/** Patterns drawn by regex-draw where it supports the syntax (checked on samples), else fc.stringMatching. */
export function patternArbitrary(regex: RegExp, maxLength: number): fc.Arbitrary<string> {
  const drawer = compileRegexDrawer(regex.source, regex);
  if (drawer) {
    const drawn = drawnText(drawer.draw, drawer.smallest);
    if (fc.sample(drawn, { numRuns: 64, seed: 1 }).every((text) => regex.test(text))) return drawn;
  }
  try {
    return fc.stringMatching(regex, Number.isFinite(maxLength) ? { maxLength } : {});
  } catch (error) {
    throw new UnsatisfiableSchemaError(`fc.stringMatching cannot build ${regex}: ${(error as Error).message}`);
  }
}

export function stringSchemaToArbitrary(context: GenerationContext, schema: SchemaObject): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === "number" ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === "number" ? schema.maxLength : Infinity;
  if (minLength > maxLength) throw new UnsatisfiableSchemaError("minLength above maxLength");
  const format = typeof schema.format === "string" ? formatArbitrary(schema.format) : undefined;
  const regex = typeof schema.pattern === "string" ? patternRegExp(schema.pattern) : undefined;
  const lengthOk = (text: string) => {
    const length = codePointLength(text);
    return length >= minLength && length <= maxLength;
  };
  if (!format && !regex) {
    return codePointStringArbitrary(CODE_POINTS, minLength, Math.min(maxLength, minLength + context.settings.maxStringLength));
  }
  if (format) {
    if (!regex && minLength === 0 && !Number.isFinite(maxLength)) return format;
    const accept = (text: string) => lengthOk(text) && (!regex || regex.test(text));
    return context.filter(format, accept, `format ${String(schema.format)} within the length and pattern`);
  }
  const matching = patternArbitrary(regex!, maxLength);
  if (minLength === 0 && !Number.isFinite(maxLength)) return matching;
  return context.filter(matching, lengthOk, `pattern ${String(schema.pattern)} within the length bounds`);
}
