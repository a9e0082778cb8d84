// fast-check's constantFrom, boolean and integer with a bare sampler: generate and shrink are
// fast-check's own (so shrink contexts and replay paths do not change), while sampleBare makes the
// very draws generate makes, in the same order, without the fc.Value it wraps each one in. These
// are the leaves of most valid values (enum members, booleans, nulls, picks), drawn millions of
// times in a fuzz run.
import fc from "fast-check";
import type { BareSampler } from "./bare-sample.js";

type Draw<T> = (random: fc.Random, biasFactor: number | undefined) => T;

class BareBuiltin<T> extends fc.Arbitrary<T> implements BareSampler<T> {
  constructor(
    private readonly full: fc.Arbitrary<T>,
    private readonly draw: Draw<T>,
  ) {
    super();
  }

  generate(random: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    return this.full.generate(random, biasFactor);
  }

  sampleBare(random: fc.Random, biasFactor: number | undefined): T {
    return this.draw(random, biasFactor);
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return this.full.canShrinkWithoutContext(value);
  }

  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    return this.full.shrink(value, context);
  }
}

/** fc.constantFrom(...values): one value (the same instance every time), picked by one draw when there are several. */
export function bareConstantFrom<T>(values: readonly T[]): fc.Arbitrary<T> {
  const full = fc.constantFrom(...values);
  const only = values[0]!;
  const last = values.length - 1;
  return new BareBuiltin(full, last === 0 ? () => only : (random) => values[random.nextInt(0, last)]!);
}

/** fc.boolean(): an unbiased draw of 0 or 1. */
export function bareBoolean(): fc.Arbitrary<boolean> {
  return new BareBuiltin(fc.boolean(), (random) => random.nextInt(0, 1) === 1);
}

interface IntegerRange {
  readonly min: number;
  readonly max: number;
}

/**
 * The ranges fast-check's integer arbitrary biases towards (around zero and the bounds), read from
 * the arbitrary itself so the bias is fast-check's exactly; undefined if this fast-check keeps them
 * elsewhere (the bare sampler then falls back to generate).
 */
function biasRangesOf(arbitrary: fc.Arbitrary<number>): readonly IntegerRange[] | undefined {
  const ranges = (arbitrary as unknown as { ranges?: unknown }).ranges;
  return Array.isArray(ranges) && ranges.length > 0 && ranges.every((range: IntegerRange) => Number.isInteger(range?.min) && Number.isInteger(range?.max)) ? ranges : undefined;
}

/** fc.integer({ min, max }): one draw in range, or (one time in biasFactor) a draw in one of fast-check's biased ranges. */
export function bareInteger(min: number, max: number): fc.Arbitrary<number> {
  const full = fc.integer({ min, max });
  const ranges = biasRangesOf(full);
  if (!ranges) return new BareBuiltin(full, (random, biasFactor) => full.generate(random, biasFactor).value_);
  const first = ranges[0]!;
  const lowestId = -2 * (ranges.length - 1);
  const highestId = ranges.length - 2;
  return new BareBuiltin(full, (random, biasFactor) => {
    if (biasFactor === undefined || random.nextInt(1, biasFactor) !== 1) return random.nextInt(min, max);
    if (ranges.length === 1) return random.nextInt(first.min, first.max);
    // fast-check draws the range with the first (around zero) weighted as all the others together.
    const id = random.nextInt(lowestId, highestId);
    const range = id < 0 ? first : ranges[id + 1]!;
    return random.nextInt(range.min, range.max);
  });
}

/** fc.nat({ max }) is fc.integer({ min: 0, max }). */
export function bareNat(max = 0x7fffffff): fc.Arbitrary<number> {
  return bareInteger(0, max);
}
