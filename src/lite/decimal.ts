// Exact `multipleOf`. A double is taken to mean the decimal it prints as (its shortest round-trip
// form, which is what the JSON text said), and divisibility is decided on those decimals with
// integer arithmetic. So 19.99 IS a multiple of 0.01 (1999 / 1) and 787.6700000000001 is NOT
// (78767000000000001 / 10^13); floating-point division, as Ajv does, gets both wrong.

interface Decimal {
  /** The significant digits, no sign, no point. */
  readonly digits: string;
  /** The value is digits × 10^exponent. */
  readonly exponent: number;
}

export function toDecimal(value: number): Decimal {
  const [mantissa = "", power = "0"] = String(Math.abs(value)).split("e");
  const point = mantissa.indexOf(".");
  const fractionDigits = point < 0 ? 0 : mantissa.length - point - 1;
  const digits = mantissa.replace(".", "").replace(/^0+(?=\d)/, "");
  return { digits, exponent: Number(power) - fractionDigits };
}

/** Both decimals as integers scaled to their common (smallest) exponent. */
function scaledDigits(a: Decimal, b: Decimal): [string, string] {
  const exponent = Math.min(a.exponent, b.exponent);
  return [a.digits + "0".repeat(a.exponent - exponent), b.digits + "0".repeat(b.exponent - exponent)];
}

function exactMultipleOf(value: number, step: Decimal): boolean {
  if (!Number.isFinite(value)) return false;
  const [scaledValue, scaledStep] = scaledDigits(toDecimal(value), step);
  // Up to 15 digits both are exact doubles, so the remainder is exact too.
  if (scaledValue.length <= 15 && scaledStep.length <= 15) return Number(scaledValue) % Number(scaledStep) === 0;
  return BigInt(scaledValue) % BigInt(scaledStep) === 0n;
}

/**
 * A test for "is an integer multiple of `divisor`" (divisor > 0), decided exactly on decimals.
 * Fast path, for a divisor m × 10^-k: the value is a multiple iff it is n / 10^k for an integer n
 * divisible by m. While |n| < 2^52 the double grid is finer than 10^-k, so n = round(value × 10^k)
 * is the only candidate and `n / 10^k === value` (one correctly rounded division) decides it.
 */
export function multipleOfTest(divisor: number): (value: number) => boolean {
  const step = toDecimal(divisor);
  const fractionDigits = Math.max(0, -step.exponent);
  const stepDigits = step.digits + "0".repeat(Math.max(0, step.exponent));
  if (fractionDigits > 22 || stepDigits.length > 15) return (value) => exactMultipleOf(value, step);
  const scale = Number(`1e${fractionDigits}`);
  const stepInteger = Number(stepDigits);
  return (value) => {
    const scaled = Math.round(value * scale);
    if (Math.abs(scaled) < 2 ** 52) return scaled / scale === value && scaled % stepInteger === 0;
    return exactMultipleOf(value, step);
  };
}

export function isMultipleOf(value: number, divisor: number): boolean {
  return multipleOfTest(divisor)(value);
}
