// JSON Schema equality (enum, const, uniqueItems) ignores key order and compares numbers by value,
// so a canonical spelling with sorted keys turns deep equality into string equality.

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value).sort();
    const record = value as Record<string, unknown>;
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(",")}}`;
  }
  if (typeof value === "number") return Object.is(value, -0) ? "0" : String(value);
  return JSON.stringify(value) ?? "undefined";
}

export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object") return false;
  return canonicalJson(a) === canonicalJson(b);
}

/** A fresh copy, so callers may mutate what a generator hands out (enum objects are shared). */
export function cloneJson<T>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(cloneJson) as T;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) setOwnProperty(copy, key, cloneJson((value as Record<string, unknown>)[key]));
  return copy as T;
}

/** Assignment would make `__proto__` change the prototype instead of adding a key. */
export function setOwnProperty(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
