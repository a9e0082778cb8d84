// What the misbehaving test validators look for in a value.

function someLeaf(value: unknown, test: (leaf: unknown) => boolean): boolean {
  if (test(value)) return true;
  if (value === null || typeof value !== "object") return false;
  return Object.values(value).some((item) => someLeaf(item, test));
}

export function holdsNull(value: unknown): boolean {
  return someLeaf(value, (leaf) => leaf === null);
}

export function holdsNumberAbove(value: unknown, limit: number): boolean {
  return someLeaf(value, (leaf) => typeof leaf === "number" && leaf > limit);
}

export function holdsNumberBetween(value: unknown, low: number, high: number): boolean {
  return someLeaf(value, (leaf) => typeof leaf === "number" && leaf >= low && leaf <= high);
}
