// nearMiss: a valid instance with exactly one defect, from the families real harness bugs come
// from. Built as a chain (valid value → defect applied by a mapper) so fast-check shrinks the base
// value and re-applies the defect: a shrunk counterexample still has it.
import fc from "fast-check";
import type { FeatureId } from "../src/schema/features.js";
import { createLocalRefResolver } from "../src/schema/resolve-ref.js";
import type { JsonSchema } from "../src/schema/types.js";
import { mapBare, sampleBare } from "./_internals/bare-sample.js";
import { bareNat } from "./_internals/bare-builtins.js";
import { boundedFilter } from "./_internals/bounded-filter-arbitrary.js";
import { createDefectContext, type DefectContext } from "./_internals/defect-context.js";
import { reachableSchemaObjects, SiteCollector, type InstanceSite } from "./_internals/instance-sites.js";
import type { Defect } from "./_internals/near-miss-defect.js";
import { FAMILIES, NEAR_MISS_FAMILY_INFO, siteKind, type SiteKind } from "./_internals/near-miss-families.js";
import { slotsArbitrary } from "./_internals/slots-arbitrary.js";
import { generationContextFor, validValue, validValueSettings, type ValidValueConstraints } from "./valid-value.js";

export type NearMissFamilyId =
  | "type-flip" | "number-as-text" | "object-as-json-string" | "null-injected" | "required-removed" | "extra-property"
  | "enum-whitespace" | "enum-case" | "bound" | "integer-fraction" | "multipleof-noise" | "length-edge"
  | "pattern-anchoring" | "format-near-miss" | "unique-duplicate" | "proto-key"
  | "oneof-ambiguous" | "no-branch" | "not-hit" | "if-then-else" | "dependency-missing" | "contains-count" | "property-name" | "allof-part"
  | "items-boundary" | "property-count" | "const-neighbour" | "unevaluated-branch" | "pattern-property" | "ref-depth";

export const NEAR_MISS_FAMILIES = NEAR_MISS_FAMILY_INFO as readonly { readonly id: NearMissFamilyId; readonly description: string; readonly features: readonly string[] }[];

export interface NearMissCase {
  readonly value: unknown;
  readonly family: NearMissFamilyId;
  /** JSON Pointer of the defect in the instance (of the removed property for required-removed). */
  readonly path: string;
  /** Taxonomy id of the feature the defect tests. */
  readonly feature: FeatureId;
  /** What the spec says; null when another keyword (anyOf, oneOf, enum around it...) may neutralise the defect. */
  readonly expectedValid: boolean | null;
  readonly detail: string;
  /** JSON text of value when the defect lives in the text only (an integer written 1.0). */
  readonly json?: string;
}

export interface NearMissConstraints extends ValidValueConstraints {
  /** Families to draw from (default: every family the schema gives a site). */
  readonly families?: readonly NearMissFamilyId[];
}

/** The schema gives no family a place for a defect (true, {}, an enum of one null...). */
export class NoNearMissError extends Error {
  override readonly name = "NoNearMissError";
}

/** The schema's families, sites and defect context, built once per (schema, constraints). */
interface NearMissPlan {
  readonly families: typeof FAMILIES;
  readonly collector: SiteCollector;
  readonly context: DefectContext;
  readonly base: fc.Arbitrary<unknown>;
  readonly familyPick: fc.Arbitrary<number>;
  readonly sitePick: fc.Arbitrary<number>;
  readonly maxRejections: number;
}

/** A valid value's sites, collected once however many near misses are derived from it. */
export interface PreparedBase {
  readonly value: unknown;
  readonly sites: readonly InstanceSite[];
  readonly kinds: readonly SiteKind[];
  /** Sites per family (by index in the plan), filtered when the family is first tried. */
  readonly byFamily: (readonly InstanceSite[] | undefined)[];
}

const plans = new WeakMap<object, Map<string, NearMissPlan>>();
const arbitraries = new WeakMap<NearMissPlan, fc.Arbitrary<NearMissCase>>();

