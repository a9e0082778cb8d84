// fc.tuple(...parts).map(build) in one arbitrary: the same draws in the same order and the same shrink
// candidates in the same order (so replay paths do not change), without the intermediate tuple
// values and contexts that made object generation slow.
import fc from "fast-check";
import { sampleBare, type BareSampler } from "./bare-sample.js";

interface SlotsContext {
  readonly values: readonly unknown[];
  readonly contexts: readonly unknown[];
}

class SlotsArbitrary<T> extends fc.Arbitrary<T> implements BareSampler<T> {
  constructor(
    private readonly parts: readonly fc.Arbitrary<unknown>[],
    private readonly build: (values: readonly unknown[]) => T,
  ) {
    super();
  }

  generate(random: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    const values: unknown[] = [];
    const contexts: unknown[] = [];
    for (const part of this.parts) {
      const drawn = part.generate(random, biasFactor);
      values.push(drawn.value);
      contexts.push(drawn.context);
    }
    return this.valueFrom(values, contexts);
  }

  sampleBare(random: fc.Random, biasFactor: number | undefined): T {
    const values: unknown[] = [];
    for (const part of this.parts) values.push(sampleBare(part, random, biasFactor));
    return this.build(values);
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return false;
  }

  /** Part 0's candidates first, then part 1's..., each with the other parts as they are (fc.tuple's order). */
  shrink(_value: T, context: unknown): fc.Stream<fc.Value<T>> {
    if (context === undefined) return fc.Stream.nil();
    const { values, contexts } = context as SlotsContext;
    const byPart = this.parts.map((part, index) =>
      lazyStream(() =>
        part.shrink(values[index], contexts[index]).map((smaller) => this.valueFrom(replaced(values, index, smaller.value), replaced(contexts, index, smaller.context))),
      ),
    );
    return fc.Stream.nil<fc.Value<T>>().join(...byPart);
  }

  private valueFrom(values: readonly unknown[], contexts: readonly unknown[]): fc.Value<T> {
    return new fc.Value(this.build(values), { values, contexts } satisfies SlotsContext);
  }
}

function replaced(items: readonly unknown[], index: number, item: unknown): unknown[] {
  const copy = [...items];
  copy[index] = item;
  return copy;
}

/** A stream built only when first read: later parts' shrinkers run only if earlier ones are exhausted. */
function lazyStream<T>(make: () => fc.Stream<T>): IterableIterator<T> {
  let stream: fc.Stream<T> | undefined;
  return {
    next: () => (stream ??= make()).next(),
    [Symbol.iterator]() {
      return this;
    },
  };
}

export function slotsArbitrary<T>(parts: readonly fc.Arbitrary<unknown>[], build: (values: readonly unknown[]) => T): fc.Arbitrary<T> {
  return new SlotsArbitrary(parts, build);
}
