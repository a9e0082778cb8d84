// The adjudicator's own exact `multipleOf`, kept apart from lite's so that judging lite never uses
// lite's code. A JSON number means the decimal its text spells; a double prints as its shortest
// round-trip decimal, which is that text. Divisibility is then decided on BigInts.

interface ScaledDecimal {
  /** value = units / 10^scale */
  readonly units: bigint;
  readonly scale: number;
}

export function toScaledDecimal(value: number): ScaledDecimal {
  const [mantissa = "0", power = "0"] = String(value).toLowerCase().split("e");
  const negative = mantissa.startsWith("-");
  const [whole = "0", fraction = ""] = (negative ? mantissa.slice(1) : mantissa).split(".");
  const exponent = Number(power) - fraction.length;
  const digits = BigInt(whole + fraction) * (negative ? -1n : 1n);
  return exponent >= 0 ? { units: digits * 10n ** BigInt(exponent), scale: 0 } : { units: digits, scale: -exponent };
}

/** Is `value` an integer multiple of `divisor` (> 0), mathematically, on the decimals they spell? */
export function isExactMultipleOf(value: number, divisor: number): boolean {
  if (!Number.isFinite(value) || !Number.isFinite(divisor) || divisor <= 0) return false;
  const a = toScaledDecimal(value);
  const b = toScaledDecimal(divisor);
  // a.units / 10^a.scale ÷ b.units / 10^b.scale is an integer iff a.units·10^b.scale is divisible by b.units·10^a.scale.
  return (a.units * 10n ** BigInt(b.scale)) % (b.units * 10n ** BigInt(a.scale)) === 0n;
}
