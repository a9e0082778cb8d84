// The one schema walker: every subschema, once, depth first, with its JSON Pointer and where it hangs.
// Profiles, translation, generators, detection and compat all walk through here so they agree on
// what a subschema is (enum, const, default and examples hold data, never schemas).
import { encodePointerToken } from "./json-pointer.js";
import type { JsonSchema } from "./types.js";

/** How a keyword holds its subschemas. */
export type SubschemaShape = "schema" | "schema-map" | "schema-list";

/** Keywords whose values are subschemas (draft 2020-12, plus the draft-07 spellings still seen in catalogs). */
// A null-prototype table: looking up a schema's own key such as "constructor" or "toString" finds
// nothing, never Object.prototype's member (every `SUBSCHEMA_KEYWORDS[keyword]` lookup relies on it).
export const SUBSCHEMA_KEYWORDS: Readonly<Record<string, SubschemaShape>> = Object.assign(Object.create(null) as Record<string, SubschemaShape>, {
  properties: "schema-map",
  patternProperties: "schema-map",
  additionalProperties: "schema",
  propertyNames: "schema",
  dependentSchemas: "schema-map",
  unevaluatedProperties: "schema",
  items: "schema", // a list in draft-07 (tuple form); handled below
  prefixItems: "schema-list",
  additionalItems: "schema",
  contains: "schema",
  unevaluatedItems: "schema",
  anyOf: "schema-list",
  oneOf: "schema-list",
  allOf: "schema-list",
  not: "schema",
  if: "schema",
  then: "schema",
  else: "schema",
  $defs: "schema-map",
  definitions: "schema-map",
  dependencies: "schema-map", // draft-07: values that are string lists are not schemas and are skipped
});

export interface SubschemaEntry {
  /** The keyword in the parent that holds this subschema, e.g. `properties`, `items`, `anyOf`. */
  readonly keyword: string;
  /** Property name, definition name or list index under the keyword; null for single-schema keywords. */
  readonly key: string | number | null;
  readonly schema: JsonSchema;
}

export interface SchemaVisit {
  readonly schema: JsonSchema;
  /** JSON Pointer from the root schema to this subschema. */
  readonly path: string;
  /** Null for the root. */
  readonly keyword: string | null;
  readonly key: string | number | null;
  readonly parent: SchemaVisit | null;
  /** 0 for the root, +1 per subschema step (not per object level: see measureSchema for that). */
  readonly depth: number;
}

/** Return false to skip the children of this subschema. */
export type SchemaVisitor = (visit: SchemaVisit) => void | boolean;

export function isSchema(value: unknown): value is JsonSchema {
  return typeof value === "boolean" || (value !== null && typeof value === "object" && !Array.isArray(value));
}

export function isSchemaObject(value: unknown): value is { [keyword: string]: unknown } {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

const SHAPES = new Map<string, SubschemaShape>(Object.entries(SUBSCHEMA_KEYWORDS));

/** The shape of a subschema keyword, or undefined (an own-key lookup: `constructor` is no keyword). */
export function subschemaShape(keyword: string): SubschemaShape | undefined {
  return SHAPES.get(keyword);
}

/** Calls `each` for every direct subschema, in the schema's own key order, without building a list. */
export function forEachSubschema(schema: JsonSchema, each: (keyword: string, key: string | number | null, subschema: JsonSchema) => void): void {
  if (!isSchemaObject(schema)) return;
  for (const keyword of Object.keys(schema)) {
    const shape = SHAPES.get(keyword);
    if (shape === undefined) continue;
    const value = schema[keyword];
    if (shape === "schema-list" || (keyword === "items" && Array.isArray(value))) {
      if (!Array.isArray(value)) continue;
      for (let index = 0; index < value.length; index++) {
        const item: unknown = value[index];
        if (isSchema(item)) each(keyword, index, item);
      }
    } else if (shape === "schema-map") {
      if (!isSchemaObject(value)) continue;
      for (const key of Object.keys(value)) {
        const item = value[key];
        if (isSchema(item)) each(keyword, key, item);
      }
    } else if (isSchema(value)) {
      each(keyword, null, value);
    }
  }
}

/** The direct subschemas of a schema, in the schema's own key order. */
export function subschemaEntries(schema: JsonSchema): SubschemaEntry[] {
  const entries: SubschemaEntry[] = [];
  forEachSubschema(schema, (keyword, key, subschema) => entries.push({ keyword, key, schema: subschema }));
  return entries;
}

export function childPath(parentPath: string, entry: Pick<SubschemaEntry, "keyword" | "key">): string {
  // Built by hand, not with appendPointer's token list: every walk makes one path per subschema.
  // Keywords come from SUBSCHEMA_KEYWORDS and need no escaping.
  const base = `${parentPath}/${entry.keyword}`;
  return entry.key === null ? base : `${base}/${typeof entry.key === "number" ? entry.key : encodePointerToken(entry.key)}`;
}

/**
 * Visits the root and every subschema, pre-order, in the schema's key order. Object identity cycles
 * (possible in hand-built schemas, never in parsed JSON) are visited once on each path and not re-entered.
 */
export function walkSchema(schema: JsonSchema, visit: SchemaVisitor): void {
  const onPath = new Set<object>();
  // forEachSubschema's loop written out: no callback closure per node (every walk visits every node).
  const step = (current: SchemaVisit): void => {
    if (visit(current) === false) return;
    const node = current.schema;
    if (!isSchemaObject(node) || onPath.has(node)) return;
    onPath.add(node);
    const depth = current.depth + 1;
    for (const keyword of Object.keys(node)) {
      const shape = SHAPES.get(keyword);
      if (shape === undefined) continue;
      const value = node[keyword];
      // Keywords come from SUBSCHEMA_KEYWORDS and need no escaping (as in childPath).
      const base = `${current.path}/${keyword}`;
      if (shape === "schema-list" || (keyword === "items" && Array.isArray(value))) {
        if (!Array.isArray(value)) continue;
        for (let index = 0; index < value.length; index++) {
          const item: unknown = value[index];
          if (isSchema(item)) step({ schema: item, path: `${base}/${index}`, keyword, key: index, parent: current, depth });
        }
      } else if (shape === "schema-map") {
        if (!isSchemaObject(value)) continue;
        for (const key of Object.keys(value)) {
          const item = value[key];
          if (isSchema(item)) step({ schema: item, path: `${base}/${encodePointerToken(key)}`, keyword, key, parent: current, depth });
        }
      } else if (isSchema(value)) {
        step({ schema: value, path: base, keyword, key: null, parent: current, depth });
      }
    }
    onPath.delete(node);
  };
  step({ schema, path: "", keyword: null, key: null, parent: null, depth: 0 });
}

/** Every subschema visit as a list, for callers that filter or count. */
export function listSubschemas(schema: JsonSchema): SchemaVisit[] {
  const visits: SchemaVisit[] = [];
  walkSchema(schema, (visit) => {
    visits.push(visit);
  });
  return visits;
}
