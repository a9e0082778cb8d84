// The bare samplers of fast-check's constantFrom, boolean, integer and array make the very draws
// generate makes: the same values, and the random source left in the same state (so every later
// draw of a case, and so the whole case stream, stays what it was).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { randomForCase } from "../../src/diff/case-random.js";
import { bareArray } from "./bare-array.js";
import { sampleBare } from "./bare-sample.js";
import { bareBoolean, bareConstantFrom, bareInteger, bareNat } from "./bare-builtins.js";

/** For many seeds and bias factors: bare and generate from equal random sources give one value and leave equal sources. */
function expectSameDraws<T>(ours: fc.Arbitrary<T>, theirs: fc.Arbitrary<T>): void {
  fc.assert(
    fc.property(fc.nat(), fc.option(fc.integer({ min: 2, max: 8 }), { nil: undefined }), (seed, biasFactor) => {
      const bareRandom = randomForCase(seed);
      const fullRandom = randomForCase(seed);
      const bare = sampleBare(ours, bareRandom, biasFactor);
      const full = theirs.generate(fullRandom, biasFactor).value;
      expect(bare).toEqual(full);
      expect(bareRandom.nextInt(0, 0x7fffffff)).toBe(fullRandom.nextInt(0, 0x7fffffff));
    }),
    { numRuns: 300 },
  );
}

describe("bare built-ins", () => {
  it("constantFrom: one value picked as fast-check picks it, the same instance for a single one", () => {
    expectSameDraws(bareConstantFrom(["a", "b", "c", 4, null]), fc.constantFrom<unknown>("a", "b", "c", 4, null));
    const only: unknown[] = [];
    expect(sampleBare(bareConstantFrom([only]), randomForCase(1), 2)).toBe(only);
  });

  it("boolean", () => {
    expectSameDraws(bareBoolean(), fc.boolean());
  });

  it("integer and nat, biased draws included", () => {
    expectSameDraws(bareInteger(-50, 1000), fc.integer({ min: -50, max: 1000 }));
    expectSameDraws(bareInteger(3, 3), fc.integer({ min: 3, max: 3 }));
    expectSameDraws(bareNat(), fc.nat());
    expectSameDraws(bareNat(6), fc.nat({ max: 6 }));
  });

  it("array: lengths drawn as fast-check's array draws them, items bare", () => {
    expectSameDraws(bareArray(bareInteger(0, 9), { maxLength: 12 }), fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 12 }));
    expectSameDraws(bareArray(bareBoolean(), { minLength: 4, maxLength: 4 }), fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }));
    expectSameDraws(bareArray(bareConstantFrom(["x", "y"]), { minLength: 2 }), fc.array(fc.constantFrom("x", "y"), { minLength: 2 }));
  });

  it("shrinks as fast-check's own: generate and shrink are theirs", () => {
    const ours = bareInteger(0, 1000).generate(randomForCase(7), undefined);
    const theirs = fc.integer({ min: 0, max: 1000 }).generate(randomForCase(7), undefined);
    const firstShrinks = (arbitrary: fc.Arbitrary<number>, drawn: fc.Value<number>) => [...arbitrary.shrink(drawn.value, drawn.context).take(10)].map((v) => v.value);
    expect(ours.value).toBe(theirs.value);
    expect(firstShrinks(bareInteger(0, 1000), ours)).toEqual(firstShrinks(fc.integer({ min: 0, max: 1000 }), theirs));
  });
});
