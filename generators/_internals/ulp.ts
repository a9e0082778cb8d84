// One-ulp steps on doubles: the closest numbers either side of a bound, where off-by-one-ulp
// comparison bugs (> vs >=, float parsing) show up.

const view = new DataView(new ArrayBuffer(8));

function bitsOf(value: number): bigint {
  view.setFloat64(0, value);
  return view.getBigInt64(0);
}

function fromBits(bits: bigint): number {
  view.setBigInt64(0, bits);
  return view.getFloat64(0);
}

/** The smallest double greater than value. */
export function nextUp(value: number): number {
  if (Number.isNaN(value) || value === Infinity) return value;
  if (value === 0) return Number.MIN_VALUE;
  const bits = bitsOf(value);
  return fromBits(value > 0 ? bits + 1n : bits - 1n);
}

/** The largest double smaller than value. */
export function nextDown(value: number): number {
  return -nextUp(-value);
}
