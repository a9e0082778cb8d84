// The hot loop's direct sampler: a value from the same draws as arbitrary.generate, without the
// fc.Value wrappers and shrink contexts that generate builds at every level of a compiled schema.
// Our own arbitraries implement sampleBare; fast-check's own ones fall back to generate. Because the
// draws are the same, generate with the same random source rebuilds the very value with its shrink
// context, so shrinking and replay paths need only the seed.
import fc from "fast-check";

export interface BareSampler<T> {
  sampleBare(random: fc.Random, biasFactor: number | undefined): T;
}

/** arbitrary.generate(random, biasFactor).value_, drawn the same way but cheaper where it can be. */
export function sampleBare<T>(arbitrary: fc.Arbitrary<T>, random: fc.Random, biasFactor: number | undefined): T {
  // One (megamorphic) property load per dispatch instead of two: this runs for every node of every value.
  const sampler = (arbitrary as Partial<BareSampler<T>>).sampleBare;
  return typeof sampler === "function" ? sampler.call(arbitrary, random, biasFactor) : arbitrary.generate(random, biasFactor).value_;
}

/** arbitrary.map(render) that can sample bare: the same values and the same shrink candidates in the same order. */
class MappedArbitrary<T, U> extends fc.Arbitrary<U> implements BareSampler<U> {
  constructor(
    private readonly inner: fc.Arbitrary<T>,
    private readonly render: (value: T) => U,
  ) {
    super();
  }

  generate(random: fc.Random, biasFactor: number | undefined): fc.Value<U> {
    const drawn = this.inner.generate(random, biasFactor);
    return new fc.Value(this.render(drawn.value_), drawn);
  }

  sampleBare(random: fc.Random, biasFactor: number | undefined): U {
    return this.render(sampleBare(this.inner, random, biasFactor));
  }

  canShrinkWithoutContext(value: unknown): value is U {
    return false;
  }

  shrink(_value: U, context: unknown): fc.Stream<fc.Value<U>> {
    if (context === undefined) return fc.Stream.nil();
    const drawn = context as fc.Value<T>;
    return this.inner.shrink(drawn.value_, drawn.context).map((smaller) => new fc.Value(this.render(smaller.value_), smaller));
  }
}

export function mapBare<T, U>(arbitrary: fc.Arbitrary<T>, render: (value: T) => U): fc.Arbitrary<U> {
  return new MappedArbitrary(arbitrary, render);
}
