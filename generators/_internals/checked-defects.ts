// Near misses made by editing the value at a site (an item more or less at the prefixItems/items
// boundary, a property more or less at min/maxProperties, a neighbour of a const or enum value, a
// property that only an untaken branch declares next to unevaluated*, a pattern-named property
// whose value breaks its pattern's schema, a value nested deeper through a recursive $ref), each
// judged by the checker against the facets at the site.
import type { JsonSchema } from "../../src/schema/types.js";
import type { DefectContext } from "./defect-context.js";
import type { InstanceSite } from "./instance-sites.js";
import type { SchemaObject } from "./merge-schemas.js";
import type { DefectFinder, DefectMaker } from "./near-miss-defect.js";
import { replaceAt, withoutProperty, withProperty } from "./replace-at.js";
import { nextDown, nextUp } from "./ulp.js";

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);
const hasOwn = (record: object, key: string) => Object.prototype.hasOwnProperty.call(record, key);

/** Recipes must be stable objects (drawn values are cached per recipe): one per schema, pattern or pair. */
const TRUE_RECIPE = {};
const patternRecipes = new Map<string, SchemaObject>();
const breakingRecipes = new WeakMap<object, WeakMap<object, SchemaObject>>();

function recipeOf(schema: unknown): JsonSchema {
  return schema !== null && typeof schema === "object" ? (schema as SchemaObject) : schema === false ? false : TRUE_RECIPE;
}

function namePattern(pattern: string): SchemaObject {
  let recipe = patternRecipes.get(pattern);
  if (!recipe) patternRecipes.set(pattern, (recipe = { type: "string", pattern, maxLength: 24 }));
  return recipe;
}

/** Meets `other` and breaks `sub` (both schema objects of the root, or true). */
function breaking(other: unknown, sub: unknown): JsonSchema {
  const a = recipeOf(other);
  const b = recipeOf(sub);
  // false meets nothing (no value to draw); breaking false is meeting anything.
  if (a === false || typeof a !== "object") return false;
  if (b === false || typeof b !== "object") return a;
  let byOther = breakingRecipes.get(a);
  if (!byOther) breakingRecipes.set(a, (byOther = new WeakMap()));
  let recipe = byOther.get(b);
  if (!recipe) byOther.set(b, (recipe = { allOf: [a, { not: b }] }));
  return recipe;
}

/** Counts (items, properties) up to this are built at their edges; larger ones would make huge values. */
const MAX_COUNT_EDGE = 64;

type Edit = () => { value: unknown; feature: string; detail: string } | undefined;

function checkedMakers(site: InstanceSite, instance: unknown, context: DefectContext, edits: readonly Edit[]): DefectMaker[] {
  return edits.map((edit) => () => {
    const edited = edit();
    if (!edited || edited.value === undefined) return undefined;
    return { value: replaceAt(instance, site.tokens, edited.value), path: site.path, feature: edited.feature, expectedValid: context.verdict(site, edited.value), detail: edited.detail };
  });
}

function facetsWith(site: InstanceSite, ...keywords: string[]): SchemaObject[] {
  return site.facets.map((facet) => facet.schema).filter((schema) => keywords.some((keyword) => keyword in schema));
}

export const itemsBoundaryDefects: DefectFinder = (site, instance, context) => {
  const items = site.value;
  if (!site.present || !Array.isArray(items) || !context) return [];
  const schemas = facetsWith(site, "prefixItems", "items", "minItems", "maxItems");
  if (schemas.length === 0) return [];
  const prefix = Math.max(0, ...schemas.map((s) => (Array.isArray(s.prefixItems) ? s.prefixItems.length : 0)));
  const feature = prefix > 0 ? "prefixItems" : schemas.some((s) => "items" in s) ? "items" : schemas.some((s) => "maxItems" in s) ? "maxItems" : "minItems";
  const itemSchema = (index: number): JsonSchema => {
    for (const s of schemas) if (Array.isArray(s.prefixItems) && index < s.prefixItems.length) return s.prefixItems[index] as JsonSchema;
    return (schemas.find((s) => "items" in s)?.items as JsonSchema | undefined) ?? true;
  };
  const grown = (length: number, variant: number): unknown[] | undefined => {
    const next = items.slice(0, length);
    for (let index = next.length; index < length; index++) {
      const item = context.draw(recipeOf(itemSchema(index)), variant + index);
      if (item === undefined) return undefined;
      next.push(item);
    }
    return next;
  };
  const edits: Edit[] = [
    () => ({ value: grown(items.length + 1, 0), feature, detail: `one item appended (${items.length + 1} items)` }),
    () => (items.length > 0 ? { value: items.slice(0, -1), feature, detail: `last item removed (${items.length - 1} items)` } : undefined),
  ];
  for (const s of schemas) {
    const { maxItems, minItems } = s;
    if (typeof maxItems === "number" && maxItems < MAX_COUNT_EDGE) {
      edits.push(() => ({ value: grown(maxItems, 2), feature: "maxItems", detail: `${maxItems} items (at maxItems)` }));
      edits.push(() => ({ value: grown(maxItems + 1, 2), feature: "maxItems", detail: `${maxItems + 1} items (past maxItems)` }));
    }
    if (typeof minItems === "number" && minItems > 0 && minItems <= items.length) edits.push(() => ({ value: items.slice(0, minItems - 1), feature: "minItems", detail: `${minItems - 1} items (below minItems)` }));
  }
  if (prefix > 0) {
    edits.push(() => ({ value: grown(prefix, 1), feature: "prefixItems", detail: `exactly the ${prefix} prefixItems` }));
    edits.push(() => ({ value: grown(prefix + 1, 1), feature: "items", detail: `one item past the ${prefix} prefixItems` }));
    if (prefix > 1) edits.push(() => ({ value: grown(prefix - 1, 1), feature: "prefixItems", detail: `one item short of the ${prefix} prefixItems` }));
  }
  return checkedMakers(site, instance, context, edits);
};

