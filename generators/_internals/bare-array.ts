// fc.array that can sample bare: generate and shrink are fast-check's own array's, while sampleBare
// draws the length as fast-check's array does (the same draws in the same order, from the lengths
// it computed), then samples each item bare. fast-check's array asks its item arbitrary for exactly
// one generate per item, and an item's sampleBare makes the same draws as its generate, so both give
// the same value; only the item contexts (needed to shrink) and the fc.Value wrappers are skipped.
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

/** The lengths fast-check's array draws between, as it computed them from the constraints and its size settings. */
interface DrawnLengths {
  readonly minLength: number;
  readonly maxGeneratedLength: number;
  readonly cachedBiasedMaxLength: number;
}

/**
 * Read from fast-check's array itself, so the lengths are fast-check's exactly; undefined when it
 * draws another way (unique items, custom slices) or keeps them elsewhere: the bare sampler then
 * runs fast-check's array over bare items.
 */
function drawnLengthsOf(array: fc.Arbitrary<unknown>): DrawnLengths | undefined {
  const fields = array as unknown as Partial<DrawnLengths> & { setBuilder?: unknown; customSlices?: unknown };
  const { minLength, maxGeneratedLength, cachedBiasedMaxLength } = fields;
  if (!Number.isInteger(minLength) || !Number.isInteger(maxGeneratedLength) || !Number.isInteger(cachedBiasedMaxLength)) return undefined;
  if (fields.setBuilder !== undefined || !Array.isArray(fields.customSlices) || fields.customSlices.length > 0) return undefined;
  return { minLength: minLength!, maxGeneratedLength: maxGeneratedLength!, cachedBiasedMaxLength: cachedBiasedMaxLength! };
}

class BareArray<T> extends fc.Arbitrary<T[]> implements BareSampler<T[]> {
  private readonly full: fc.Arbitrary<T[]>;
  private readonly bare: fc.Arbitrary<T[]>;
  private readonly lengths: DrawnLengths | undefined;

  constructor(
    private readonly item: fc.Arbitrary<T>,
    constraints: fc.ArrayConstraints,
  ) {
    super();
    this.full = fc.array(item, constraints);
    this.bare = fc.array(new BareItem(item), constraints);
    this.lengths = drawnLengthsOf(this.bare);
  }

  generate(random: fc.Random, biasFactor: number | undefined): fc.Value<T[]> {
    return this.full.generate(random, biasFactor);
  }

  sampleBare(random: fc.Random, biasFactor: number | undefined): T[] {
    const { lengths, item } = this;
    if (!lengths) return this.bare.generate(random, biasFactor).value_;
    const { minLength, maxGeneratedLength } = lengths;
    // fast-check's array: unbiased, the length alone; biased, sometimes biased items, sometimes a short biased length too.
    let length: number;
    let itemBias: number | undefined;
    if (biasFactor === undefined) length = random.nextInt(minLength, maxGeneratedLength);
    else if (minLength === maxGeneratedLength) {
      length = random.nextInt(minLength, maxGeneratedLength);
      itemBias = biasFactor;
    } else if (random.nextInt(1, biasFactor) !== 1) length = random.nextInt(minLength, maxGeneratedLength);
    else if (random.nextInt(1, biasFactor) !== 1) {
      length = random.nextInt(minLength, maxGeneratedLength);
      itemBias = biasFactor;
    } else {
      length = random.nextInt(minLength, lengths.cachedBiasedMaxLength);
      itemBias = biasFactor;
    }
    const items: T[] = [];
    for (let index = 0; index < length; index++) items.push(sampleBare(item, random, itemBias));
    return items;
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
