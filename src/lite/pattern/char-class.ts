// Sets of code points for the linear pattern matcher: sorted, merged [lo, hi] ranges, plus Unicode
// property escapes (\p{...}) kept as native one-code-point tests (a regex over a single character
// cannot backtrack), and a negation flag for [^...].

export interface CharClass {
  /** Flattened, sorted, disjoint inclusive ranges: [lo0, hi0, lo1, hi1, ...]. */
  readonly ranges: readonly number[];
  /** `\p{...}` / `\P{...}` escapes, each a native test of one code point. */
  readonly properties: readonly RegExp[];
  readonly negated: boolean;
}

export const MAX_CODE_POINT = 0x10ffff;

/** Sorts and merges ranges given as pairs. */
export function normalizeRanges(ranges: readonly number[]): number[] {
  const pairs: [number, number][] = [];
  for (let i = 0; i < ranges.length; i += 2) pairs.push([ranges[i]!, ranges[i + 1]!]);
  pairs.sort((a, b) => a[0] - b[0]);
  const merged: number[] = [];
  for (const [lo, hi] of pairs) {
    const last = merged.length - 1;
    if (last > 0 && lo <= merged[last]! + 1) merged[last] = Math.max(merged[last]!, hi);
    else merged.push(lo, hi);
  }
  return merged;
}

export function complementRanges(ranges: readonly number[]): number[] {
  const merged = normalizeRanges(ranges);
  const result: number[] = [];
  let next = 0;
  for (let i = 0; i < merged.length; i += 2) {
    if (merged[i]! > next) result.push(next, merged[i]! - 1);
    next = merged[i + 1]! + 1;
  }
  if (next <= MAX_CODE_POINT) result.push(next, MAX_CODE_POINT);
  return result;
}

const code = (char: string) => char.codePointAt(0)!;
export const DIGIT_RANGES: readonly number[] = [code("0"), code("9")];
export const WORD_RANGES: readonly number[] = normalizeRanges([code("0"), code("9"), code("A"), code("Z"), code("_"), code("_"), code("a"), code("z")]);
// ECMA-262 WhiteSpace and LineTerminator: what \s matches.
export const SPACE_RANGES: readonly number[] = normalizeRanges([
  0x09, 0x0d, 0x20, 0x20, 0xa0, 0xa0, 0x1680, 0x1680, 0x2000, 0x200a, 0x2028, 0x2029, 0x202f, 0x202f, 0x205f, 0x205f, 0x3000, 0x3000, 0xfeff, 0xfeff,
]);
const LINE_TERMINATORS = [0x0a, 0x0a, 0x0d, 0x0d, 0x2028, 0x2029];
/** `.` without the s flag: anything but a line terminator. */
export const DOT_RANGES: readonly number[] = complementRanges(LINE_TERMINATORS);

export function isWordCodePoint(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f;
}

function inRanges(ranges: readonly number[], c: number): boolean {
  let lo = 0;
  let hi = (ranges.length >> 1) - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (c < ranges[2 * mid]!) hi = mid - 1;
    else if (c > ranges[2 * mid + 1]!) lo = mid + 1;
    else return true;
  }
  return false;
}

export function classHas(cls: CharClass, c: number): boolean {
  let found = inRanges(cls.ranges, c);
  if (!found && cls.properties.length > 0) {
    const char = String.fromCodePoint(c);
    found = cls.properties.some((property) => property.test(char));
  }
  return found !== cls.negated;
}

/** Whether two classes may share a code point; conservative (true) when properties or negation are involved. */
export function classesMayOverlap(a: CharClass, b: CharClass): boolean {
  if (a.negated || b.negated || a.properties.length > 0 || b.properties.length > 0) return true;
  for (let i = 0; i < a.ranges.length; i += 2) {
    for (let j = 0; j < b.ranges.length; j += 2) {
      if (a.ranges[i]! <= b.ranges[j + 1]! && b.ranges[j]! <= a.ranges[i + 1]!) return true;
    }
  }
  return false;
}
