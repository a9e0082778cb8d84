// allOf by construction: two schema objects (no $ref, no allOf at their top) folded into one that
// accepts exactly the values both accept, where the keywords allow it. What cannot be folded is
// returned as residual schemas that generated values are then filtered against.
import type { JsonSchema } from "../../src/schema/types.js";
import { canonicalJson, jsonEqual, setOwnProperty } from "./canonical-json.js";
import { lcmOfSteps } from "./decimal.js";

export type SchemaObject = { [keyword: string]: unknown };

export interface MergeResult {
  /** false when the two can never both hold (disjoint types, different consts). */
  readonly merged: SchemaObject | false;
  readonly residuals: readonly SchemaObject[];
}

/** Identifiers only matter for ref resolution, which the generator does against the root. */
const DROPPED = new Set(["$id", "$anchor", "$dynamicAnchor", "$schema", "$defs", "definitions", "$comment"]);
const ANNOTATIONS = new Set(["title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly"]);
const LOWER_BOUNDS = new Set(["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties"]);
const UPPER_BOUNDS = new Set(["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties"]);
const OBJECT_GROUP = ["properties", "patternProperties", "additionalProperties"];
const ARRAY_GROUP = ["prefixItems", "items"];
const CONTAINS_GROUP = ["contains", "minContains", "maxContains"];
const CONDITION_GROUP = ["if", "then", "else"];

export function bothOf(a: unknown, b: unknown): unknown {
  if (a === undefined || a === true) return b;
  if (b === undefined || b === true || a === b) return a;
  if (a === false || b === false) return false;
  return { allOf: [a, b] };
}

export function withoutKeywords(schema: SchemaObject, keywords: readonly string[]): SchemaObject {
  const copy: SchemaObject = {};
  for (const [keyword, value] of Object.entries(schema)) if (!keywords.includes(keyword)) copy[keyword] = value;
  return copy;
}

function pick(schema: SchemaObject, keywords: readonly string[]): SchemaObject {
  const picked: SchemaObject = {};
  for (const keyword of keywords) if (keyword in schema) picked[keyword] = schema[keyword];
  return picked;
}

const hasAny = (schema: SchemaObject, keywords: readonly string[]): boolean => keywords.some((k) => k in schema);
const typesOf = (type: unknown): string[] => (Array.isArray(type) ? (type as string[]) : [type as string]);
const keysOf = (value: unknown): string[] => (value && typeof value === "object" ? Object.keys(value) : []);

function intersectTypes(a: unknown, b: unknown): string[] {
  const left = typesOf(a);
  const right = typesOf(b);
  const accepts = (types: string[], t: string) => types.includes(t) || (t === "integer" && types.includes("number"));
  return [...new Set([...left.filter((t) => accepts(right, t)), ...right.filter((t) => accepts(left, t))])];
}

/** A closed object (additionalProperties not true) only folds with names it already governs. */
function coversNames(closed: SchemaObject, other: SchemaObject): boolean {
  const names = keysOf(closed.properties);
  const patterns = keysOf(closed.patternProperties).map((p) => new RegExp(p, "u"));
  const covered = (name: string) => names.includes(name) || patterns.some((p) => p.test(name));
  return keysOf(other.properties).every(covered) && keysOf(other.patternProperties).every((p) => keysOf(closed.patternProperties).includes(p));
}

const hasOwn = (record: object, key: string) => Object.prototype.hasOwnProperty.call(record, key);

/** Name-keyed maps (properties, dependentSchemas...) merged with own-property access: "__proto__" is a name too. */
function mergeMaps(a: unknown, b: unknown): SchemaObject | undefined {
  if (a === undefined && b === undefined) return undefined;
  const merged: SchemaObject = {};
  for (const [key, value] of Object.entries((a as SchemaObject) ?? {})) setOwnProperty(merged, key, value);
  for (const [key, value] of Object.entries((b as SchemaObject) ?? {})) setOwnProperty(merged, key, bothOf(hasOwn(merged, key) ? merged[key] : undefined, value));
  return merged;
}

function mergeObjectGroup(out: SchemaObject, b: SchemaObject, residual: SchemaObject): void {
  const isClosed = (s: SchemaObject) => s.additionalProperties !== undefined && s.additionalProperties !== true;
  if ((isClosed(out) && !coversNames(out, b)) || (isClosed(b) && !coversNames(b, out))) {
    Object.assign(residual, pick(b, OBJECT_GROUP));
    return;
  }
  const properties = mergeMaps(out.properties, b.properties);
  const patternProperties = mergeMaps(out.patternProperties, b.patternProperties);
  const additionalProperties = bothOf(out.additionalProperties, b.additionalProperties);
  if (properties) out.properties = properties;
  if (patternProperties) out.patternProperties = patternProperties;
  if (additionalProperties !== undefined) out.additionalProperties = additionalProperties;
}

