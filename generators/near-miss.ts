// nearMiss: a valid instance with exactly one defect, from the families real harness bugs come
// from. Built as a chain (valid value → defect applied by a mapper) so fast-check shrinks the base
// value and re-applies the defect: a shrunk counterexample still has it.
import fc from "fast-check";
import type { FeatureId } from "../src/schema/features.js";
import { createLocalRefResolver } from "../src/schema/resolve-ref.js";
import type { JsonSchema } from "../src/schema/types.js";
import { mapBare } from "./_internals/bare-sample.js";
import { boundedFilter } from "./_internals/bounded-filter-arbitrary.js";
import { createDefectContext, type DefectContext } from "./_internals/defect-context.js";
import { createGenerationContext } from "./_internals/schema-to-arbitrary.js";
import { reachableSchemaObjects, SiteCollector, type InstanceSite } from "./_internals/instance-sites.js";
import type { Defect } from "./_internals/near-miss-defect.js";
import { FAMILIES, NEAR_MISS_FAMILY_INFO, siteKind } from "./_internals/near-miss-families.js";
import { slotsArbitrary } from "./_internals/slots-arbitrary.js";
import { validValue, validValueSettings, type ValidValueConstraints } from "./valid-value.js";

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

const cache = new WeakMap<object, Map<string, fc.Arbitrary<NearMissCase>>>();

function usableFamilies(schema: JsonSchema, wanted: readonly string[], resolveRef: (ref: string) => JsonSchema | undefined): typeof FAMILIES {
  const reachable = reachableSchemaObjects(schema, resolveRef);
  return FAMILIES.filter((f) => wanted.includes(f.id) && reachable.some((sub) => f.usable(sub)));
}

/** Defects a family may try on one value before it yields to the next family. */
const MAX_ATTEMPTS = 4;

/** The chosen family's defect at the chosen site, or the next family's if this value offers none. */
function applyNearMiss(families: typeof FAMILIES, collector: SiteCollector, context: DefectContext, value: unknown, familyIndex: number, pick: number): NearMissCase | undefined {
  const sites = collector.collect(value);
  const kinds = sites.map((site) => siteKind(site.present, site.value));
  for (let offset = 0; offset < families.length; offset++) {
    const family = families[(familyIndex + offset) % families.length]!;
    const defect = familyDefect(family, sites.filter((_, index) => family.kinds.has(kinds[index]!)), value, pick, context);
    if (defect) return { ...defect, family: family.id as NearMissFamilyId };
  }
  return undefined;
}

/**
 * A site chosen by pick, then one of its defects: only the sites tried are asked for their defects,
 * which is where generation time went when every site listed all of its own.
 */
function familyDefect(family: (typeof FAMILIES)[number], sites: readonly InstanceSite[], value: unknown, pick: number, context: DefectContext): Defect | undefined {
  const makerPick = Math.floor(pick / Math.max(1, sites.length));
  let attempts = 0;
  for (let tried = 0; tried < sites.length && attempts < MAX_ATTEMPTS; tried++) {
    const makers = family.find(sites[(pick + tried) % sites.length]!, value, context);
    for (let index = 0; index < makers.length && attempts < MAX_ATTEMPTS; index++, attempts++) {
      const defect = makers[(makerPick + index) % makers.length]!();
      if (defect) return defect;
    }
  }
  return undefined;
}

export function nearMiss(schema: JsonSchema, constraints: NearMissConstraints = {}): fc.Arbitrary<NearMissCase> {
  const { families: wanted = NEAR_MISS_FAMILIES.map((f) => f.id), ...valueConstraints } = constraints;
  const key = JSON.stringify([validValueSettings(valueConstraints), wanted]);
  const bySchema = typeof schema === "object" ? (cache.get(schema) ?? new Map()) : new Map<string, fc.Arbitrary<NearMissCase>>();
  if (typeof schema === "object") cache.set(schema, bySchema);
  const cached = bySchema.get(key);
  if (cached) return cached;
  const resolver = createLocalRefResolver(schema);
  const resolveRef = (ref: string) => resolver.resolve(ref)?.schema;
  const families = usableFamilies(schema, wanted, resolveRef);
  if (families.length === 0) throw new NoNearMissError("no near-miss family has a place in this schema");
  const settings = validValueSettings(valueConstraints);
  const collector = new SiteCollector(schema, resolveRef);
  const context = createDefectContext(createGenerationContext(schema, settings), settings.maxDepth);
  const parts = [validValue(schema, valueConstraints), fc.nat({ max: families.length - 1 }), fc.nat()];
  const cases = slotsArbitrary(parts, ([value, familyIndex, pick]) => applyNearMiss(families, collector, context, value, familyIndex as number, pick as number));
  const stats = { accepted: 0, rejected: 0, rejectedBy: {} };
  const arbitrary = mapBare(boundedFilter(cases, (c) => c !== undefined, { maxRejections: settings.maxRejections, where: "a near-miss site in the value", stats }), (c) => c!);
  bySchema.set(key, arbitrary);
  return arbitrary;
}
