// bareArray samples bare what fast-check's array generates: same draws, same values, same shrinks.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bareSamples } from "../test-support/laws.js";
import { validValue } from "../valid-value.js";
import { bareArray } from "./bare-array.js";

describe("bareArray", () => {
  it("samples bare the values fc.array generates, items that are objects included", () => {
    const item = validValue({ type: "object", properties: { a: { type: "integer" }, b: { type: "string", maxLength: 3 } }, required: ["a"] });
    const constraints = { minLength: 1, maxLength: 6 };
    const bare = bareSamples(bareArray(item, constraints), { seed: 3, numRuns: 200 });
    expect(bare).toEqual(fc.sample(fc.array(item, constraints), { seed: 3, numRuns: 200 }));
    expect(new Set(bare.map((items) => items.length)).size).toBeGreaterThan(3);
  });

  it("shrinks as fc.array does: generate and shrink are fast-check's own", () => {
    const constraints = { maxLength: 5 };
    const [ours] = fc.sample(new Drawn(bareArray(fc.integer({ min: 0, max: 100 }), constraints)), { seed: 9, numRuns: 1 });
    const [theirs] = fc.sample(new Drawn(fc.array(fc.integer({ min: 0, max: 100 }), constraints)), { seed: 9, numRuns: 1 });
    const firstShrinks = ({ arbitrary, drawn }: { arbitrary: fc.Arbitrary<number[]>; drawn: fc.Value<number[]> }) => [...arbitrary.shrink(drawn.value, drawn.context).take(20)].map((v) => v.value);
    expect(ours!.drawn.value).toEqual(theirs!.drawn.value);
    expect(firstShrinks(ours!)).toEqual(firstShrinks(theirs!));
  });
});

/** The drawn Value itself (with its shrink context), for comparing shrinkers. */
class Drawn<T> extends fc.Arbitrary<{ arbitrary: fc.Arbitrary<T>; drawn: fc.Value<T> }> {
  constructor(private readonly arbitrary: fc.Arbitrary<T>) {
    super();
  }
  generate(random: fc.Random, biasFactor: number | undefined) {
    return new fc.Value({ arbitrary: this.arbitrary, drawn: this.arbitrary.generate(random, biasFactor) }, undefined);
  }
  canShrinkWithoutContext(value: unknown): value is { arbitrary: fc.Arbitrary<T>; drawn: fc.Value<T> } {
    return false;
  }
  shrink() {
    return fc.Stream.nil<fc.Value<{ arbitrary: fc.Arbitrary<T>; drawn: fc.Value<T> }>>();
  }
}
