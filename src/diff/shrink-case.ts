// fast-check's shrinking, driven step by step so that the path taken is known: at each step the
// first shrink candidate that still fails the same way is kept, and its index is appended to the
// path. `k:i1:i2…` then replays the minimal case exactly (fast-check's own seed+path style).
import type * as fc from "fast-check";

export interface ShrinkOptions<T> {
  /** Does this candidate still show the same failure? */
  readonly stillFails: (value: T) => boolean;
  /** Called before each attempt, with the accepted path and the index being tried (for the heartbeat). */
  readonly onAttempt?: (acceptedPath: readonly number[], candidateIndex: number) => void;
  /** Cap on attempts, so a shrinker that never converges cannot stall a run. */
  readonly maxAttempts?: number;
}

export interface ShrinkResult<T> {
  readonly value: fc.Value<T>;
  readonly path: readonly number[];
  readonly attempts: number;
}

export function shrinkCase<T>(arbitrary: fc.Arbitrary<T>, start: fc.Value<T>, options: ShrinkOptions<T>): ShrinkResult<T> {
  const maxAttempts = options.maxAttempts ?? 500;
  const path: number[] = [];
  let current = start;
  let attempts = 0;
  let improved = true;
  while (improved && attempts < maxAttempts) {
    improved = false;
    let candidateIndex = 0;
    for (const candidate of arbitrary.shrink(current.value_, current.context)) {
      if (attempts++ >= maxAttempts) break;
      options.onAttempt?.(path, candidateIndex);
      if (options.stillFails(candidate.value_)) {
        current = candidate;
        path.push(candidateIndex);
        improved = true;
        break;
      }
      candidateIndex++;
    }
  }
  return { value: current, path, attempts };
}

/** Follows a recorded shrink path from the generated value; null when the path no longer exists. */
export function followShrinkPath<T>(arbitrary: fc.Arbitrary<T>, start: fc.Value<T>, path: readonly number[]): fc.Value<T> | null {
  let current = start;
  for (const wanted of path) {
    let candidateIndex = 0;
    let next: fc.Value<T> | null = null;
    for (const candidate of arbitrary.shrink(current.value_, current.context)) {
      if (candidateIndex++ === wanted) {
        next = candidate;
        break;
      }
    }
    if (!next) return null;
    current = next;
  }
  return current;
}