/** The object with exactly count properties: optional ones removed first, then declared ones and extra_k names added. */
function withPropertyCount(object: Record<string, unknown>, count: number, schemas: readonly SchemaObject[], context: DefectContext): Record<string, unknown> | undefined {
  const required = new Set(schemas.flatMap((s) => (Array.isArray(s.required) ? (s.required as string[]) : [])));
  const keys = Object.keys(object);
  const removable = [...keys.filter((key) => !required.has(key)), ...keys.filter((key) => required.has(key))].reverse();
  let next: Record<string, unknown> = object;
  while (Object.keys(next).length > count) next = withoutProperty(next, removable.shift()!);
  const declared = schemas.flatMap((s) => (isObject(s.properties) ? Object.entries(s.properties) : [])).filter(([name]) => !hasOwn(object, name));
  const extra = schemas.find((s) => "additionalProperties" in s)?.additionalProperties;
  for (let index = 1; Object.keys(next).length < count; index++) {
    const [name, schema] = declared.shift() ?? [`extra_${index}`, extra];
    if (schema === false) return undefined;
    const value = context.draw(recipeOf(schema), index);
    if (value === undefined || hasOwn(next, name)) return undefined;
    next = withProperty(next, name, value);
  }
  return next;
}

export const propertyCountDefects: DefectFinder = (site, instance, context) => {
  const object = site.value;
  if (!site.present || !isObject(object) || !context) return [];
  const schemas = facetsWith(site, "minProperties", "maxProperties");
  const all = site.facets.map((facet) => facet.schema);
  const edges: { keyword: string; count: number }[] = [];
  for (const s of schemas) {
    if (typeof s.maxProperties === "number" && s.maxProperties < MAX_COUNT_EDGE) edges.push({ keyword: "maxProperties", count: s.maxProperties }, { keyword: "maxProperties", count: s.maxProperties + 1 });
    if (typeof s.minProperties === "number" && s.minProperties < MAX_COUNT_EDGE) edges.push({ keyword: "minProperties", count: s.minProperties }, ...(s.minProperties > 0 ? [{ keyword: "minProperties", count: s.minProperties - 1 }] : []));
  }
  return checkedMakers(site, instance, context, edges.map(({ keyword, count }) => () => {
    const value = withPropertyCount(object, count, all, context);
    return value && { value, feature: keyword, detail: `${count} properties (${keyword} edge)` };
  }));
};

function neighbours(value: unknown): unknown[] {
  if (typeof value === "number") return [value + 1, value - 1, nextUp(value), nextDown(value), String(value), -value];
  if (typeof value === "string") return [value.slice(0, -1), `${value}x`, value === "" ? " " : "", value.length > 0 ? value.charAt(0).toUpperCase() === value.charAt(0) ? value.toLowerCase() : value.toUpperCase() : "A"];
  if (typeof value === "boolean") return [!value, value ? 1 : 0, String(value)];
  if (value === null) return [0, "", false, "null"];
  if (Array.isArray(value)) return [[...value, value[0] ?? null], value.slice(0, -1), [...value].reverse()];
  if (isObject(value)) {
    const keys = Object.keys(value);
    return [withProperty(value, "extra", 1), ...(keys.length > 0 ? [withoutProperty(value, keys[0]!)] : [])];
  }
  return [];
}

