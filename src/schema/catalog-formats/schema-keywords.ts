// Every keyword of every JSON Schema dialect schemalab reads (draft-04 to 2020-12, OpenAPI 3.0's
// schema object), so that a document is recognised as a schema by its keywords whatever its dialect.

export const JSON_SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  // core and identifiers, every draft
  "$schema", "$id", "id", "$ref", "$defs", "definitions", "$anchor", "$dynamicAnchor", "$dynamicRef",
  "$recursiveRef", "$recursiveAnchor", "$vocabulary", "$comment",
  // any instance
  "type", "enum", "const",
  // numbers
  "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
  // strings
  "maxLength", "minLength", "pattern", "format", "contentEncoding", "contentMediaType", "contentSchema",
  // arrays
  "items", "additionalItems", "prefixItems", "maxItems", "minItems", "uniqueItems", "contains", "maxContains",
  "minContains", "unevaluatedItems",
  // objects
  "maxProperties", "minProperties", "required", "properties", "patternProperties", "additionalProperties",
  "dependencies", "dependentRequired", "dependentSchemas", "propertyNames", "unevaluatedProperties",
  // applicators
  "allOf", "anyOf", "oneOf", "not", "if", "then", "else",
  // annotations
  "title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly",
  // OpenAPI 3.0 schema object
  "nullable", "discriminator", "example", "xml", "externalDocs",
]);

/** Top-level fields of a single tool declaration: an object holding one is a tool, not a schema. */
export const TOOL_DECLARATION_FIELDS: readonly string[] = ["input_schema", "inputSchema", "parameters", "parametersJsonSchema", "function", "functionDeclarations"];
