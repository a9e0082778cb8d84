// Built near misses for the applicators: values made to meet one part of a schema and break another
// (two oneOf branches at once, no branch, the `not` subschema, `if` without its `then`, a trigger
// without its dependency, contains counts at and past their bounds, a bad property name, an
// allOf part broken, a $ref's siblings broken). Each recipe is a schema in the root's context; the
// value drawn from it is checked against the recipe, and the verdict comes from the checker.
import type { JsonSchema } from "../../src/schema/types.js";
import type { DefectContext } from "./defect-context.js";
import type { InstanceSite } from "./instance-sites.js";
import { withoutKeywords, type SchemaObject } from "./merge-schemas.js";
import { negateSchema } from "./negate-schema.js";
import type { DefectFinder, DefectMaker } from "./near-miss-defect.js";
import { replaceAt } from "./replace-at.js";

export interface Recipe {
  readonly schema: SchemaObject;
  readonly feature: string;
  readonly detail: string;
}

type RecipeBuilder = (schema: SchemaObject) => Recipe[];

const isObject = (value: unknown): value is SchemaObject => value !== null && typeof value === "object" && !Array.isArray(value);
const allOf = (...parts: unknown[]): SchemaObject => ({ allOf: parts });
const not = negateSchema;
const MAX_PAIRS = 6;

/** Recipes are built once per schema object and family, so their drawn values are reused. */
const recipeCache = new WeakMap<object, Map<RecipeBuilder, Recipe[]>>();

function recipesOf(schema: SchemaObject, build: RecipeBuilder): Recipe[] {
  let byBuilder = recipeCache.get(schema);
  if (!byBuilder) recipeCache.set(schema, (byBuilder = new Map()));
  let recipes = byBuilder.get(build);
  if (!recipes) byBuilder.set(build, (recipes = build(schema)));
  return recipes;
}

/** A family finder from a recipe builder: each recipe of each facet at the site, drawn and placed there. */
export function recipeFinder(build: RecipeBuilder): DefectFinder {
  return (site, instance, context) => {
    if (!site.present || !context) return [];
    const makers: DefectMaker[] = [];
    for (const facet of site.facets) {
      for (const recipe of recipesOf(facet.schema, build)) {
        for (let variant = 0; variant < 2; variant++) makers.push(() => placeDrawn(site, instance, context, recipe, variant));
      }
    }
    return makers;
  };
}

function placeDrawn(site: InstanceSite, instance: unknown, context: DefectContext, recipe: Recipe, variant: number) {
  const value = context.draw(recipe.schema as JsonSchema, variant);
  if (value === undefined) return undefined;
  return { value: replaceAt(instance, site.tokens, value), path: site.path, feature: recipe.feature, expectedValid: context.verdict(site, value), detail: recipe.detail };
}

function pairs(count: number): [number, number][] {
  const found: [number, number][] = [];
  for (let i = 0; i < count && found.length < MAX_PAIRS; i++) for (let j = i + 1; j < count && found.length < MAX_PAIRS; j++) found.push([i, j]);
  return found;
}

export const oneOfAmbiguousRecipes: RecipeBuilder = (s) => {
  if (!Array.isArray(s.oneOf)) return [];
  const rest = withoutKeywords(s, ["oneOf"]);
  const branches = s.oneOf;
  return pairs(branches.length).map(([i, j]) => ({ schema: allOf(rest, branches[i], branches[j]), feature: "oneOf", detail: `oneOf branches ${i} and ${j} both accept this value` }));
};

export const noBranchRecipes: RecipeBuilder = (s) =>
  (["anyOf", "oneOf"] as const)
    .filter((keyword) => Array.isArray(s[keyword]))
    .map((keyword) => ({ schema: allOf(withoutKeywords(s, [keyword]), not({ anyOf: s[keyword] })), feature: keyword, detail: `no ${keyword} branch accepts this value` }));

export const notHitRecipes: RecipeBuilder = (s) => ("not" in s ? [{ schema: allOf(withoutKeywords(s, ["not"]), s.not), feature: "not", detail: "the value matches the `not` subschema" }] : []);

