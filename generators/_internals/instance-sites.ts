// Where a near-miss defect can go: every place in a valid instance (and every declared property
// it leaves out), with the schema objects that apply there. Facets reached only through
// applicators that all must hold ($ref, allOf, properties, items, dependentSchemas with its trigger
// present) are certain: a defect against them makes the whole instance invalid. Facets reached
// through anyOf/oneOf/if branches are not: another branch may absorb the defect.
import { formatPointer } from "../../src/schema/json-pointer.js";
import type { JsonSchema } from "../../src/schema/types.js";
import type { SchemaObject } from "./merge-schemas.js";

export interface Facet {
  readonly schema: SchemaObject;
  readonly certain: boolean;
}

export interface InstanceSite {
  readonly tokens: readonly (string | number)[];
  readonly path: string;
  readonly present: boolean;
  readonly value: unknown;
  readonly facets: readonly Facet[];
  /** No enclosing schema looks at the instance as a whole (enum, oneOf, not, uniqueItems...). */
  readonly transparent: boolean;
}

/** Keywords whose verdict can change when any part of the instance changes. */
const WHOLE_VALUE_KEYWORDS = ["enum", "const", "anyOf", "oneOf", "not", "if", "contains", "uniqueItems", "dependentSchemas", "dependentRequired", "propertyNames", "minProperties", "maxProperties", "unevaluatedProperties", "unevaluatedItems", "$dynamicRef"];
const MAX_SITES = 2000;

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);
const hasOwn = (record: object, key: string) => Object.prototype.hasOwnProperty.call(record, key);

export function lookWholeValue(facets: readonly Facet[]): boolean {
  return facets.some((facet) => WHOLE_VALUE_KEYWORDS.some((keyword) => keyword in facet.schema));
}

/** The schema objects applying at one location, following $ref/allOf (certain) and branches (uncertain). */
export function expandFacets(schemas: readonly Facet[], value: unknown, resolveRef: (ref: string) => JsonSchema | undefined): Facet[] {
  const facets: Facet[] = [];
  const seen = new Map<object, boolean>();
  const visit = (schema: unknown, certain: boolean): void => {
    if (!isObject(schema)) return;
    const prior = seen.get(schema);
    if (prior === true || prior === certain) return;
    seen.set(schema, certain);
    facets.push({ schema, certain });
    if (typeof schema.$ref === "string") visit(resolveRef(schema.$ref), certain);
    for (const member of (schema.allOf as unknown[] | undefined) ?? []) visit(member, certain);
    for (const keyword of ["anyOf", "oneOf"]) for (const branch of (schema[keyword] as unknown[] | undefined) ?? []) visit(branch, false);
    for (const keyword of ["then", "else"]) visit(schema[keyword], false);
    if (isObject(schema.dependentSchemas) && isObject(value)) {
      for (const [trigger, dependent] of Object.entries(schema.dependentSchemas)) if (hasOwn(value, trigger)) visit(dependent, certain);
    }
  };
  for (const facet of schemas) visit(facet.schema, facet.certain);
  return facets;
}

function childFacetsForKey(facets: readonly Facet[], key: string): Facet[] {
  const children: Facet[] = [];
  for (const { schema, certain } of facets) {
    let matched = false;
    if (isObject(schema.properties) && hasOwn(schema.properties, key)) {
      children.push({ schema: schema.properties[key] as SchemaObject, certain });
      matched = true;
    }
    for (const [pattern, sub] of Object.entries(isObject(schema.patternProperties) ? schema.patternProperties : {})) {
      if (safeTest(pattern, key)) {
        children.push({ schema: sub as SchemaObject, certain });
        matched = true;
      }
    }
    if (!matched && isObject(schema.additionalProperties)) children.push({ schema: schema.additionalProperties, certain });
  }
  return children;
}

function childFacetsForIndex(facets: readonly Facet[], index: number): Facet[] {
  const children: Facet[] = [];
  for (const { schema, certain } of facets) {
    const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : [];
    if (index < prefix.length) children.push({ schema: prefix[index] as SchemaObject, certain });
    else if (isObject(schema.items)) children.push({ schema: schema.items, certain });
  }
  return children;
}

export function safeTest(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, "u").test(text);
  } catch {
    return false;
  }
}

function declaredNames(facets: readonly Facet[]): string[] {
  return [...new Set(facets.flatMap(({ schema }) => (isObject(schema.properties) ? Object.keys(schema.properties) : [])))];
}

const APPLIED_SUBSCHEMAS = ["additionalProperties", "items", "then", "else"];
const APPLIED_LISTS = ["prefixItems", "allOf", "anyOf", "oneOf"];
const APPLIED_MAPS = ["properties", "patternProperties", "dependentSchemas"];

/** Schema objects that can apply to some part of an instance (not under not, if, propertyNames, unused $defs). */
export function reachableSchemaObjects(root: JsonSchema, resolveRef: (ref: string) => JsonSchema | undefined): SchemaObject[] {
  const found = new Set<SchemaObject>();
  const visit = (schema: unknown): void => {
    if (!isObject(schema) || found.has(schema)) return;
    found.add(schema);
    if (typeof schema.$ref === "string") visit(resolveRef(schema.$ref));
    for (const keyword of APPLIED_SUBSCHEMAS) visit(schema[keyword]);
    for (const keyword of APPLIED_LISTS) if (Array.isArray(schema[keyword])) (schema[keyword] as unknown[]).forEach(visit);
    for (const keyword of APPLIED_MAPS) if (isObject(schema[keyword])) Object.values(schema[keyword]).forEach(visit);
  };
  visit(root);
  return [...found];
}

export function collectInstanceSites(root: JsonSchema, value: unknown, resolveRef: (ref: string) => JsonSchema | undefined): InstanceSite[] {
  const sites: InstanceSite[] = [];
  const visit = (parentFacets: readonly Facet[], current: unknown, tokens: (string | number)[], transparent: boolean): void => {
    if (sites.length >= MAX_SITES) return;
    const facets = expandFacets(parentFacets, current, resolveRef);
    sites.push({ tokens, path: formatPointer(tokens), present: true, value: current, facets, transparent });
    const inner = transparent && !lookWholeValue(facets);
    if (Array.isArray(current)) {
      current.forEach((item, index) => visit(childFacetsForIndex(facets, index), item, [...tokens, index], inner));
    } else if (isObject(current)) {
      for (const key of Object.keys(current)) visit(childFacetsForKey(facets, key), current[key], [...tokens, key], inner);
      for (const name of declaredNames(facets)) {
        if (hasOwn(current, name)) continue;
        const childTokens = [...tokens, name];
        const childFacets = expandFacets(childFacetsForKey(facets, name), undefined, resolveRef);
        sites.push({ tokens: childTokens, path: formatPointer(childTokens), present: false, value: undefined, facets: childFacets, transparent: inner });
      }
    }
  };
  visit([{ schema: isObject(root) ? root : {}, certain: true }], value, [], true);
  return sites;
}
