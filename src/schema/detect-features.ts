// Which taxonomy features a schema uses, and where. A keyword that is present counts as used even when
// its value makes it a no-op (`uniqueItems: false`, `required: []`): providers reject by keyword name.
// The `limit:*` features are thresholds, not keywords: measureSchema gives the numbers to compare.
// Two features name an absence or a remainder: `type:any` (a value schema that names no type) and
// `keyword:other` (a keyword no taxonomy entry names; which one is in the result's path and text).
import { FEATURES, formatFeatureId, isFeatureId } from "./features.js";
import { appendPointer } from "./json-pointer.js";
import { isTypeUnion, optionalPropertyNames } from "./measure-schema.js";
import { analyzeRefGraph } from "./ref-graph.js";
import { createLocalRefResolver, type LocalRefResolver } from "./resolve-ref.js";
import type { FeatureUse, JsonSchema } from "./types.js";
import { isSchemaObject, walkSchema } from "./walk-schema.js";

export { measureSchema, type SchemaMeasures } from "./measure-schema.js";

/** Keywords whose presence alone means the feature, in the order uses are reported for one location. */
const KEYWORD_FEATURES: readonly (readonly [keyword: string, feature: string])[] = [
  ["properties", "properties"],
  ["required", "required"],
  ["patternProperties", "patternProperties"],
  ["propertyNames", "propertyNames"],
  ["minProperties", "minProperties"],
  ["maxProperties", "maxProperties"],
  ["dependentRequired", "dependentRequired"],
  ["dependentSchemas", "dependentSchemas"],
  ["unevaluatedProperties", "unevaluatedProperties"],
  ["items", "items"],
  ["prefixItems", "prefixItems"],
  ["minItems", "minItems"],
  ["maxItems", "maxItems"],
  ["uniqueItems", "uniqueItems"],
  ["contains", "contains"],
  ["minContains", "contains"],
  ["maxContains", "contains"],
  ["unevaluatedItems", "unevaluatedItems"],
  ["minLength", "minLength"],
  ["maxLength", "maxLength"],
  ["pattern", "pattern"],
  ["minimum", "minimum"],
  ["maximum", "maximum"],
  ["exclusiveMinimum", "exclusiveMinimum"],
  ["exclusiveMaximum", "exclusiveMaximum"],
  ["multipleOf", "multipleOf"],
  ["enum", "enum"],
  ["const", "const"],
  ["anyOf", "anyOf"],
  ["oneOf", "oneOf"],
  ["allOf", "allOf"],
  ["not", "not"],
  ["if", "if-then-else"],
  ["then", "if-then-else"],
  ["else", "if-then-else"],
  ["description", "description"],
  ["title", "title"],
  ["default", "default"],
  ["examples", "examples"],
];

/** Keywords allowed beside `$ref` without making it `$ref:siblings`: annotations and core identifiers. */
const REF_NEUTRAL_SIBLINGS = new Set([
  "$ref",
  "$schema",
  "$id",
  "$anchor",
  "$dynamicAnchor",
  "$comment",
  "$defs",
  "definitions",
  "$vocabulary",
  "title",
  "description",
  "default",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
]);

/** Keywords that give a schema its type, or hand it to subschemas or a target that do. */
export const TYPING_KEYWORDS: readonly string[] = ["type", "enum", "const", "$ref", "anyOf", "oneOf", "allOf"];

/**
 * Subschemas that refine the instance their parent already describes (or a property name, always a
 * string): they declare no value of their own, so they need no type of their own.
 */
const REFINING_KEYWORDS = new Set(["allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas", "dependencies", "propertyNames", "contains"]);

/** True for a schema object that names no type: no type, enum, const, $ref or composition. */
export function namesNoType(schema: { [keyword: string]: unknown }): boolean {
  return !TYPING_KEYWORDS.some((keyword) => keyword in schema);
}

/** Every keyword some taxonomy feature names, plus `definitions` (the draft-07 spelling of `$defs`). */
const TAXONOMY_KEYWORDS = new Set([...FEATURES.flatMap((feature) => feature.keywords), "definitions"]);

/** The keywords of a schema object that no taxonomy feature names (`keyword:other`), in key order. */
export function otherKeywordsOf(schema: unknown): string[] {
  return isSchemaObject(schema) ? Object.keys(schema).filter((keyword) => !TAXONOMY_KEYWORDS.has(keyword)) : [];
}

/**
 * Every feature use, in walk order (pre-order, the schema's key order), each (feature, path) once.
 * The path is the schema location that uses the feature; for `optional` it is the property's own
 * subschema (`/properties/data/properties/body_fat_pct`).
 */
export function detectFeatures(schema: JsonSchema): FeatureUse[] {
  const uses: FeatureUse[] = [];
  if (!isSchemaObject(schema) || schema.type !== "object") uses.push({ feature: "root:non-object", path: "" });
  const refs = lazyRefFacts(schema);
  // Each (feature, path) once. Every use but `optional` names the visited path, so the few features
  // seen at this visit are all there is to compare against; `optional` names each property once.
  const seenHere: string[] = [];
  const add = (feature: string, path: string): void => {
    if (feature !== "optional") {
      if (seenHere.includes(feature)) return;
      seenHere.push(feature);
    }
    uses.push({ feature, path });
  };
  walkSchema(schema, ({ schema: subschema, path, keyword }) => {
    if (!isSchemaObject(subschema)) return;
    seenHere.length = 0;
    if (path === "" && uses.length > 0) seenHere.push("root:non-object");
    if (detectAt(subschema, path, add, refs)) add("keyword:other", path);
    // The root's own type is root:non-object's business; refining subschemas take their parent's.
    if (keyword !== null && !REFINING_KEYWORDS.has(keyword) && namesNoType(subschema)) add("type:any", path);
  });
  return uses;
}

