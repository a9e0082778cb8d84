// Exact `multipleOf`, as lite's decimal.ts decides it (a double means the decimal it prints as, so
// 19.99 is a multiple of 0.01), on BigInt alone: core keeps only the exact path, not its fast one.

/** The value as digits × 10^exponent. */
function decimal(value: number): [digits: bigint, exponent: number] {
  const [mantissa = "", power = "0"] = String(Math.abs(value)).split("e");
  const point = mantissa.indexOf(".");
  return [BigInt(mantissa.replace(".", "")), Number(power) - (point < 0 ? 0 : mantissa.length - point - 1)];
}

/** A test for "is an integer multiple of `divisor`" (divisor > 0). */
export function multipleOfTest(divisor: number): (value: number) => boolean {
  const [step, stepExponent] = decimal(divisor);
  return (value) => {
    if (!Number.isFinite(value)) return false;
    const [digits, exponent] = decimal(value);
    const common = Math.min(exponent, stepExponent);
    return (digits * 10n ** BigInt(exponent - common)) % (step * 10n ** BigInt(stepExponent - common)) === 0n;
  };
}
