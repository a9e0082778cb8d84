// Reusable laws every generator answers to, in the fast-check style: same seed gives the same
// values; values are valid for their schema; shrinking keeps what made a property fail.
import fc from "fast-check";
import { expect } from "vitest";
import { sampleBare } from "../_internals/bare-sample.js";
import { canonicalJson } from "../_internals/canonical-json.js";
import type { Judgement } from "./reference-judge.js";

/** Two samples drawn with one seed are the same values (JSON-equal, key order included). */
export function expectSameSeedSameValues<T>(arbitrary: fc.Arbitrary<T>, seed: number, numRuns = 20): void {
  const first = fc.sample(arbitrary, { seed, numRuns });
  const second = fc.sample(arbitrary, { seed, numRuns });
  expect(second.map((v) => JSON.stringify(v))).toEqual(first.map((v) => JSON.stringify(v)));
}

/** Draws both ways from one random state each time: the bare sample first, then generate's value from a copy. */
class BothWaysArbitrary<T> extends fc.Arbitrary<readonly [T, T]> {
  constructor(private readonly inner: fc.Arbitrary<T>) {
    super();
  }

  generate(random: fc.Random, biasFactor: number | undefined): fc.Value<readonly [T, T]> {
    const copy = random.clone();
    const bare = sampleBare(this.inner, random, biasFactor);
    return new fc.Value([bare, this.inner.generate(copy, biasFactor).value_] as const, undefined);
  }

  canShrinkWithoutContext(value: unknown): value is readonly [T, T] {
    return false;
  }

  shrink(): fc.Stream<fc.Value<readonly [T, T]>> {
    return fc.Stream.nil();
  }
}

/**
 * The hot loop's bare samples (the direct sampler), after checking each is the value generate
 * draws from the same random state: shrinking and replay rebuild a case through generate.
 */
export function bareSamples<T>(arbitrary: fc.Arbitrary<T>, options: { seed: number; numRuns: number }): T[] {
  return fc.sample(new BothWaysArbitrary(arbitrary), options).map(([bare, generated]) => {
    expect(JSON.stringify(bare)).toBe(JSON.stringify(generated));
    return bare;
  });
}

export interface ValidityTally {
  values: number;
  /** Values plain Ajv rejects on a known divergence the spec checker overrules. */
  divergent: number;
  /** Values lite could not judge because it refuses the schema. */
  liteUnsupported: number;
}

/**
 * Every value is valid: per the spec checker, per Ajv unless a known Ajv divergence explains the
 * rejection, and per lite when lite takes the schema. Failures name the value and the errors.
 */
export function expectAllValid(values: readonly unknown[], judge: (value: unknown) => Judgement, label: string): ValidityTally {
  const tally: ValidityTally = { values: values.length, divergent: 0, liteUnsupported: 0 };
  for (const value of values) {
    const verdict = judge(value);
    const context = `${label}: ${JSON.stringify(value)?.slice(0, 400)} — ajv errors ${JSON.stringify(verdict.ajvErrors).slice(0, 400)}`;
    expect(verdict.spec, context).toBe(true);
    expect(verdict.ajv || verdict.divergence !== undefined, context).toBe(true);
    if (verdict.lite !== "unsupported") expect(verdict.lite, `lite rejects ${context}`).toBe(true);
    if (verdict.divergence) tally.divergent++;
    if (verdict.lite === "unsupported") tally.liteUnsupported++;
  }
  return tally;
}

/** The nesting depth of a JSON value: scalars 0, each object or array level 1 more. */
export function nestingDepth(value: unknown): number {
  if (value === null || typeof value !== "object") return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + children.reduce<number>((deepest, child) => Math.max(deepest, nestingDepth(child)), 0);
}

/** The counterexample fast-check ends with for a property that must fail, and how often it shrank. */
export function shrunkCounterexample<T>(arbitrary: fc.Arbitrary<T>, mustFail: (value: T) => boolean, seed: number): { value: T; numShrinks: number } {
  const details = fc.check(fc.property(arbitrary, (value) => !mustFail(value)), { seed, numRuns: 200 });
  expect(details.failed, "the property was expected to fail").toBe(true);
  return { value: details.counterexample![0] as T, numShrinks: details.numShrinks };
}

/** Values per second of sampling (after a warm-up), for printing only. */
export function measureThroughput(arbitrary: fc.Arbitrary<unknown>, numRuns: number): number {
  fc.sample(arbitrary, { seed: 99, numRuns: Math.min(500, numRuns) });
  const started = performance.now();
  const values = fc.sample(arbitrary, { seed: 1, numRuns });
  const seconds = (performance.now() - started) / 1000;
  expect(values).toHaveLength(numRuns);
  return Math.round(numRuns / seconds);
}

export const jsonSize = (value: unknown): number => canonicalJson(value).length;