function usableFamilies(schema: JsonSchema, wanted: readonly string[], resolveRef: (ref: string) => JsonSchema | undefined): typeof FAMILIES {
  const reachable = reachableSchemaObjects(schema, resolveRef);
  return FAMILIES.filter((f) => wanted.includes(f.id) && reachable.some((sub) => f.usable(sub)));
}

/** Defects a family may try on one value before it yields to the next family. */
const MAX_ATTEMPTS = 4;

function planFor(schema: JsonSchema, constraints: NearMissConstraints): NearMissPlan {
  const { families: wanted = NEAR_MISS_FAMILIES.map((f) => f.id), ...valueConstraints } = constraints;
  const settings = validValueSettings(valueConstraints);
  const key = JSON.stringify([settings, wanted]);
  const holder = typeof schema === "object" ? schema : NO_OBJECT;
  let byKey = plans.get(holder);
  if (!byKey) plans.set(holder, (byKey = new Map()));
  const cached = byKey.get(key);
  if (cached) return cached;
  const resolver = createLocalRefResolver(schema);
  const resolveRef = (ref: string) => resolver.resolve(ref)?.schema;
  const families = usableFamilies(schema, wanted, resolveRef);
  if (families.length === 0 || typeof schema !== "object") throw new NoNearMissError("no near-miss family has a place in this schema");
  const plan: NearMissPlan = {
    families,
    collector: new SiteCollector(schema, resolveRef),
    context: createDefectContext(generationContextFor(schema, settings), settings.maxDepth),
    base: validValue(schema, valueConstraints),
    familyPick: bareNat(families.length - 1),
    sitePick: bareNat(),
    maxRejections: settings.maxRejections,
  };
  byKey.set(key, plan);
  return plan;
}
const NO_OBJECT = {};

function prepare(plan: NearMissPlan, value: unknown): PreparedBase {
  const sites = plan.collector.collect(value);
  return { value, sites, kinds: sites.map((site) => siteKind(site.present, site.value)), byFamily: [] };
}

function sitesFor(plan: NearMissPlan, base: PreparedBase, familyIndex: number): readonly InstanceSite[] {
  let sites = base.byFamily[familyIndex];
  if (!sites) {
    const { kinds } = plan.families[familyIndex]!;
    base.byFamily[familyIndex] = sites = base.sites.filter((_, index) => kinds.has(base.kinds[index]!));
  }
  return sites;
}

/** The chosen family's defect at the chosen site, or the next family's if this value offers none. */
function applyNearMiss(plan: NearMissPlan, base: PreparedBase, familyIndex: number, pick: number): NearMissCase | undefined {
  const { families } = plan;
  for (let offset = 0; offset < families.length; offset++) {
    const index = (familyIndex + offset) % families.length;
    const family = families[index]!;
    const defect = familyDefect(family, sitesFor(plan, base, index), base.value, pick, plan.context);
    if (defect) return withFamily(defect, family.id as NearMissFamilyId);
  }
  return undefined;
}

/**
 * { ...defect, family } with its keys written out, in the same order: spreading a defect (shapes vary
 * by family) was most of applyNearMiss's own time.
 */
function withFamily({ value, path, feature, expectedValid, detail, json }: Defect, family: NearMissFamilyId): NearMissCase {
  return json === undefined ? { value, path, feature, expectedValid, detail, family } : { value, path, feature, expectedValid, detail, json, family };
}

/**
 * A site chosen by pick, then one of its defects: only the sites tried are asked for their defects,
 * which is where generation time went when every site listed all of its own. The first site tried is
 * the one whose path scores highest against pick (not the pick-th in the list), so the defect stays
 * at its path while shrinking drops other parts of the value; within an array, it is the last item.
 */
function familyDefect(family: (typeof FAMILIES)[number], sites: readonly InstanceSite[], value: unknown, pick: number, context: DefectContext): Defect | undefined {
  if (sites.length === 0) return undefined;
  const first = highestScoring(sites, pick);
  const makerPick = pick >>> 12;
  let attempts = 0;
  for (let tried = 0; tried < sites.length && attempts < MAX_ATTEMPTS; tried++) {
    const makers = family.find(sites[(first + tried) % sites.length]!, value, context);
    for (let index = 0; index < makers.length && attempts < MAX_ATTEMPTS; index++, attempts++) {
      const defect = makers[(makerPick + index) % makers.length]!();
      if (defect) return defect;
    }
  }
  return undefined;
}

