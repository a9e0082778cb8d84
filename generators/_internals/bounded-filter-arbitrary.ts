// fast-check's own filter retries forever; generation here must stay fast and finite, so a filter
// gives up after a bounded number of rejected draws and says where, and counts what it rejected.
import fc from "fast-check";
import { sampleBare, type BareSampler } from "./bare-sample.js";

export interface FilterStats {
  accepted: number;
  rejected: number;
  /** Rejected draws per filter site ("oneOf branch 0 alone", "not"...). */
  rejectedBy: Record<string, number>;
}

/** A filtered choice that kept rejecting: the schema part is (nearly) unsatisfiable for the generator. */
export class GenerationExhaustedError extends Error {
  override readonly name = "GenerationExhaustedError";
  constructor(
    readonly where: string,
    readonly attempts: number,
  ) {
    super(`no value satisfied ${where} after ${attempts} draws`);
  }
}

/** Returned instead of throwing by filters built with skipWhenExhausted. */
export const SKIPPED: unique symbol = Symbol("skipped");

class BoundedFilterArbitrary<T> extends fc.Arbitrary<T> implements BareSampler<T> {
  constructor(
    private readonly source: fc.Arbitrary<T>,
    private readonly accept: (value: T) => boolean,
    private readonly maxRejections: number,
    private readonly where: string,
    private readonly stats: FilterStats,
    private readonly skipWhenExhausted: boolean,
  ) {
    super();
  }

  generate(random: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    for (let attempt = 0; attempt <= this.maxRejections; attempt++) {
      const candidate = this.source.generate(random, biasFactor);
      if (this.accepted(candidate.value_)) return candidate;
    }
    if (this.skipWhenExhausted) return new fc.Value(SKIPPED as T, undefined);
    throw new GenerationExhaustedError(this.where, this.maxRejections + 1);
  }

  sampleBare(random: fc.Random, biasFactor: number | undefined): T {
    for (let attempt = 0; attempt <= this.maxRejections; attempt++) {
      const candidate = sampleBare(this.source, random, biasFactor);
      if (this.accepted(candidate)) return candidate;
    }
    if (this.skipWhenExhausted) return SKIPPED as T;
    throw new GenerationExhaustedError(this.where, this.maxRejections + 1);
  }

  /** The filter, with its counts. */
  private accepted(candidate: T): boolean {
    if (this.accept(candidate)) {
      this.stats.accepted++;
      return true;
    }
    this.stats.rejected++;
    this.stats.rejectedBy[this.where] = (this.stats.rejectedBy[this.where] ?? 0) + 1;
    return false;
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return this.source.canShrinkWithoutContext(value) && this.accept(value);
  }

  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    if ((value as unknown) === SKIPPED) return fc.Stream.nil();
    return this.source.shrink(value, context).filter((candidate) => this.accept(candidate.value_));
  }
}

export interface BoundedFilterOptions {
  readonly maxRejections: number;
  readonly where: string;
  readonly stats: FilterStats;
  /** Give SKIPPED instead of throwing, for optional parts (an array item that may be left out). */
  readonly skipWhenExhausted?: boolean;
}

export function boundedFilter<T>(source: fc.Arbitrary<T>, accept: (value: T) => boolean, options: BoundedFilterOptions): fc.Arbitrary<T> {
  return new BoundedFilterArbitrary(source, accept, options.maxRejections, options.where, options.stats, options.skipWhenExhausted === true);
}
