// fc.array that can sample bare: generate and shrink are fast-check's own array's, while sampleBare
// runs the same array over an adapter that samples each item bare. fast-check's array asks its item
// arbitrary for exactly one generate per item, and an item's sampleBare makes the same draws as its
// generate, so both give the same value; only the item contexts (needed to shrink) are skipped.
import fc from "fast-check";
import { sampleBare, type BareSampler } from "./bare-sample.js";

/** An item drawn bare, in a Value without context (never shrunk: only the bare array uses it). */
class BareItem<T> extends fc.Arbitrary<T> {
  constructor(private readonly inner: fc.Arbitrary<T>) {
    super();
  }

  generate(random: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    return new fc.Value(sampleBare(this.inner, random, biasFactor), undefined);
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return false;
  }

  shrink(): fc.Stream<fc.Value<T>> {
    return fc.Stream.nil();
  }
}

class BareArray<T> extends fc.Arbitrary<T[]> implements BareSampler<T[]> {
  private readonly full: fc.Arbitrary<T[]>;
  private readonly bare: fc.Arbitrary<T[]>;

  constructor(item: fc.Arbitrary<T>, constraints: fc.ArrayConstraints) {
    super();
    this.full = fc.array(item, constraints);
    this.bare = fc.array(new BareItem(item), constraints);
  }

  generate(random: fc.Random, biasFactor: number | undefined): fc.Value<T[]> {
    return this.full.generate(random, biasFactor);
  }

  sampleBare(random: fc.Random, biasFactor: number | undefined): T[] {
    return this.bare.generate(random, biasFactor).value_;
  }

  canShrinkWithoutContext(value: unknown): value is T[] {
    return this.full.canShrinkWithoutContext(value);
  }

  shrink(value: T[], context: unknown): fc.Stream<fc.Value<T[]>> {
    return this.full.shrink(value, context);
  }
}

export function bareArray<T>(item: fc.Arbitrary<T>, constraints: fc.ArrayConstraints): fc.Arbitrary<T[]> {
  return new BareArray(item, constraints);
}
