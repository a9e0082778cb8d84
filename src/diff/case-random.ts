// Every fuzz case has its own random source, seeded from (run seed, schema id, case index) alone:
// a case is the same value whichever shard or worker runs it, so shards merge into one run and a
// replay line needs nothing but the seed and the index.
import * as fc from "fast-check";

/** FNV-1a over the text, then a murmur finaliser so nearby inputs spread over all 32 bits. */
export function hashText(text: string): number {
  return finalizeHash(fnv1a(0x811c9dc5, text));
}

function fnv1a(start: number, text: string): number {
  let hash = start;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash;
}

function finalizeHash(value: number): number {
  let hash = value;
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

export function caseSeed(runSeed: number, schemaId: string, caseIndex: number): number {
  return caseSeedsFor(runSeed, schemaId)(caseIndex);
}

/**
 * caseSeed for one (run seed, schema id), with the hash of that prefix computed once: FNV-1a runs
 * left to right, so continuing from it over the index gives the same hash as the whole text.
 */
export function caseSeedsFor(runSeed: number, schemaId: string): (caseIndex: number) => number {
  const prefix = fnv1a(0x811c9dc5, `${runSeed}\u0000${schemaId}\u0000`);
  return (caseIndex) => finalizeHash(fnv1a(prefix, String(caseIndex)));
}

/**
 * xoshiro128** over four 32-bit words, in the mutable shape fast-check takes from pure-rand v8 (next,
 * jump, clone), so fast-check uses it as it is instead of wrapping every draw in adapters; the
 * engine needs no dependency beyond fast-check itself.
 */
class Xoshiro128 {
  constructor(private readonly state: Uint32Array) {}

  static fromSeed(seed: number): Xoshiro128 {
    const state = new Uint32Array(4);
    let mix = seed >>> 0;
    for (let word = 0; word < 4; word++) {
      mix = (mix + 0x9e3779b9) >>> 0;
      state[word] = finalizeHash(mix) || 1;
    }
    return new Xoshiro128(state);
  }

  clone(): Xoshiro128 {
    return new Xoshiro128(this.state.slice());
  }

  /** A signed 32-bit integer, as pure-rand's generators return. */
  next(): number {
    const s = this.state;
    const result = Math.imul(rotateLeft(Math.imul(s[1], 5), 7), 9);
    const shifted = s[1] << 9;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= shifted;
    s[3] = rotateLeft(s[3], 11);
    return result | 0;
  }

  /** What fast-check does for generators without a jump of their own: skip 42 draws. */
  jump(): void {
    for (let step = 0; step < 42; step++) this.next();
  }

  getState(): readonly number[] {
    return [...this.state];
  }
}

function rotateLeft(value: number, bits: number): number {
  return (value << bits) | (value >>> (32 - bits));
}

export function randomForCase(seed: number): fc.Random {
  return new fc.Random(Xoshiro128.fromSeed(seed));
}

/** fast-check's own schedule: small, biased values early, then larger and less biased ones. */
export function biasFactorFor(caseIndex: number): number {
  return 2 + Math.floor(Math.log(caseIndex + 1) / Math.log(10));
}
