// A hash of a JSON value that equal values share (deepEqual's equality: object keys in any order,
// numbers by value), so uniqueItems buckets items in one pass and compares deeply only inside a bucket.
import { deepEqual } from "./deep-equal.js";
import { hasOwn } from "./has-own.js";

// Chosen per process, so a value cannot be crafted in advance to collide; verdicts never depend on it.
// A pure call, so a bundle that never hashes drops it.
const SEED = /* @__PURE__ */ randomSeed();

function randomSeed(): number {
  return (Math.random() * 0x100000000) | 0;
}

function hashString(text: string, seed: number): number {
  let h = (seed + SEED) ^ 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h;
}

function mix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

export function jsonHash(value: unknown): number {
  switch (typeof value) {
    case "string":
      return hashString(value, 1);
    case "number":
      // Small integers (-0 included, as -0 === 0) directly; others by their shortest decimal text.
      return (value | 0) === value ? mix(value ^ SEED) : hashString(String(value), 2);
    case "boolean":
      return value ? 3 : 4;
    case "object":
      if (value === null) return 5;
      if (Array.isArray(value)) {
        let h = 6;
        for (let i = 0; i < value.length; i++) h = mix(Math.imul(h, 31) + jsonHash(value[i]));
        return h;
      }
      return objectHash(value as Record<string, unknown>);
    default:
      return 0;
  }
}

/** A sum over the entries: the same whatever the key order. */
function objectHash(value: Record<string, unknown>): number {
  let h = 7;
  for (const key in value) if (hasOwn(value, key)) h = (h + mix(hashString(key, 8) ^ jsonHash(value[key]))) | 0;
  return mix(h);
}

/**
 * The highest i with an item equal to it before it, and the highest such j (i > j): what comparing
 * pairs from the end finds first, in one pass. An open-addressing table holds, per distinct value,
 * the index of its last item; deep comparison only when the full hashes agree.
 */
export function lastRepeatByHash(items: readonly unknown[]): [i: number, j: number] | undefined {
  const size = 2 ** Math.ceil(Math.log2(2 * items.length + 2));
  const mask = size - 1;
  const slots = new Int32Array(size); // index + 1 of the last item of a value; 0 is empty
  const hashes = new Int32Array(items.length);
  let found: [number, number] | undefined;
  for (let i = 0; i < items.length; i++) {
    const h = jsonHash(items[i]);
    hashes[i] = h;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const last = slots[slot]! - 1;
      if (last < 0) {
        slots[slot] = i + 1;
        break;
      }
      if (hashes[last] === h && deepEqual(items[last], items[i])) {
        found = [i, last];
        slots[slot] = i + 1;
        break;
      }
    }
  }
  return found;
}
