// Exact decimal arithmetic on the shortest decimal spelling of a double ("19.99", "1e-7").
// multipleOf is judged on the number a JSON text names, so 0.01 steps must give 19.99, never
// 306.09000000000003: binary division (what Ajv does) cannot tell these apart.

/** value = digits × 10^-scale; scale may be negative for large exponents. */
export interface Decimal {
  readonly digits: bigint;
  readonly scale: number;
}

/** Doubles whose significand stays under 15 digits survive number → text → number unchanged. */
export const MAX_EXACT_DIGITS = 10n ** 15n;

export function toDecimal(value: number): Decimal {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  const [mantissa, exponentText] = String(value).split("e");
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  const [whole, fraction = ""] = mantissa!.split(".");
  return { digits: BigInt(whole! + fraction), scale: fraction.length - exponent };
}

/** Both decimals rewritten over one scale so their digits compare and divide directly. */
function alignScales(a: Decimal, b: Decimal): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.digits * 10n ** BigInt(scale - a.scale), b.digits * 10n ** BigInt(scale - b.scale), scale];
}

/** True when value / step is an integer, mathematically, on their decimal spellings. */
export function isExactMultiple(value: number, step: number): boolean {
  if (!Number.isFinite(value) || !(step > 0)) return false;
  const [v, s] = alignScales(toDecimal(value), toDecimal(step));
  return v % s === 0n;
}

/** The double nearest to digits × 10^-scale. */
export function decimalToNumber(digits: bigint, scale: number): number {
  return Number(`${digits}e${-scale}`);
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return -floorDiv(-a, b);
}

/** Range of k (inclusive) with k × step inside the bounds; exclusive bounds drop an exact hit. */
export function multipleIndexRange(
  step: number,
  bounds: { min?: number; minExcluded?: boolean; max?: number; maxExcluded?: boolean },
): { low: bigint | null; high: bigint | null } {
  const s = toDecimal(step);
  let low: bigint | null = null;
  let high: bigint | null = null;
  if (bounds.min !== undefined) {
    const [m, d] = alignScales(toDecimal(bounds.min), s);
    low = ceilDiv(m, d);
    if (bounds.minExcluded && m % d === 0n) low += 1n;
  }
  if (bounds.max !== undefined) {
    const [m, d] = alignScales(toDecimal(bounds.max), s);
    high = floorDiv(m, d);
    if (bounds.maxExcluded && m % d === 0n) high -= 1n;
  }
  return { low, high };
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

/** Least common multiple of two positive steps, exact (lcm(0.2, 0.3) is 0.6). */
export function lcmOfSteps(a: number, b: number): number {
  const [x, y, scale] = alignScales(toDecimal(a), toDecimal(b));
  return decimalToNumber((x / gcd(x, y)) * y, scale);
}
