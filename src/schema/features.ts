// The one feature taxonomy: probes, profiles, detection, generators and report rows all use these ids.
// A feature id names a JSON Schema keyword, with a variant after a colon where it matters.

export type FeatureCategory =
  | "type"
  | "object"
  | "array"
  | "string"
  | "format"
  | "number"
  | "value"
  | "composition"
  | "reference"
  | "structure"
  | "annotation";

export interface FeatureInfo {
  readonly id: string;
  readonly category: FeatureCategory;
  /** The JSON Schema keywords this feature is about (empty for structural features). */
  readonly keywords: readonly string[];
  readonly summary: string;
}

const f = (id: string, category: FeatureCategory, keywords: string[], summary: string): FeatureInfo => ({
  id,
  category,
  keywords,
  summary,
});

export const FEATURES: readonly FeatureInfo[] = [
  f("type:string", "type", ["type"], "type string"),
  f("type:number", "type", ["type"], "type number"),
  f("type:integer", "type", ["type"], "type integer (number with zero fraction)"),
  f("type:boolean", "type", ["type"], "type boolean"),
  f("type:object", "type", ["type"], "type object"),
  f("type:array", "type", ["type"], "type array"),
  f("type:null", "type", ["type"], "type null"),
  f("type:union", "type", ["type"], "a type array with more than one type"),
  f("type:any", "type", ["type"], "no type: a value schema without type, enum, const, $ref or a composition (any value)"),
  f("properties", "object", ["properties"], "named properties"),
  f("required", "object", ["required"], "required properties"),
  f("optional", "object", ["properties", "required"], "a property that is not required"),
  f("additionalProperties:false", "object", ["additionalProperties"], "no properties beyond those declared"),
  f("additionalProperties:true", "object", ["additionalProperties"], "extra properties explicitly allowed"),
  f("additionalProperties:schema", "object", ["additionalProperties"], "extra properties must match a schema"),
  f("patternProperties", "object", ["patternProperties"], "properties matched by name pattern"),
  f("propertyNames", "object", ["propertyNames"], "a schema for property names"),
  f("minProperties", "object", ["minProperties"], "at least N properties"),
  f("maxProperties", "object", ["maxProperties"], "at most N properties"),
  f("dependentRequired", "object", ["dependentRequired"], "a property requires others"),
  f("dependentSchemas", "object", ["dependentSchemas"], "a property requires a schema"),
  f("unevaluatedProperties", "object", ["unevaluatedProperties"], "properties not evaluated by any subschema"),
  f("order:properties", "object", ["properties"], "property order: whether properties come back in declared order (JSON Schema does not constrain it; OpenAI strict, Gemini's propertyOrdering and grammar engines such as XGrammar impose it)"),
  f("items", "array", ["items"], "a schema for array items"),
  f("prefixItems", "array", ["prefixItems"], "tuple positions"),
  f("minItems", "array", ["minItems"], "at least N items"),
  f("maxItems", "array", ["maxItems"], "at most N items"),
  f("uniqueItems", "array", ["uniqueItems"], "no two equal items"),
  f("contains", "array", ["contains", "minContains", "maxContains"], "some item matches a schema"),
  f("unevaluatedItems", "array", ["unevaluatedItems"], "items not evaluated by any subschema"),
  f("minLength", "string", ["minLength"], "at least N code points"),
  f("maxLength", "string", ["maxLength"], "at most N code points"),
  f("pattern", "string", ["pattern"], "matches a regular expression"),
  f("format:date", "format", ["format"], "RFC 3339 full-date"),
  f("format:date-time", "format", ["format"], "RFC 3339 date-time"),
  f("format:time", "format", ["format"], "RFC 3339 full-time"),
  f("format:duration", "format", ["format"], "ISO 8601 duration"),
  f("format:email", "format", ["format"], "e-mail address"),
  f("format:hostname", "format", ["format"], "host name"),
  f("format:ipv4", "format", ["format"], "IPv4 address"),
  f("format:ipv6", "format", ["format"], "IPv6 address"),
  f("format:uuid", "format", ["format"], "UUID"),
  f("format:uri", "format", ["format"], "absolute URI"),
  f("format:uri-reference", "format", ["format"], "URI reference"),
  f("format:json-pointer", "format", ["format"], "JSON Pointer"),
  f("format:regex", "format", ["format"], "regular expression"),
  f("format:other", "format", ["format"], "a format outside the list above"),
  f("minimum", "number", ["minimum"], "inclusive lower bound"),
  f("maximum", "number", ["maximum"], "inclusive upper bound"),
  f("exclusiveMinimum", "number", ["exclusiveMinimum"], "exclusive lower bound"),
  f("exclusiveMaximum", "number", ["exclusiveMaximum"], "exclusive upper bound"),
  f("multipleOf", "number", ["multipleOf"], "a multiple of a number"),
  f("enum", "value", ["enum"], "one of listed values"),
  f("const", "value", ["const"], "exactly one value"),
  f("anyOf", "composition", ["anyOf"], "at least one subschema"),
  f("oneOf", "composition", ["oneOf"], "exactly one subschema"),
  f("allOf", "composition", ["allOf"], "every subschema"),
  f("not", "composition", ["not"], "not a subschema"),
  f("if-then-else", "composition", ["if", "then", "else"], "conditional subschemas"),
  f("$ref:local", "reference", ["$ref", "$defs"], "a reference inside the document"),
  f("$ref:recursive", "reference", ["$ref"], "a reference that reaches itself"),
  f("$ref:siblings", "reference", ["$ref"], "other keywords beside $ref"),
  f("root:non-object", "structure", [], "the root schema is not an object schema"),
  f("limit:nesting-depth", "structure", [], "how deep objects nest"),
  f("limit:property-count", "structure", [], "how many properties in all"),
  f("limit:enum-size", "structure", [], "how many enum values (and their total length)"),
  f("limit:total-string-length", "structure", [], "how many characters of property names, definition names, enum and const values in all"),
  f("limit:optional-count", "structure", [], "how many optional properties (not in required) in all"),
  f("limit:union-count", "structure", [], "how many union places (anyOf, oneOf, a type array) in all"),
  f("limit:tool-count", "structure", [], "how many tools in one request"),
  f("description", "annotation", ["description"], "description annotation"),
  f("title", "annotation", ["title"], "title annotation"),
  f("default", "annotation", ["default"], "default annotation"),
  f("examples", "annotation", ["examples"], "examples annotation"),
  // Every keyword no entry above names ($schema, $id, $comment, deprecated, vendor x- keywords...):
  // none constrains a value under draft 2020-12. Results name the keyword in their path, note or error.
  f("keyword:other", "annotation", [], "a keyword outside this taxonomy ($schema, $comment, x- vendor keywords...)"),
];

export type FeatureId = string;

const byId = new Map(FEATURES.map((info) => [info.id, info]));

export const FEATURE_IDS: readonly FeatureId[] = FEATURES.map((info) => info.id);

export function isFeatureId(id: string): boolean {
  return byId.has(id);
}

export function featureInfo(id: FeatureId): FeatureInfo {
  const info = byId.get(id);
  if (!info) throw new Error(`unknown feature id: ${id}`);
  return info;
}

/** The feature id for a `format` value: known formats have their own id, the rest share `format:other`. */
const formatIds = new Map<string, FeatureId>();

export function formatFeatureId(format: string): FeatureId {
  let id = formatIds.get(format);
  if (id === undefined) {
    const named = `format:${format}`;
    id = byId.has(named) ? named : "format:other";
    // Formats are few in practice; a document full of made-up ones is not kept whole.
    if (formatIds.size < 1000) formatIds.set(format, id);
  }
  return id;
}
