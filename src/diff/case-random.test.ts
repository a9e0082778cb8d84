import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { biasFactorFor, caseSeed, finalizeHash, hashText, randomForCase } from "./case-random.js";

describe("per-case random sources", () => {
  it("gives the same value for the same (seed, schema, case) and another for another case", () => {
    const arbitrary = fc.array(fc.integer(), { minLength: 5, maxLength: 5 });
    const draw = (k: number) => arbitrary.generate(randomForCase(caseSeed(42, "fitness/log_meal", k)), biasFactorFor(k)).value;
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
  });

  it("separates schemas and run seeds", () => {
    expect(caseSeed(1, "a", 0)).not.toBe(caseSeed(1, "b", 0));
    expect(caseSeed(1, "a", 0)).not.toBe(caseSeed(2, "a", 0));
    expect(hashText("x")).toBe(hashText("x"));
  });

  it("spreads draws over the whole range", () => {
    const random = randomForCase(1);
    const draws = Array.from({ length: 2000 }, () => random.nextInt(0, 9));
    for (let digit = 0; digit <= 9; digit++) expect(draws.filter((draw) => draw === digit).length).toBeGreaterThan(120);
  });

  it("draws what xoshiro128** over a Uint32Array state draws (every seed's case stream is unchanged)", () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1, max: 300 }), (seed, count) => {
        const random = randomForCase(seed);
        const reference = referenceXoshiro(seed);
        for (let draw = 0; draw < count; draw++) expect(random.nextInt(-(2 ** 31), 2 ** 31 - 1)).toBe(reference.nextInt());
      }),
      { numRuns: 200 },
    );
  });

  it("keeps a clone independent of its source, both ways", () => {
    const random = randomForCase(5);
    random.nextInt(0, 100);
    const copy = random.clone();
    const fromCopy = Array.from({ length: 20 }, () => copy.nextInt(0, 1000));
    const fromSource = Array.from({ length: 20 }, () => random.nextInt(0, 1000));
    expect(fromSource).toEqual(fromCopy);
    const again = copy.clone();
    copy.nextInt(0, 1000);
    expect(again.nextInt(0, 1000)).toBe(random.clone().nextInt(0, 1000));
  });

  it("biases early cases more than late ones, as fast-check does", () => {
    expect(biasFactorFor(0)).toBe(2);
    expect(biasFactorFor(10_000)).toBe(6);
  });
});

/** The generator as first written (a Uint32Array state), fed through the same uniform draw over the full int32 range. */
function referenceXoshiro(seed: number): { nextInt(): number } {
  const state = new Uint32Array(4);
  let mix = seed >>> 0;
  for (let word = 0; word < 4; word++) {
    mix = (mix + 0x9e3779b9) >>> 0;
    state[word] = finalizeHash(mix) || 1;
  }
  const rotl = (value: number, bits: number) => (value << bits) | (value >>> (32 - bits));
  const next = (): number => {
    const result = Math.imul(rotl(Math.imul(state[1]!, 5), 7), 9);
    const shifted = state[1]! << 9;
    state[2]! ^= state[0]!;
    state[3]! ^= state[1]!;
    state[1]! ^= state[2]!;
    state[0]! ^= state[3]!;
    state[2]! ^= shifted;
    state[3] = rotl(state[3]!, 11);
    return result | 0;
  };
  // A full-range nextInt is one draw, shifted: fast-check's uniform draw over 2^32 values.
  return { nextInt: () => next() };
}
