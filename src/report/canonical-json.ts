// JSON with object keys sorted at every depth: two values that mean the same give the same text,
// so merge can compare sections and order lists without caring how a file spelled them.

export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeysDeep(value));
}

function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (typeof value !== "object" || value === null) return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort(compareStrings)) sorted[key] = sortKeysDeep((value as Record<string, unknown>)[key]);
  return sorted;
}

/** Code-unit order, the same on every machine and locale. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
