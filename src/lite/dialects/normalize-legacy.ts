// Reads a schema object of draft 4, 6, 7, 2019-09 or OpenAPI 3.0 as the draft 2020-12 keywords lite
// compiles: array-form `items` becomes `prefixItems` (and `additionalItems` the `items` after it),
// `dependencies` splits into dependentRequired and dependentSchemas, draft 4's boolean exclusive
// bounds become numeric ones, OpenAPI's `nullable` adds "null" to `type`, and a `$ref` hides its
// siblings where the dialect says so. Errors keep the keywords as written (see `aliases`).
import { hasOwn } from "../has-own.js";
import type { NormalizedSchema } from "../dialect-rules.js";
import type { KeywordTable } from "../schema-keywords.js";

type SchemaObject = Readonly<Record<string, unknown>>;

export interface LegacySemantics {
  /** The keywords the dialect defines: another draft's keyword (annotated as unknown) is dropped. */
  readonly defines: KeywordTable;
  /** The keywords the rewritten object may hold; anything else (annotations, identifiers) is dropped. */
  readonly viewKeywords: KeywordTable;
  /** Draft 4-7 and OpenAPI: every keyword beside `$ref` is ignored. */
  readonly refIgnoresSiblings: boolean;
  /** Draft 4 and OpenAPI: `exclusiveMinimum: true` makes `minimum` exclusive. */
  readonly booleanBounds: boolean;
  /** Draft 4 to 2019-09: `items` may be an array, followed by `additionalItems`. */
  readonly tupleItems: boolean;
  /** Draft 4-7: `dependencies` holds both property lists and schemas. */
  readonly dependencies: boolean;
  /** OpenAPI 3.0: `nullable: true` adds "null" to a `type`. */
  readonly nullable: boolean;
  /** OpenAPI 3.0 from Gemini's SDK: `type: "OBJECT"` reads as "object". */
  readonly anyCaseTypes?: boolean;
}

function lowerCaseType(type: unknown): unknown {
  return typeof type === "string" ? type.toLowerCase() : Array.isArray(type) ? type.map((name) => (typeof name === "string" ? name.toLowerCase() : name)) : type;
}

function tupleItems(schema: SchemaObject, view: Record<string, unknown>, aliases: Record<string, string>): void {
  const items = schema.items;
  if (!Array.isArray(items)) {
    view.items = items;
    return;
  }
  if (items.length > 0) {
    view.prefixItems = items;
    aliases.prefixItems = "items";
  }
  // additionalItems applies only after a tuple; beside a single `items` schema it is ignored.
  if (hasOwn(schema, "additionalItems")) {
    view.items = schema.additionalItems;
    aliases.items = "additionalItems";
  }
}

function splitDependencies(dependencies: Readonly<Record<string, unknown>>, view: Record<string, unknown>, aliases: Record<string, string>): void {
  const required: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  for (const name of Object.keys(dependencies)) (Array.isArray(dependencies[name]) ? required : schemas)[name] = dependencies[name];
  if (Object.keys(required).length > 0) {
    view.dependentRequired = required;
    aliases.dependentRequired = "dependencies";
  }
  if (Object.keys(schemas).length > 0) {
    view.dependentSchemas = schemas;
    aliases.dependentSchemas = "dependencies";
  }
}

/** `minimum` with `exclusiveMinimum: true` is draft 6's `exclusiveMinimum`; a bound without its number means nothing. */
function booleanBound(schema: SchemaObject, view: Record<string, unknown>, bound: "minimum" | "maximum", exclusive: string): void {
  delete view[exclusive];
  if (schema[exclusive] === true && typeof schema[bound] === "number") {
    delete view[bound];
    view[exclusive] = schema[bound];
  }
}

/** Whether `keyword` reads the same in draft 2020-12, so the view would hold it unchanged. */
function keptAsIs(schema: SchemaObject, keyword: string, semantics: LegacySemantics): boolean {
  if (!semantics.viewKeywords.has(keyword) || !semantics.defines.has(keyword)) return false;
  switch (keyword) {
    case "items":
      return !(semantics.tupleItems && Array.isArray(schema.items));
    case "additionalItems":
      return !semantics.tupleItems;
    case "dependencies":
      return !semantics.dependencies;
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return !semantics.booleanBounds;
    case "type":
      return !semantics.anyCaseTypes;
    case "$ref":
      return !semantics.refIgnoresSiblings;
    default:
      return true;
  }
}

/** Whether the schema object is its own view: every keyword kept as it is (most schemas of a tool). */
function readsAsIs(schema: SchemaObject, semantics: LegacySemantics): boolean {
  for (const keyword in schema) if (hasOwn(schema, keyword) && !keptAsIs(schema, keyword, semantics)) return false;
  return !(semantics.nullable && schema.nullable === true);
}

export function normalizeLegacy(schema: SchemaObject, semantics: LegacySemantics): NormalizedSchema {
  // No copy when nothing is rewritten or dropped: compiling allocates nothing it does not need.
  if (readsAsIs(schema, semantics)) return { view: schema, aliases: undefined };
  if (semantics.refIgnoresSiblings && hasOwn(schema, "$ref")) return { view: { $ref: schema.$ref }, aliases: undefined };
  const view: Record<string, unknown> = {};
  const aliases: Record<string, string> = {};
  for (const keyword of Object.keys(schema)) {
    if (keyword === "items" && semantics.tupleItems) tupleItems(schema, view, aliases);
    else if (keyword === "dependencies" && semantics.dependencies) splitDependencies(schema.dependencies as Record<string, unknown>, view, aliases);
    else if (semantics.viewKeywords.has(keyword) && semantics.defines.has(keyword) && !(keyword === "additionalItems" && semantics.tupleItems)) {
      view[keyword] = schema[keyword];
    }
  }
  if (semantics.booleanBounds) {
    booleanBound(schema, view, "minimum", "exclusiveMinimum");
    booleanBound(schema, view, "maximum", "exclusiveMaximum");
  }
  if (semantics.anyCaseTypes && view.type !== undefined) view.type = lowerCaseType(view.type);
  if (semantics.nullable && schema.nullable === true && typeof view.type === "string") view.type = [view.type, "null"];
  return { view, aliases: Object.keys(aliases).length > 0 ? aliases : undefined };
}