export const conditionalRecipes: RecipeBuilder = (s) => {
  if (!("if" in s) || !("then" in s || "else" in s)) return [];
  const rest = withoutKeywords(s, ["if", "then", "else"]);
  const recipe = (detail: string, ...parts: unknown[]): Recipe => ({ schema: allOf(rest, ...parts), feature: "if-then-else", detail });
  const recipes: Recipe[] = [];
  if ("then" in s) recipes.push(recipe("meets `if`, breaks `then`", s.if, not(s.then)));
  if ("else" in s) recipes.push(recipe("fails `if`, breaks `else`", not(s.if), not(s.else)));
  // The valid sides: a validator that applies `then` (or `else`) whatever `if` says rejects them.
  if ("then" in s) recipes.push(recipe("fails `if`, breaks `then` (valid: `then` does not apply)", not(s.if), s.else ?? true, not(s.then)));
  if ("else" in s) recipes.push(recipe("meets `if` and `then`, breaks `else` (valid: `else` does not apply)", s.if, s.then ?? true, not(s.else)));
  return recipes;
};

export const dependentRecipes: RecipeBuilder = (s) => {
  const recipes: Recipe[] = [];
  if (isObject(s.dependentRequired)) {
    const rest = withoutKeywords(s, ["dependentRequired"]);
    for (const [trigger, needed] of Object.entries(s.dependentRequired)) {
      for (const name of Array.isArray(needed) ? (needed as string[]).slice(0, 3) : []) {
        recipes.push({ schema: allOf(rest, { required: [trigger] }, not({ required: [name] })), feature: "dependentRequired", detail: `${JSON.stringify(trigger)} present without ${JSON.stringify(name)}` });
      }
    }
  }
  if (isObject(s.dependentSchemas)) {
    const rest = withoutKeywords(s, ["dependentSchemas"]);
    for (const [trigger, dependent] of Object.entries(s.dependentSchemas)) {
      recipes.push({ schema: allOf(rest, { required: [trigger] }, not(dependent)), feature: "dependentSchemas", detail: `${JSON.stringify(trigger)} present, its dependent schema broken` });
    }
  }
  return recipes;
};

export const containsCountRecipes: RecipeBuilder = (s) => {
  if (!("contains" in s)) return [];
  const rest = withoutKeywords(s, ["contains", "minContains", "maxContains"]);
  const min = typeof s.minContains === "number" ? s.minContains : 1;
  const max = typeof s.maxContains === "number" ? s.maxContains : undefined;
  const count = (detail: string, rule: SchemaObject): Recipe => ({ schema: allOf(rest, { type: "array", ...rule }), feature: "contains", detail });
  const recipes = [count(`exactly ${min} matching items (at minContains)`, { contains: s.contains, minContains: min, maxContains: min })];
  if (min > 0) recipes.push(count(`${min - 1} matching items (below minContains)`, { not: { contains: s.contains, minContains: min } }));
  if (max !== undefined) {
    recipes.push(count(`exactly ${max} matching items (at maxContains)`, { contains: s.contains, minContains: max, maxContains: max }));
    recipes.push(count(`${max + 1} matching items (past maxContains)`, { contains: s.contains, minContains: max + 1, maxContains: max + 1 }));
  }
  return recipes;
};

export const allOfPartRecipes: RecipeBuilder = (s) => {
  const recipes: Recipe[] = [];
  if (Array.isArray(s.allOf) && s.allOf.length > 1) {
    const rest = withoutKeywords(s, ["allOf"]);
    s.allOf.slice(0, 6).forEach((part, k) => {
      const others = (s.allOf as unknown[]).filter((_, index) => index !== k);
      recipes.push({ schema: allOf(rest, ...others, not(part)), feature: "allOf", detail: `every allOf part but ${k} holds` });
    });
  }
  if (typeof s.$ref === "string" && Object.keys(s).some((keyword) => keyword !== "$ref" && !ANNOTATION_KEYWORDS.has(keyword))) {
    const siblings = withoutKeywords(s, ["$ref"]);
    recipes.push({ schema: allOf({ $ref: s.$ref }, not(siblings)), feature: "$ref:siblings", detail: "meets the $ref target, breaks the keywords beside it" });
    recipes.push({ schema: allOf(siblings, not({ $ref: s.$ref })), feature: "$ref:siblings", detail: "meets the keywords beside $ref, breaks its target" });
  }
  return recipes;
};

const ANNOTATION_KEYWORDS = new Set(["title", "description", "default", "examples", "$comment", "deprecated", "readOnly", "writeOnly"]);