export const constNeighbourDefects: DefectFinder = (site, instance, context) => {
  if (!site.present || !context) return [];
  const schemas = facetsWith(site, "const", "enum");
  if (schemas.length === 0) return [];
  const feature = schemas.some((s) => "const" in s) ? "const" : "enum";
  return checkedMakers(site, instance, context, neighbours(site.value).map((next) => () => ({ value: next, feature, detail: `${JSON.stringify(next)}, next to the listed ${JSON.stringify(site.value)}` })));
};

/** Property names declared only inside a subschema that may not be taken (anyOf/oneOf branch, then/else, dependentSchemas). */
function branchDeclared(schema: SchemaObject): [string, unknown][] {
  const branches = [...(Array.isArray(schema.anyOf) ? schema.anyOf : []), ...(Array.isArray(schema.oneOf) ? schema.oneOf : []), schema.then, schema.else, schema.if, ...(isObject(schema.dependentSchemas) ? Object.values(schema.dependentSchemas) : [])];
  return branches.filter(isObject).flatMap((branch) => (isObject(branch.properties) ? Object.entries(branch.properties) : []));
}

export const unevaluatedBranchDefects: DefectFinder = (site, instance, context) => {
  if (!site.present || !context) return [];
  const value = site.value;
  if (isObject(value)) {
    const schemas = facetsWith(site, "unevaluatedProperties");
    const names = schemas.flatMap(branchDeclared).filter(([name]) => !hasOwn(value, name)).slice(0, 6);
    return checkedMakers(site, instance, context, names.map(([name, schema]) => () => {
      const drawn = context.draw(recipeOf(schema), 0);
      return drawn === undefined ? undefined : { value: withProperty(value, name, drawn), feature: "unevaluatedProperties", detail: `${JSON.stringify(name)}, declared only in a branch, added` };
    }));
  }
  if (Array.isArray(value) && facetsWith(site, "unevaluatedItems").length > 0) {
    return checkedMakers(site, instance, context, [() => ({ value: [...value, value[0] ?? null], feature: "unevaluatedItems", detail: "one item appended past what the subschemas evaluate" })]);
  }
  return [];
};

export const patternPropertyDefects: DefectFinder = (site, instance, context) => {
  const object = site.value;
  if (!site.present || !isObject(object) || !context) return [];
  const edits: Edit[] = [];
  for (const schema of facetsWith(site, "patternProperties")) {
    for (const [pattern, sub] of Object.entries(schema.patternProperties as Record<string, unknown>).slice(0, 4)) {
      const other = schema.additionalProperties ?? true;
      edits.push(() => {
        const name = context.draw(namePattern(pattern), 0);
        const bad = context.draw(breaking(other, sub), 0);
        if (typeof name !== "string" || bad === undefined || hasOwn(object, name)) return undefined;
        return { value: withProperty(object, name, bad), feature: "patternProperties", detail: `${JSON.stringify(name)} matches /${pattern}/ but its value breaks that schema (additionalProperties would accept it)` };
      });
    }
  }
  return checkedMakers(site, instance, context, edits);
};

/** Through a (recursive) $ref, a value drawn with four more levels of free depth. */
export const refDepthDefects: DefectFinder = (site, instance, context) => {
  if (!site.present || !context) return [];
  const schemas = facetsWith(site, "$ref");
  return checkedMakers(site, instance, context, schemas.slice(0, 2).map((schema) => () => {
    const deep = context.draw(schema, 0, 4);
    return deep === undefined ? undefined : { value: deep, feature: "$ref:recursive", detail: `a value drawn through ${String(schema.$ref)} with four more levels of depth` };
  }));
};

/** Names that break common propertyNames rules: case, a leading digit, spaces, dashes, emptiness, length. */
const ODD_NAMES = ["Bad Name", "1st", "UPPER", "with-dash", "", "x".repeat(70), "ÿ"];

export const propertyNameDefects: DefectFinder = (site, instance, context) => {
  const object = site.value;
  if (!site.present || !isObject(object) || !context) return [];
  return facetsWith(site, "propertyNames").flatMap((schema) => {
    const names = ODD_NAMES.filter((name) => !hasOwn(object, name) && !context.accepts(recipeOf(schema.propertyNames), name)).slice(0, 3);
    return checkedMakers(site, instance, context, names.map((name) => () => {
      const value = context.draw(recipeOf(schema.additionalProperties), 0);
      return value === undefined ? undefined : { value: withProperty(object, name, value), feature: "propertyNames", detail: `property ${JSON.stringify(name)}, a name propertyNames rejects` };
    }));
  });
};
