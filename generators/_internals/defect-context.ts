// What the built (constructive) near-miss families need from their root schema: values drawn from a
// recipe schema (a subschema combined with others, compiled in the root's context so its $refs
// resolve), drawn once per recipe and variant and then reused, and the checker's verdict on a
// value at a site. The checker is the generators' own spec-following judge, independent of lite.
import fc from "fast-check";
import type { JsonSchema } from "../../src/schema/types.js";
import type { GenerationContext } from "./generation-context.js";
import type { Facet, InstanceSite } from "./instance-sites.js";
import type { SchemaObject } from "./merge-schemas.js";
import type { Verdict } from "./near-miss-verdicts.js";

export interface DefectContext {
  /** A value the recipe accepts (checked), the same one every time for (recipe, variant); undefined when none is found. */
  draw(recipe: JsonSchema, variant: number, extraDepth?: number): unknown;
  /** The spec's verdict on the instance once value sits at site: false when a certain facet rejects it, true only when nothing can. */
  verdict(site: InstanceSite, value: unknown): Verdict;
  /** Does schema (a subschema of the root, or built from them) accept value? */
  accepts(schema: JsonSchema, value: unknown): boolean;
}

const coverage = new WeakMap<readonly Facet[], boolean>();

/**
 * True when every uncertain facet is a branch (anyOf, oneOf, then, else...) of a certain facet at the
 * same site: the certain facets then judge the branches too. A branch of an ancestor's oneOf is not
 * covered: whether it applies depends on the rest of the instance.
 */
function coveredByCertain(facets: readonly Facet[]): boolean {
  let covered = coverage.get(facets);
  if (covered === undefined) {
    const within = new Set<unknown>();
    const visit = (schema: unknown): void => {
      if (schema === null || typeof schema !== "object" || within.has(schema)) return;
      within.add(schema);
      const s = schema as SchemaObject;
      for (const keyword of ["allOf", "anyOf", "oneOf"]) if (Array.isArray(s[keyword])) (s[keyword] as unknown[]).forEach(visit);
      for (const keyword of ["then", "else"]) visit(s[keyword]);
      if (s.dependentSchemas && typeof s.dependentSchemas === "object") Object.values(s.dependentSchemas).forEach(visit);
    };
    for (const facet of facets) if (facet.certain) visit(facet.schema);
    // A branch's $ref target is not followed here: such a facet stays uncovered (no verdict, never a wrong one).
    covered = facets.every((facet) => facet.certain || within.has(facet.schema));
    coverage.set(facets, covered);
  }
  return covered;
}

/** Variants per recipe: a little variety, bounded work (each is drawn once). */
export const RECIPE_VARIANTS = 3;
const NONE = Symbol("none");

export function createDefectContext(context: GenerationContext, maxDepth: number): DefectContext {
  const drawn = new WeakMap<object, Map<string, unknown>>();
  const checker = context.checker();
  const accepts = (schema: JsonSchema, value: unknown): boolean => {
    try {
      return checker.accepts(schema, value);
    } catch {
      return false;
    }
  };
  const drawOnce = (recipe: JsonSchema, variant: number, extraDepth: number): unknown => {
    try {
      const arbitrary = context.compile(recipe, maxDepth + extraDepth);
      const [value] = fc.sample(arbitrary, { seed: 0x5eed + variant * 7919 + extraDepth, numRuns: 1 });
      return accepts(recipe, value) ? value : NONE;
    } catch {
      return NONE;
    }
  };
  return {
    accepts,
    draw(recipe, variant, extraDepth = 0) {
      if (typeof recipe !== "object") return undefined;
      let byVariant = drawn.get(recipe);
      if (!byVariant) drawn.set(recipe, (byVariant = new Map()));
      const key = `${variant % RECIPE_VARIANTS}:${extraDepth}`;
      if (!byVariant.has(key)) byVariant.set(key, drawOnce(recipe, variant % RECIPE_VARIANTS, extraDepth));
      const value = byVariant.get(key);
      return value === NONE ? undefined : value;
    },
    verdict(site, value) {
      // A conditional facet is left to the facet holding its dependentSchemas (the value may lack the trigger).
      for (const facet of site.facets) if (facet.certain && !facet.conditional && !accepts(facet.schema, value)) return false;
      return site.transparent && coveredByCertain(site.facets) ? true : null;
    },
  };
}
