// Leaf arbitraries drawn straight from fast-check's random source: one object per value instead of
// a tree of tuple/map/constant arbitraries, which is where generation time went. Each still
// shrinks (towards small, plain values), so counterexamples stay readable.
import fc from "fast-check";
import { sampleBare, type BareSampler } from "./bare-sample.js";

/** A value rendered from a drawn state; shrinking proposes smaller states. The state is the Value's context. */
export class DrawArbitrary<S, T> extends fc.Arbitrary<T> implements BareSampler<T> {
  constructor(
    private readonly draw: (random: fc.Random, biased: boolean) => S,
    private readonly render: (state: S) => T,
    private readonly smaller: (state: S) => readonly S[],
  ) {
    super();
  }

  generate(random: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    const biased = biasFactor !== undefined && random.nextInt(1, biasFactor) === 1;
    const state = this.draw(random, biased);
    return new fc.Value(this.render(state), state);
  }

  sampleBare(random: fc.Random, biasFactor: number | undefined): T {
    const biased = biasFactor !== undefined && random.nextInt(1, biasFactor) === 1;
    return this.render(this.draw(random, biased));
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return false;
  }

  shrink(_value: T, context: unknown): fc.Stream<fc.Value<T>> {
    if (context === undefined) return fc.Stream.nil();
    const candidates = this.smaller(context as S);
    return fc.Stream.of(...candidates.map((state) => new fc.Value(this.render(state), state)));
  }
}

/** Small uniform choices cut from one 30-bit draw (mixed radix): a random call costs more than the arithmetic. */
export interface Digits {
  /** A number in [0, n). */
  below(n: number): number;
}

export function digitsFrom(random: fc.Random): Digits {
  let value = 0;
  let range = 1;
  return {
    below(n) {
      if (n <= 1) return 0;
      // Refilling while plenty of range is left keeps the modulo bias under 1/64.
      if (range < n * 64) {
        value = random.nextInt(0, 0x3fffffff);
        range = 0x40000000;
      }
      const digit = value % n;
      value = (value - digit) / n;
      range = Math.floor(range / n);
      return digit;
    },
  };
}

export const between = (digits: Digits, min: number, max: number): number => min + digits.below(max - min + 1);
export const pick = <T>(digits: Digits, items: ArrayLike<T>): T => items[digits.below(items.length)]!;

/** A drawn string that shrinks to one canonical example. */
export function drawnText(draw: (digits: Digits) => string, canonical: string): fc.Arbitrary<string> {
  return new DrawArbitrary((random) => draw(digitsFrom(random)), (text: string) => text, (text) => (text === canonical ? [] : [canonical]));
}

/** Integers between min and max (inclusive, safe integers); biased draws favour 0, the bounds and small values. */
export function drawInteger(random: fc.Random, min: number, max: number, biased: boolean): number {
  if (!biased || min === max) return random.nextInt(min, max);
  const target = Math.min(Math.max(0, min), max);
  const near = (from: number) => Math.min(max, Math.max(min, from + random.nextInt(-8, 8)));
  const choices = [min, max, target, near(target), near(min), near(max)];
  return choices[random.nextInt(0, choices.length - 1)]!;
}

export function smallerIntegers(value: number, min: number, max: number): number[] {
  const target = Math.min(Math.max(0, min), max);
  if (value === target) return [];
  const half = target + Math.trunc((value - target) / 2);
  const step = value > target ? value - 1 : value + 1;
  return [...new Set([target, half, step])].filter((v) => v !== value);
}

export function integerArbitrary(min: number, max: number): fc.Arbitrary<number> {
  return new DrawArbitrary(
    (random, biased) => drawInteger(random, min, max, biased),
    (n: number) => n,
    (n) => smallerIntegers(n, min, max),
  );
}

/** Strings of minLength..maxLength units drawn from a pool of single code points. */
export function codePointStringArbitrary(pool: readonly string[], minLength: number, maxLength: number): fc.Arbitrary<string> {
  const draw = (random: fc.Random, biased: boolean): string[] => {
    const length = biased ? minLength + random.nextInt(0, Math.min(1, maxLength - minLength)) : random.nextInt(minLength, maxLength);
    const digits = digitsFrom(random);
    const units: string[] = [];
    for (let i = 0; i < length; i++) units.push(pool[digits.below(pool.length)]!);
    return units;
  };
  const smaller = (units: string[]): string[][] => {
    const candidates: string[][] = [];
    if (units.length > minLength) candidates.push(units.slice(0, minLength), units.slice(0, -1));
    const notPlain = units.findIndex((unit) => unit !== pool[0]);
    if (notPlain >= 0) candidates.push(units.map((unit, i) => (i === notPlain ? pool[0]! : unit)));
    return candidates;
  };
  return new DrawArbitrary(draw, (units) => units.join(""), smaller);
}

