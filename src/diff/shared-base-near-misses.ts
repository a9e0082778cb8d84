// Near-miss cases in groups that share one valid base value: case k's base is drawn from its
// group's own seed (run seed, schema id, group of k), its defect from picks drawn from case k's own
// seed. A base and its sites are drawn and collected once per group instead of once per case, which
// was most of a near miss's cost; case k still depends on (seed, schema id, k) alone.
import type * as fc from "fast-check";
import { sampleBare, type NearMissDeriver, type PreparedBase } from "../../generators/index.js";
import { biasFactorFor, randomForCase } from "./case-random.js";
import type { FuzzCase } from "./classify-difference.js";

/**
 * Consecutive case indexes whose near misses share a base: 16 indexes hold about 9 near misses.
 * A divisor of BLOCK_SIZE, so a group never straddles two blocks (two workers).
 */
export const GROUP_SIZE = 16;
/**
 * The first cases of a schema each get a base of their own: a short run (or the first cases of a
 * long one, where most findings are first met) keeps the full variety of bases. A multiple of
 * GROUP_SIZE, so the groups after it stay aligned with blocks.
 */
export const UNSHARED_CASES = 256;

/** The group case k belongs to: its own below UNSHARED_CASES, then one per GROUP_SIZE indexes. */
export function baseGroupOf(caseIndex: number): number {
  return caseIndex < UNSHARED_CASES ? caseIndex : UNSHARED_CASES + Math.floor((caseIndex - UNSHARED_CASES) / GROUP_SIZE);
}

/** The first case index of a group (its bases are biased as that case is). */
function groupStart(group: number): number {
  return group < UNSHARED_CASES ? group : UNSHARED_CASES + (group - UNSHARED_CASES) * GROUP_SIZE;
}
/** Bases a case may try (in its group's order) before its near miss yields to a valid value. */
const MAX_BASES = 8;

/** A base draw that threw (a filter gave up): that slot offers no near miss. */
const NO_BASE = null;

export interface DerivedCase {
  readonly value: FuzzCase;
  readonly arbitrary: () => fc.Arbitrary<FuzzCase>;
  readonly generated: () => fc.Value<FuzzCase>;
}

export class SharedBaseNearMisses {
  private group = -1;
  private random: fc.Random | undefined;
  private bases: (PreparedBase | typeof NO_BASE)[] = [];

  constructor(
    private readonly deriver: NearMissDeriver,
    private readonly baseSeedOf: (group: number) => number,
  ) {}

  /** Case k's near miss (k's seed given), or null when none of its group's bases offers one. */
  derive(caseIndex: number, caseSeed: number): DerivedCase | null {
    const group = baseGroupOf(caseIndex);
    const biasFactor = biasFactorFor(caseIndex);
    for (let slot = 0; slot < MAX_BASES; slot++) {
      const base = this.baseAt(group, slot);
      if (base === NO_BASE) continue;
      const value = this.deriver.derive(base, randomForCase(caseSeed), biasFactor);
      if (value === undefined) continue;
      // Built again only for cases that differ: the base redrawn with its shrink context.
      let around: fc.Arbitrary<FuzzCase> | undefined;
      const arbitrary = () => (around ??= this.deriver.around(this.redrawBase(group, slot)));
      return { value, arbitrary, generated: () => arbitrary().generate(randomForCase(caseSeed), biasFactor) };
    }
    return null;
  }

  /**
   * Bases are drawn in slot order from the group's one random source and kept for the group, so
   * slot s is the same value whichever case of the group asks first.
   */
  private baseAt(group: number, slot: number): PreparedBase | typeof NO_BASE {
    if (group !== this.group) {
      this.group = group;
      this.random = randomForCase(this.baseSeedOf(group));
      this.bases = [];
    }
    while (this.bases.length <= slot) this.bases.push(this.drawBase(group));
    return this.bases[slot]!;
  }

  private drawBase(group: number): PreparedBase | typeof NO_BASE {
    try {
      return this.deriver.prepare(sampleBare(this.deriver.base, this.random!, biasFactorFor(groupStart(group))));
    } catch {
      return NO_BASE;
    }
  }

  /** Slot s's base through generate (same draws, so the same value), with the context shrinking needs. */
  private redrawBase(group: number, slot: number): fc.Value<unknown> {
    const random = randomForCase(this.baseSeedOf(group));
    const biasFactor = biasFactorFor(groupStart(group));
    for (let earlier = 0; earlier < slot; earlier++) {
      try {
        this.deriver.base.generate(random, biasFactor);
      } catch {
        // a draw that gave up consumed what it consumed, as in drawBase
      }
    }
    return this.deriver.base.generate(random, biasFactor);
  }
}
