// Where a target's cases come from: case k is a valid value, a near miss or a json-schema-faker value,
// chosen by k alone, generated from its own seed (a near miss: its own picks on a base its group of
// indexes shares, see shared-base-near-misses.ts). The mix keeps roughly 40% of the cases valid.
import type * as fc from "fast-check";
import { mapBare, sampleBare, type NearMissDeriver } from "../../generators/index.js";
import { biasFactorFor, caseSeedsFor, randomForCase } from "./case-random.js";
import type { FuzzCase } from "./classify-difference.js";
import { SharedBaseNearMisses, type DerivedCase } from "./shared-base-near-misses.js";

/** The generators the engine draws from (generators/ by default; tests may pass their own). */
export interface GeneratorSet {
  validValue(schema: unknown): fc.Arbitrary<unknown>;
  nearMiss(schema: unknown): fc.Arbitrary<FuzzCase>;
  /** Near misses derived from a given base value; when present, near-miss cases share bases in groups. */
  nearMissDeriver?(schema: unknown): NearMissDeriver;
  fakerValue?(schema: unknown): fc.Arbitrary<unknown>;
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
  private shrinker: fc.Arbitrary<FuzzCase> | undefined;

  constructor(
    readonly value: FuzzCase,
    private readonly arbitraryOf: () => fc.Arbitrary<FuzzCase>,
    private readonly redraw: () => fc.Value<FuzzCase>,
  ) {}

  /** The arbitrary generated shrinks in (for a derived near miss, one built around its base). */
  get arbitrary(): fc.Arbitrary<FuzzCase> {
    return (this.shrinker ??= this.arbitraryOf());
  }

  get generated(): fc.Value<FuzzCase> {
    return (this.drawn ??= this.redraw());
  }
}

export class CaseSource {
  private readonly arbitraries = new Map<CaseSourceKind, fc.Arbitrary<FuzzCase> | null>();
  private readonly seedOf: (caseIndex: number) => number;
  private readonly baseSeedOf: (group: number) => number;
  private derived: SharedBaseNearMisses | null | undefined;

  constructor(
    private readonly schema: unknown,
    schemaId: string,
    runSeed: number,
    private readonly generators: GeneratorSet,
  ) {
    this.seedOf = caseSeedsFor(runSeed, schemaId);
    // Bases have seeds of their own: group g's base is not case g's value.
    this.baseSeedOf = caseSeedsFor(runSeed, `${schemaId}\u0000base`);
  }

  /** Throws when not even valid values can be generated for this schema (the target is skipped). */
  assertGeneratable(): void {
    this.build("valid", true);
  }

  /** Case k, or null when no source can generate it. The same (seed, schema id, k) gives the same case. */
  generate(caseIndex: number): GeneratedCase | null {
    for (const kind of FALLBACK_ORDER[sourceKindFor(caseIndex)]) {
      if (kind === "near-miss" && this.derivedNearMisses()) {
        const derived = this.deriveNearMiss(caseIndex);
        if (derived) return new GeneratedCase(derived.value, derived.arbitrary, derived.generated);
        continue;
      }
      const arbitrary = this.arbitraryOf(kind);
      if (!arbitrary) continue;
      try {
        const seed = this.seedOf(caseIndex);
        const biasFactor = biasFactorFor(caseIndex);
        const value = sampleBare(arbitrary, randomForCase(seed), biasFactor);
        return new GeneratedCase(value, () => arbitrary, () => arbitrary.generate(randomForCase(seed), biasFactor));
      } catch {
        // A source that cannot produce this case (a filter gave up) yields to the next one.
        continue;
      }
    }
    return null;
  }

  /** The shared-base near misses, when the generators derive them (null when the schema has none). */
  private derivedNearMisses(): SharedBaseNearMisses | null {
    if (this.derived === undefined) {
      try {
        const deriver = this.generators.nearMissDeriver?.(this.schema);
        this.derived = deriver ? new SharedBaseNearMisses(deriver, this.baseSeedOf) : null;
      } catch {
        this.derived = null;
      }
    }
    return this.derived;
  }

  private deriveNearMiss(caseIndex: number): DerivedCase | null {
    try {
      return this.derived!.derive(caseIndex, this.seedOf(caseIndex));
    } catch {
      return null;
    }
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