const documentUses = new WeakMap<object, readonly FeatureUse[]>();

/**
 * detectFeatures, memoized per document (by identity): for schemas that are never edited, such as a
 * declared schema that every target's translation reads. The result is shared: do not change it.
 */
export function detectDocumentFeatures(schema: JsonSchema): readonly FeatureUse[] {
  if (typeof schema === "boolean") return detectFeatures(schema);
  let uses = documentUses.get(schema);
  if (uses === undefined) documentUses.set(schema, (uses = detectFeatures(schema)));
  return uses;
}

/** The distinct feature ids a schema uses, in first-use order. */
export function featureIdsOf(schema: JsonSchema): string[] {
  return [...new Set(detectFeatures(schema).map((use) => use.feature))];
}

interface RefFacts {
  readonly resolver: () => LocalRefResolver;
  readonly recursiveRefPaths: () => ReadonlySet<string>;
}

/** Resolver and recursion facts, made on the first `$ref` met: a schema without refs never pays for them. */
function lazyRefFacts(root: JsonSchema): RefFacts {
  let resolver: LocalRefResolver | undefined;
  let recursive: ReadonlySet<string> | undefined;
  const resolverOf = (): LocalRefResolver => (resolver ??= createLocalRefResolver(root));
  return { resolver: resolverOf, recursiveRefPaths: () => (recursive ??= findRecursiveRefs(root, resolverOf())) };
}

type AddUse = (feature: string, path: string) => void;

const KEYWORD_ORDER = new Map(KEYWORD_FEATURES.map(([keyword], index) => [keyword, index]));

// Reused by every detectAt call (it does not recurse): no list per node.
const found: number[] = [];

/** Adds the uses at one node; true when it has a keyword no taxonomy feature names (`keyword:other`). */
function detectAt(schema: { [keyword: string]: unknown }, path: string, add: AddUse, refs: RefFacts): boolean {
  detectTypes(schema.type, path, add);
  // The schema's own keys, put in KEYWORD_FEATURES order: a node holds a few of its 39 keywords.
  found.length = 0;
  let other = false;
  for (const key of Object.keys(schema)) {
    const index = KEYWORD_ORDER.get(key);
    if (index !== undefined) found.push(index);
    else if (!other && !TAXONOMY_KEYWORDS.has(key)) other = true;
  }
  if (found.length > 1) found.sort((a, b) => a - b);
  for (const index of found) {
    const [keyword, feature] = KEYWORD_FEATURES[index]!;
    add(feature, path);
    // Optional properties are reported right after `properties`, where a reader looks for them.
    if (keyword === "properties") {
      for (const name of optionalPropertyNames(schema)) add("optional", appendPointer(path, "properties", name));
    }
  }
  detectAdditionalProperties(schema.additionalProperties, path, add);
  if (typeof schema.format === "string") add(formatFeatureId(schema.format), path);
  if (typeof schema.$ref === "string") detectRef(schema, schema.$ref, path, add, refs);
  return other;
}

// `type:<name>` ids by type name, for the names the taxonomy has: no id string built per node.
const TYPE_FEATURES = new Map(FEATURES.filter((feature) => feature.id.startsWith("type:")).map((feature) => [feature.id.slice("type:".length), feature.id]));

function detectTypes(type: unknown, path: string, add: AddUse): void {
  if (typeof type === "string") {
    const feature = TYPE_FEATURES.get(type);
    if (feature !== undefined) add(feature, path);
    return;
  }
  if (!Array.isArray(type)) return;
  for (const name of type) {
    const feature = typeof name === "string" ? TYPE_FEATURES.get(name) : undefined;
    if (feature !== undefined) add(feature, path);
  }
  if (isTypeUnion({ type })) add("type:union", path);
}

function detectAdditionalProperties(value: unknown, path: string, add: AddUse): void {
  if (value === false) add("additionalProperties:false", path);
  else if (value === true) add("additionalProperties:true", path);
  else if (isSchemaObject(value)) add("additionalProperties:schema", path);
}

function detectRef(schema: { [keyword: string]: unknown }, ref: string, path: string, add: AddUse, refs: RefFacts): void {
  if (refs.resolver().isLocal(ref)) add("$ref:local", path);
  if (refs.recursiveRefPaths().has(path)) add("$ref:recursive", path);
  if (Object.keys(schema).some((keyword) => !REF_NEUTRAL_SIBLINGS.has(keyword))) add("$ref:siblings", path);
}

/**
 * Paths of the `$ref`s whose target leads back to the ref itself: the target contains the ref, or
 * contains refs that (transitively) reach a schema containing it. One pass over the ref graph.
 */
export function findRecursiveRefs(root: JsonSchema, resolver: LocalRefResolver = createLocalRefResolver(root)): Set<string> {
  return new Set(analyzeRefGraph(root, resolver).refs.filter((ref) => ref.recursive).map((ref) => ref.path));
}