function mergeArrayGroup(out: SchemaObject, b: SchemaObject, residual: SchemaObject): void {
  const left = out.prefixItems as unknown[] | undefined;
  const right = b.prefixItems as unknown[] | undefined;
  if (Array.isArray(out.items) || Array.isArray(b.items) || (left && right && left.length !== right.length)) {
    Object.assign(residual, pick(b, ARRAY_GROUP));
    return;
  }
  // items governs the positions after its own schema's prefixItems, so it folds into the other's prefix.
  const prefix = left ?? right;
  if (prefix) {
    out.prefixItems = prefix.map((item, i) =>
      left && right ? bothOf(left[i], right[i]) : bothOf(item, left ? b.items : out.items),
    );
  }
  const items = bothOf(out.items, b.items);
  if (items !== undefined) out.items = items;
}

function mergeKeyword(keyword: string, a: unknown, b: unknown): unknown {
  if (keyword === "type") return intersectTypes(a, b);
  if (keyword === "required") return [...new Set([...(a as string[]), ...(b as string[])])];
  if (keyword === "enum") {
    const allowed = new Set((b as unknown[]).map(canonicalJson));
    return (a as unknown[]).filter((value) => allowed.has(canonicalJson(value)));
  }
  if (LOWER_BOUNDS.has(keyword)) return Math.max(a as number, b as number);
  if (UPPER_BOUNDS.has(keyword)) return Math.min(a as number, b as number);
  if (keyword === "multipleOf") return lcmOfSteps(a as number, b as number);
  if (keyword === "uniqueItems") return a === true || b === true;
  if (keyword === "dependentRequired") {
    const merged = mergeMaps(a, {}) as SchemaObject;
    for (const [key, names] of Object.entries(b as SchemaObject)) setOwnProperty(merged, key, [...new Set([...((hasOwn(merged, key) ? merged[key] : []) as string[]), ...(names as string[])])]);
    return merged;
  }
  if (keyword === "dependentSchemas") return mergeMaps(a, b);
  if (keyword === "propertyNames") return bothOf(a, b);
  if (keyword === "not") return { anyOf: [a, b] };
  return undefined;
}

/** Conflicts that make the pair unsatisfiable outright. */
function isContradiction(keyword: string, merged: unknown): boolean {
  return (keyword === "type" || keyword === "enum") && Array.isArray(merged) && merged.length === 0;
}

export function mergeSchemaObjects(a: SchemaObject, b: SchemaObject): MergeResult {
  const out = withoutKeywords(a, [...DROPPED]);
  const residual: SchemaObject = {};
  if (hasAny(b, OBJECT_GROUP)) mergeObjectGroup(out, b, residual);
  if (hasAny(b, ARRAY_GROUP)) mergeArrayGroup(out, b, residual);
  for (const group of [CONTAINS_GROUP, CONDITION_GROUP]) {
    // then/else without if, and minContains without contains, are no-ops.
    if (!(group[0]! in b)) continue;
    if (group[0]! in out) Object.assign(residual, pick(b, group));
    else Object.assign(out, pick(b, group));
  }
  const grouped = new Set([...OBJECT_GROUP, ...ARRAY_GROUP, ...CONTAINS_GROUP, ...CONDITION_GROUP]);
  for (const [keyword, value] of Object.entries(b)) {
    if (grouped.has(keyword) || DROPPED.has(keyword) || (ANNOTATIONS.has(keyword) && keyword in out)) continue;
    if (!(keyword in out) || jsonEqual(out[keyword], value)) {
      out[keyword] = value;
      continue;
    }
    if (keyword === "const") return { merged: false, residuals: [] };
    const merged = mergeKeyword(keyword, out[keyword], value);
    if (isContradiction(keyword, merged)) return { merged: false, residuals: [] };
    if (merged === undefined) residual[keyword] = value;
    else out[keyword] = merged;
  }
  return { merged: out, residuals: Object.keys(residual).length > 0 ? [residual] : [] };
}

/** true/false schemas folded with an object schema. */
export function mergeSchemas(a: JsonSchema, b: JsonSchema): MergeResult {
  if (a === false || b === false) return { merged: false, residuals: [] };
  if (a === true) return { merged: b === true ? {} : withoutKeywords(b, [...DROPPED]), residuals: [] };
  if (b === true) return { merged: withoutKeywords(a, [...DROPPED]), residuals: [] };
  return mergeSchemaObjects(a, b);
}
