// Near misses that share a base per group of case indexes: case k stays a function of (seed, schema
// id, k) whatever else the source drew before, and a derived case can still be shrunk and replayed.
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CaseSource, sourceKindFor } from "./case-source.js";
import { defaultGenerators } from "./default-generators.js";
import { GROUP_SIZE, UNSHARED_CASES } from "./shared-base-near-misses.js";
import { followShrinkPath } from "./shrink-case.js";

const SCHEMA = {
  type: "object",
  properties: {
    n: { type: "integer", minimum: 0, maximum: 1000 },
    tags: { type: "array", items: { type: "string", maxLength: 8 }, maxItems: 4 },
    kind: { enum: ["a", "b", "c"] },
    note: { type: ["string", "null"] },
  },
  required: ["n", "kind"],
  additionalProperties: false,
};

const source = () => new CaseSource(SCHEMA, "shared/base", 7, defaultGenerators);
const caseText = (s: CaseSource, k: number) => JSON.stringify(s.generate(k)?.value ?? null);
/** Indexes on both sides of where bases start being shared. */
const INDEXES = Array.from({ length: 96 }, (_, i) => UNSHARED_CASES - 32 + i);

describe("near misses derived from shared bases", () => {
  it("gives case k the same value whatever the order the cases are asked in", () => {
    const inOrder = source();
    const expected = new Map(INDEXES.map((k) => [k, caseText(inOrder, k)]));
    fc.assert(
      fc.property(fc.shuffledSubarray(INDEXES, { minLength: 1 }), (indexes) => {
        const shuffled = source();
        for (const k of indexes) expect(caseText(shuffled, k)).toBe(expected.get(k));
      }),
      { numRuns: 20 },
    );
  });

  it("redraws a derived case with its shrink context: the same value, and shrink paths replay", () => {
    const s = source();
    let checked = 0;
    for (const k of INDEXES) {
      if (sourceKindFor(k) !== "near-miss") continue;
      const generated = s.generate(k)!;
      expect(generated.generated.value_).toEqual(generated.value);
      const first = [...generated.arbitrary.shrink(generated.generated.value_, generated.generated.context)].slice(0, 3);
      first.forEach((candidate, index) => {
        // From a fresh source, as a replay line rebuilds it.
        const again = source().generate(k)!;
        expect(followShrinkPath(again.arbitrary, again.generated, [index])?.value_).toEqual(candidate.value_);
      });
      checked++;
    }
    expect(checked).toBeGreaterThan(40);
  });

  it("derives the near misses of one group from one base: outside their defects they agree", () => {
    const s = source();
    let compared = 0;
    for (let group = 0; group < 16; group++) {
      const misses = [];
      const start = UNSHARED_CASES + group * GROUP_SIZE;
      for (let k = start; k < start + GROUP_SIZE; k++) {
        const c = s.generate(k)!.value;
        if (c.family !== "valid" && c.family !== "faker" && /^\/(n|tags|kind|note)(\/|$)/.test(c.path)) misses.push(c);
      }
      for (let i = 1; i < misses.length; i++) {
        const [a, b] = [misses[0]!, misses[i]!];
        const touched = new Set([a.path.split("/")[1], b.path.split("/")[1]]);
        for (const key of ["n", "kind"].filter((name) => !touched.has(name))) {
          expect((b.value as Record<string, unknown>)[key]).toEqual((a.value as Record<string, unknown>)[key]);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(10);
  });
});
