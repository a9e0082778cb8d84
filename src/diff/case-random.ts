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

/** A murmur3 finaliser: spreads nearby inputs over all 32 bits. */
export function finalizeHash(value: number): number {
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
 * engine needs no dependency beyond fast-check itself. The words are kept as int32 fields (the same
 * bits a Uint32Array would hold): a case makes one or two of these, and typed arrays cost more to
 * allocate than the draws they feed.
 */
class Xoshiro128 {
  /** fast-check's Random clones the generator it is given: a fresh one from fromSeed is handed over instead. */
  private handedOver: boolean;

  private constructor(
    private s0: number,
    private s1: number,
    private s2: number,
    private s3: number,
    fresh: boolean,
  ) {
    this.handedOver = !fresh;
  }

  static fromSeed(seed: number): Xoshiro128 {
    const words = [0, 0, 0, 0];
    let mix = seed >>> 0;
    for (let word = 0; word < 4; word++) {
      mix = (mix + 0x9e3779b9) >>> 0;
      words[word] = (finalizeHash(mix) || 1) | 0;
    }
    return new Xoshiro128(words[0]!, words[1]!, words[2]!, words[3]!, true);
  }

  clone(): Xoshiro128 {
    // Only randomForCase holds a fresh generator, and it keeps no reference once fast-check has it.
    if (!this.handedOver) {
      this.handedOver = true;
      return this;
    }
    return new Xoshiro128(this.s0, this.s1, this.s2, this.s3, false);
  }

  /** A signed 32-bit integer, as pure-rand's generators return. */
  next(): number {
    const s0 = this.s0;
    const s1 = this.s1;
    const result = Math.imul(rotateLeft(Math.imul(s1, 5), 7), 9);
    const s2 = this.s2 ^ s0;
    const s3 = this.s3 ^ s1;
    this.s1 = s1 ^ s2;
    this.s0 = s0 ^ s3;
    this.s2 = s2 ^ (s1 << 9);
    this.s3 = rotateLeft(s3, 11);
    return result | 0;
  }

  /** What fast-check does for generators without a jump of their own: skip 42 draws. */
  jump(): void {
    for (let step = 0; step < 42; step++) this.next();
  }

  getState(): readonly number[] {
    return [this.s0 >>> 0, this.s1 >>> 0, this.s2 >>> 0, this.s3 >>> 0];
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