/** Marks an optional property left out. */
export const ABSENT: unique symbol = Symbol("absent");

/** The inner arbitrary's value half the time, ABSENT otherwise; shrinks towards ABSENT. Cheaper than fc.option. */
class OptionalArbitrary<T> extends fc.Arbitrary<T | typeof ABSENT> implements BareSampler<T | typeof ABSENT> {
  constructor(private readonly inner: fc.Arbitrary<T>) {
    super();
  }

  generate(random: fc.Random, biasFactor: number | undefined): fc.Value<T | typeof ABSENT> {
    if (random.nextInt(0, 1) === 0) return new fc.Value(ABSENT, undefined);
    const drawn = this.inner.generate(random, biasFactor);
    return new fc.Value(drawn.value_, drawn);
  }

  sampleBare(random: fc.Random, biasFactor: number | undefined): T | typeof ABSENT {
    return random.nextInt(0, 1) === 0 ? ABSENT : sampleBare(this.inner, random, biasFactor);
  }

  canShrinkWithoutContext(value: unknown): value is T | typeof ABSENT {
    return value === ABSENT;
  }

  shrink(value: T | typeof ABSENT, context: unknown): fc.Stream<fc.Value<T | typeof ABSENT>> {
    if (value === ABSENT || context === undefined) return fc.Stream.nil();
    const drawn = context as fc.Value<T>;
    const absent = fc.Stream.of<fc.Value<T | typeof ABSENT>>(new fc.Value(ABSENT, undefined));
    return absent.join(this.inner.shrink(value, drawn.context).map((smaller) => new fc.Value<T | typeof ABSENT>(smaller.value_, smaller)));
  }
}

export function optionalArbitrary<T>(inner: fc.Arbitrary<T>): fc.Arbitrary<T | typeof ABSENT> {
  return new OptionalArbitrary(inner);
}

interface ChoiceContext {
  readonly index: number;
  readonly inner: unknown;
}

/** One of several arbitraries by weight; shrinks within the chosen one. A lighter fc.oneof. */
class ChoiceArbitrary<T> extends fc.Arbitrary<T> implements BareSampler<T> {
  private readonly total: number;

  constructor(
    private readonly choices: readonly fc.Arbitrary<T>[],
    private readonly weights: readonly number[],
  ) {
    super();
    this.total = weights.reduce((sum, weight) => sum + weight, 0);
  }

  generate(random: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    const index = this.pickIndex(random);
    const drawn = this.choices[index]!.generate(random, biasFactor);
    return new fc.Value(drawn.value_, { index, inner: drawn.context } satisfies ChoiceContext);
  }

  sampleBare(random: fc.Random, biasFactor: number | undefined): T {
    return sampleBare(this.choices[this.pickIndex(random)]!, random, biasFactor);
  }

  private pickIndex(random: fc.Random): number {
    let ticket = random.nextInt(0, this.total - 1);
    let index = 0;
    while (ticket >= this.weights[index]!) ticket -= this.weights[index++]!;
    return index;
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return false;
  }

  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    if (context === undefined) return fc.Stream.nil();
    const { index, inner } = context as ChoiceContext;
    return this.choices[index]!.shrink(value, inner).map((smaller) => new fc.Value(smaller.value_, { index, inner: smaller.context } satisfies ChoiceContext));
  }
}

export function weightedChoice<T>(choices: readonly { arbitrary: fc.Arbitrary<T>; weight: number }[]): fc.Arbitrary<T> {
  if (choices.length === 1) return choices[0]!.arbitrary;
  return new ChoiceArbitrary(
    choices.map((choice) => choice.arbitrary),
    choices.map((choice) => choice.weight),
  );
}

export function choice<T>(arbitraries: readonly fc.Arbitrary<T>[]): fc.Arbitrary<T> {
  return weightedChoice(arbitraries.map((arbitrary) => ({ arbitrary, weight: 1 })));
}
