// Minimal repairs of strings and numbers for the emulator's constrained decoding: the smallest change
// that satisfies bounds, lengths, multiples, formats and patterns. A value that needs no change is kept.
import fc from "fast-check";

/** Canonical values for the formats providers name (providers.md 1.3, 2.2, 3.3). */
const FORMAT_SAMPLES: Readonly<Record<string, string>> = {
  date: "2024-01-01",
  "date-time": "2024-01-01T00:00:00Z",
  time: "00:00:00Z",
  duration: "P1D",
  email: "user@example.com",
  "idn-email": "user@example.com",
  hostname: "example.com",
  "idn-hostname": "example.com",
  ipv4: "192.0.2.1",
  ipv6: "2001:db8::1",
  uuid: "123e4567-e89b-12d3-a456-426614174000",
  uri: "https://example.com/",
  "uri-reference": "/",
  iri: "https://example.com/",
  "iri-reference": "/",
  "uri-template": "https://example.com/{id}",
  "json-pointer": "/a",
  "relative-json-pointer": "0",
  regex: "^a$",
};

export type FormatCheck = (format: string, value: string) => boolean;

export function repairString(value: string, schema: Record<string, unknown>, formatOk: FormatCheck): string {
  let out = value;
  const format = typeof schema.format === "string" ? schema.format : undefined;
  if (format !== undefined && FORMAT_SAMPLES[format] !== undefined && !formatOk(format, out)) out = FORMAT_SAMPLES[format]!;
  const pattern = compilePattern(schema.pattern);
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  const max = typeof schema.maxLength === "number" ? schema.maxLength : Infinity;
  if (pattern !== null && !pattern.test(out)) out = sampleMatching(pattern, min, max) ?? out;
  const length = [...out].length;
  if (length > max) out = [...out].slice(0, max).join("");
  if (length < min) out = out + "a".repeat(min - length);
  return out;
}

function compilePattern(pattern: unknown): RegExp | null {
  if (typeof pattern !== "string") return null;
  try {
    return new RegExp(pattern, "u");
  } catch {
    return null;
  }
}

/** A string matching the pattern within the lengths, from a fixed seed so answers stay deterministic. */
function sampleMatching(pattern: RegExp, min: number, max: number): string | undefined {
  return samplesMatching(pattern).find((sample) => [...sample].length >= min && [...sample].length <= max);
}

function samplesMatching(pattern: RegExp): string[] {
  try {
    return fc.sample(fc.stringMatching(pattern), { seed: 7, numRuns: 60 });
  } catch {
    return [];
  }
}

/** Distinct strings matching a pattern (shortest first), e.g. property names for patternProperties. */
export function stringsMatching(pattern: string): string[] {
  const compiled = compilePattern(pattern);
  if (compiled === null) return [];
  return [...new Set(samplesMatching(compiled))].sort((a, b) => a.length - b.length);
}

export function repairNumber(value: number, schema: Record<string, unknown>, integer: boolean): number {
  let out = integer ? Math.round(value) : value;
  const { low, high } = numericRange(schema);
  if (out < low.value || (low.exclusive && out === low.value)) out = stepAbove(low.value, low.exclusive, integer);
  if (out > high.value || (high.exclusive && out === high.value)) out = stepBelow(high.value, high.exclusive, integer);
  const multiple = typeof schema.multipleOf === "number" && schema.multipleOf > 0 ? schema.multipleOf : undefined;
  if (multiple !== undefined && !isMultiple(out, multiple)) out = nearestMultiple(out, multiple, low, high) ?? out;
  return out;
}

interface Bound {
  readonly value: number;
  readonly exclusive: boolean;
}

function numericRange(schema: Record<string, unknown>): { low: Bound; high: Bound } {
  const num = (key: string): number | undefined => (typeof schema[key] === "number" ? (schema[key] as number) : undefined);
  const low = pickBound(num("minimum"), num("exclusiveMinimum"), Math.max, -Infinity);
  const high = pickBound(num("maximum"), num("exclusiveMaximum"), Math.min, Infinity);
  return { low, high };
}

/** The tighter of an inclusive and an exclusive bound. */
function pickBound(inclusive: number | undefined, exclusive: number | undefined, tighter: (a: number, b: number) => number, none: number): Bound {
  if (inclusive === undefined && exclusive === undefined) return { value: none, exclusive: false };
  if (exclusive === undefined) return { value: inclusive!, exclusive: false };
  if (inclusive === undefined) return { value: exclusive, exclusive: true };
  const value = tighter(inclusive, exclusive);
  return { value, exclusive: value === exclusive && value !== inclusive };
}

function stepAbove(bound: number, exclusive: boolean, integer: boolean): number {
  if (integer) return exclusive ? Math.floor(bound) + 1 : Math.ceil(bound);
  if (!exclusive) return bound;
  return bound + Math.max(Math.abs(bound) * 1e-9, 1e-6);
}

function stepBelow(bound: number, exclusive: boolean, integer: boolean): number {
  if (integer) return exclusive ? Math.ceil(bound) - 1 : Math.floor(bound);
  if (!exclusive) return bound;
  return bound - Math.max(Math.abs(bound) * 1e-9, 1e-6);
}

/** Ajv's own test (value / multipleOf is an integer in floating point), so the repair passes the judge. */
function isMultiple(value: number, multiple: number): boolean {
  const ratio = value / multiple;
  return Number.isFinite(ratio) && ratio === Math.trunc(ratio);
}

function inRange(value: number, low: Bound, high: Bound): boolean {
  const aboveLow = low.exclusive ? value > low.value : value >= low.value;
  const belowHigh = high.exclusive ? value < high.value : value <= high.value;
  return aboveLow && belowHigh;
}

/** Search outwards from the nearest multiple for one that Ajv accepts and the bounds allow. */
function nearestMultiple(value: number, multiple: number, low: Bound, high: Bound): number | undefined {
  const decimals = Math.min(20, (String(multiple).split(".")[1] ?? "").length);
  const base = Math.round(value / multiple);
  for (let offset = 0; offset < 200; offset += 1) {
    for (const k of offset === 0 ? [base] : [base + offset, base - offset]) {
      const candidate = Number((k * multiple).toFixed(decimals));
      if (isMultiple(candidate, multiple) && inRange(candidate, low, high)) return candidate;
    }
  }
  return undefined;
}
