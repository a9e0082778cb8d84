// The laws, applied to every declared catalog schema: determinism, validity by construction,
// near-miss verdicts that match the spec, the depth cap on recursive schemas.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadCatalogs } from "../src/schema/load-catalog.js";
import { createSchemaChecker } from "./_internals/schema-checker.js";
import { fakerValue } from "./faker-value.js";
import { nearMiss, nearMissDeriver, NoNearMissError, type NearMissCase } from "./near-miss.js";
import { bareSamples, expectAllValid, expectSameSeedSameValues, nestingDepth } from "./test-support/laws.js";
import { createJudge } from "./test-support/reference-judge.js";
import { validValue } from "./valid-value.js";

const declared = await loadCatalogs(["suites/catalogs"]);

describe("catalogs", () => {
  it("are there to test against", () => {
    expect(declared.length).toBeGreaterThanOrEqual(8);
  });
});

describe.each(declared.map((d) => [d.id, d] as const))("laws on %s", (_id, { schema }) => {
  it("validValue: same seed, same values; every value valid (Ajv adjudicated, lite when it takes the schema)", () => {
    expectSameSeedSameValues(validValue(schema), 17);
    expectAllValid(fc.sample(validValue(schema), { numRuns: 400, seed: 23 }), createJudge(schema), _id);
  }, 120_000);

  it("validValue's direct (bare) sampler: generate's values, so every one valid", () => {
    expectAllValid(bareSamples(validValue(schema), { numRuns: 200, seed: 31 }), createJudge(schema), _id);
  }, 120_000);

  it("nearMiss: same seed, same cases; known verdicts match the spec; false ones fail Ajv", () => {
    expectSameSeedSameValues(nearMiss(schema), 17);
    const judge = createJudge(schema);
    // Half drawn as fast-check draws them, half bare (the fuzz loop's way, checked equal to generate's).
    for (const c of [...fc.sample(nearMiss(schema), { numRuns: 200, seed: 29 }), ...bareSamples(nearMiss(schema), { numRuns: 200, seed: 37 })]) {
      if (c.expectedValid === null) continue;
      const verdict = judge(c.value);
      const context = `${c.family} at ${c.path}: ${c.detail}`;
      expect(verdict.spec, context).toBe(c.expectedValid);
      // Ajv accepts some float-noise multiples (787.6700000000001): the spec verdict above rules.
      if (c.expectedValid === false && c.family !== "multipleof-noise") expect(verdict.ajv, context).toBe(false);
    }
  }, 120_000);

  it("nearMissDeriver: many near misses from one base, known verdicts match the spec; around() redraws each", () => {
    let deriver;
    try {
      deriver = nearMissDeriver(schema);
    } catch (error) {
      expect(error).toBeInstanceOf(NoNearMissError);
      return;
    }
    const judge = createJudge(schema);
    const bases = fc.sample(new DrawnValue(deriver.base), { numRuns: 12, seed: 41 });
    let judged = 0;
    for (const base of bases) {
      const prepared = deriver.prepare(base.value_);
      // Each near miss of a base from its own random source, as the fuzz engine draws them.
      for (const c of fc.sample(new Derived(deriver, prepared, base), { numRuns: 15, seed: judged + 43 })) {
        if (c === undefined || c.expectedValid === null) continue;
        judged++;
        expect(judge(c.value).spec, `${c.family} at ${c.path}: ${c.detail}`).toBe(c.expectedValid);
      }
    }
    expect(judged).toBeGreaterThan(0);
  }, 120_000);

  it("fakerValue: same seed, same values", () => {
    expectSameSeedSameValues(fakerValue(schema), 17, 5);
  });
});

describe("the depth cap on recursive catalog schemas", () => {
  const recursive = declared.filter((d) => d.id === "file-tree/describe_repository" || d.id === "comment-moderation/moderate_thread");

  it("finds the recursive schemas", () => {
    expect(recursive).toHaveLength(2);
  });

  it.each(recursive.map((d) => [d.id, d.schema] as const))("keeps %s shallow at maxDepth 1 and deeper at maxDepth 6", (_id, schema) => {
    const shallow = fc.sample(validValue(schema, { maxDepth: 1 }), { numRuns: 200, seed: 5 }).map(nestingDepth);
    const deep = fc.sample(validValue(schema, { maxDepth: 6 }), { numRuns: 200, seed: 5 }).map(nestingDepth);
    expect(Math.max(...shallow)).toBeLessThan(Math.max(...deep));
    const checker = createSchemaChecker(schema);
    for (const value of fc.sample(validValue(schema, { maxDepth: 1 }), { numRuns: 50, seed: 6 })) expect(checker.accepts(schema, value)).toBe(true);
  });
});

/** The drawn fc.Value itself, so a test can hold a base with its shrink context. */
class DrawnValue<T> extends fc.Arbitrary<fc.Value<T>> {
  constructor(private readonly source: fc.Arbitrary<T>) {
    super();
  }
  generate(random: fc.Random, biasFactor: number | undefined): fc.Value<fc.Value<T>> {
    return new fc.Value(this.source.generate(random, biasFactor), undefined);
  }
  canShrinkWithoutContext(value: unknown): value is fc.Value<T> {
    return false;
  }
  shrink(): fc.Stream<fc.Value<fc.Value<T>>> {
    return fc.Stream.nil();
  }
}

/** derive() from a prepared base, checked equal to what around(base) generates from the same random source. */
class Derived extends fc.Arbitrary<NearMissCase | undefined> {
  constructor(
    private readonly deriver: ReturnType<typeof nearMissDeriver>,
    private readonly prepared: ReturnType<ReturnType<typeof nearMissDeriver>["prepare"]>,
    private readonly base: fc.Value<unknown>,
  ) {
    super();
  }
  generate(random: fc.Random, biasFactor: number | undefined): fc.Value<NearMissCase | undefined> {
    const derived = this.deriver.derive(this.prepared, random.clone(), biasFactor);
    if (derived !== undefined) expect(this.deriver.around(this.base).generate(random, biasFactor).value_).toEqual(derived);
    return new fc.Value(derived, undefined);
  }
  canShrinkWithoutContext(value: unknown): value is NearMissCase | undefined {
    return false;
  }
  shrink(): fc.Stream<fc.Value<NearMissCase | undefined>> {
    return fc.Stream.nil();
  }
}