/** Rendezvous choice: the site whose path hash, mixed with pick, is largest (the last of equals). */
function highestScoring(sites: readonly InstanceSite[], pick: number): number {
  let best = 0;
  let bestScore = -1;
  for (let index = 0; index < sites.length; index++) {
    let score = Math.imul(sites[index]!.hash ^ pick, 0x9e3779b1);
    score = Math.imul(score ^ (score >>> 15), 0x85ebca6b);
    score = (score ^ (score >>> 13)) >>> 0;
    // Ties (items of one array) go to the last: fast-check's array shrinker keeps the tail.
    if (score >= bestScore) {
      best = index;
      bestScore = score;
    }
  }
  return best;
}

/** (base, family pick, site pick) → near miss, filtered to the triples that make one. */
function casesFrom(plan: NearMissPlan, base: fc.Arbitrary<unknown>): fc.Arbitrary<NearMissCase> {
  const parts = [base, plan.familyPick, plan.sitePick];
  const cases = slotsArbitrary(parts, ([value, familyIndex, pick]) => applyNearMiss(plan, prepare(plan, value), familyIndex as number, pick as number));
  const stats = { accepted: 0, rejected: 0, rejectedBy: {} };
  return mapBare(boundedFilter(cases, (c) => c !== undefined, { maxRejections: plan.maxRejections, where: "a near-miss site in the value", stats }), (c) => c!);
}

export function nearMiss(schema: JsonSchema, constraints: NearMissConstraints = {}): fc.Arbitrary<NearMissCase> {
  const plan = planFor(schema, constraints);
  let arbitrary = arbitraries.get(plan);
  if (!arbitrary) arbitraries.set(plan, (arbitrary = casesFrom(plan, plan.base)));
  return arbitrary;
}

/**
 * Near misses derived from a given valid value, for callers that make many from one base (the
 * fuzz engine): sites are collected once per base, and each near miss costs two picks and a defect.
 */
export interface NearMissDeriver {
  /** The valid values bases are drawn from (validValue of the schema). */
  readonly base: fc.Arbitrary<unknown>;
  prepare(base: unknown): PreparedBase;
  /** The near miss two picks drawn from random make of the base; undefined when it offers none for them. */
  derive(base: PreparedBase, random: fc.Random, biasFactor: number | undefined): NearMissCase | undefined;
  /**
   * The same near miss as an arbitrary around the drawn base (with its shrink context): generate with
   * the random derive was given gives derive's case; shrinking shrinks the base and the picks and
   * re-applies the defect, as nearMiss does.
   */
  around(base: fc.Value<unknown>): fc.Arbitrary<NearMissCase>;
}

export function nearMissDeriver(schema: JsonSchema, constraints: NearMissConstraints = {}): NearMissDeriver {
  const plan = planFor(schema, constraints);
  return {
    base: plan.base,
    prepare: (value) => prepare(plan, value),
    derive(base, random, biasFactor) {
      const familyIndex = sampleBare(plan.familyPick, random, biasFactor);
      const pick = sampleBare(plan.sitePick, random, biasFactor);
      return applyNearMiss(plan, base, familyIndex, pick);
    },
    around: (base) => casesFrom(plan, new DrawnValueArbitrary(plan.base, base)),
  };
}

/** An arbitrary that gives one already drawn value and shrinks it as its own arbitrary would. */
class DrawnValueArbitrary<T> extends fc.Arbitrary<T> {
  constructor(
    private readonly source: fc.Arbitrary<T>,
    private readonly drawn: fc.Value<T>,
  ) {
    super();
  }

  generate(): fc.Value<T> {
    return this.drawn;
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return this.source.canShrinkWithoutContext(value);
  }

  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    return this.source.shrink(value, context);
  }
}
