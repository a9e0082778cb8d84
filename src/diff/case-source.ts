// Where a target's cases come from: case k is a valid value, a near miss or a json-schema-faker value,
// chosen by k alone, generated from its own seed. The mix keeps roughly 40% of the cases valid.
import type * as fc from "fast-check";
import { mapBare, sampleBare } from "../../generators/index.js";
import { biasFactorFor, caseSeedsFor, randomForCase } from "./case-random.js";
import type { FuzzCase } from "./classify-difference.js";

/** The generators the engine draws from (generators/ by default; tests may pass their own). */
export interface GeneratorSet {
  validValue(schema: unknown): fc.Arbitrary<unknown>;
  nearMiss(schema: unknown): fc.Arbitrary<FuzzCase>;
  fakerValue?(schema: unknown): fc.Arbitrary<unknown>;
  /** Feature id → the near-miss families that target it (the section's coverage table). */
  coverage?(): readonly { readonly feature: string; readonly families: readonly string[]; readonly reason?: string }[];
}

export type CaseSourceKind = "valid" | "near-miss" | "faker";

// Out of every 32 cases, 13 are valid and the rest near misses, spread evenly over the indexes
// (case k is valid when 13k mod 32 < 13, a rotation that never bunches), so a schema's first few
// cases already mix: a target that gets 20 cases meets 8 valid values and 11 near misses. One case
// in 512 comes from json-schema-faker (an outside opinion on what "valid" looks like, but 20-100x
// slower to generate than our own); case 2 is the first, so every schema with 3 cases meets one.
const VALID_NUMERATOR = 13;
const VALID_PERIOD = 32;
const FAKER_PERIOD = 512;
const FAKER_OFFSET = 2;

export function sourceKindFor(caseIndex: number): CaseSourceKind {
  if (caseIndex % FAKER_PERIOD === FAKER_OFFSET) return "faker";
  return (caseIndex * VALID_NUMERATOR) % VALID_PERIOD < VALID_NUMERATOR ? "valid" : "near-miss";
}

/** The source a generated case came from, read from its family (every near-miss family is its own). */
export function sourceOfFamily(family: string): CaseSourceKind | "regression" {
  if (family === "valid" || family === "faker" || family === "regression") return family;
  return "near-miss";
}

/** Where a case goes when its own source cannot produce it. */
const FALLBACK_ORDER: Readonly<Record<CaseSourceKind, readonly CaseSourceKind[]>> = {
  valid: ["valid"],
  "near-miss": ["near-miss", "valid"],
  faker: ["faker", "valid"],
};

/**
 * Case k as the hot loop draws it: the bare value, sampled without shrink contexts. `generated`
 * draws it again through generate from the same random source (the same value, now with the
 * context shrinking and replay paths need); only cases that differ ever ask for it.
 */
export class GeneratedCase {
  private drawn: fc.Value<FuzzCase> | undefined;

  constructor(
    readonly arbitrary: fc.Arbitrary<FuzzCase>,
    readonly value: FuzzCase,
    private readonly redraw: () => fc.Value<FuzzCase>,
  ) {}

  get generated(): fc.Value<FuzzCase> {
    return (this.drawn ??= this.redraw());
  }
}

export class CaseSource {
  private readonly arbitraries = new Map<CaseSourceKind, fc.Arbitrary<FuzzCase> | null>();
  private readonly seedOf: (caseIndex: number) => number;

  constructor(
    private readonly schema: unknown,
    schemaId: string,
    runSeed: number,
    private readonly generators: GeneratorSet,
  ) {
    this.seedOf = caseSeedsFor(runSeed, schemaId);
  }

  /** Throws when not even valid values can be generated for this schema (the target is skipped). */
  assertGeneratable(): void {
    this.build("valid", true);
  }

  /** Case k, or null when no source can generate it. The same (seed, schema id, k) gives the same case. */
  generate(caseIndex: number): GeneratedCase | null {
    for (const kind of FALLBACK_ORDER[sourceKindFor(caseIndex)]) {
      const arbitrary = this.arbitraryOf(kind);
      if (!arbitrary) continue;
      try {
        const seed = this.seedOf(caseIndex);
        const biasFactor = biasFactorFor(caseIndex);
        const value = sampleBare(arbitrary, randomForCase(seed), biasFactor);
        return new GeneratedCase(arbitrary, value, () => arbitrary.generate(randomForCase(seed), biasFactor));
      } catch {
        // A source that cannot produce this case (a filter gave up) yields to the next one.
        continue;
      }
    }
    return null;
  }

  private arbitraryOf(kind: CaseSourceKind): fc.Arbitrary<FuzzCase> | null {
    if (!this.arbitraries.has(kind)) this.build(kind, false);
    return this.arbitraries.get(kind) ?? null;
  }

  private build(kind: CaseSourceKind, rethrow: boolean): void {
    try {
      this.arbitraries.set(kind, this.buildArbitrary(kind));
    } catch (error) {
      this.arbitraries.set(kind, null);
      if (rethrow) throw error;
    }
  }

  private buildArbitrary(kind: CaseSourceKind): fc.Arbitrary<FuzzCase> | null {
    const { schema, generators } = this;
    if (kind === "near-miss") return generators.nearMiss(schema);
    if (kind === "valid") return mapBare(generators.validValue(schema), (value) => asCase(value, "valid", true));
    return generators.fakerValue ? generators.fakerValue(schema).map((value) => asCase(value, "faker", null)) : null;
  }
}

function asCase(value: unknown, family: string, expectedValid: boolean | null): FuzzCase {
  return { value, family, path: "", feature: "", expectedValid };
}
