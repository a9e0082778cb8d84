// Ajv's error messages, word for word, so lite's errors compare field by field with Ajv's. A
// message is a template over the error's params ("{limit}"), filled once per error site in most
// cases (see ErrorSite), so the table stays small and an error costs no formatting.

type Params = Readonly<Record<string, unknown>>;

const fewer = (noun: string) => `must NOT have fewer than {limit} ${noun}`;
const more = (noun: string) => `must NOT have more than {limit} ${noun}`;
const compared = "must be {comparison} {limit}";

const TEMPLATES: Readonly<Record<string, string>> = {
  type: "must be {type}",
  enum: "must be equal to one of the allowed values",
  const: "must be equal to constant",
  required: "must have required property '{missingProperty}'",
  additionalProperties: "must NOT have additional properties",
  unevaluatedProperties: "must NOT have unevaluated properties",
  propertyNames: "property name must be valid",
  multipleOf: "must be multiple of {multipleOf}",
  pattern: 'must match pattern "{pattern}"',
  format: 'must match format "{format}"',
  uniqueItems: "must NOT have duplicate items (items ## {j} and {i} are identical)",
  anyOf: "must match a schema in anyOf",
  oneOf: "must match exactly one schema in oneOf",
  not: "must NOT be valid",
  if: 'must match "{failingKeyword}" schema',
  "false schema": "boolean schema is false",
  $ref: "must NOT recurse into the same schema without consuming input",
  maxDepth: "must NOT be nested deeper than {limit} levels",
  minLength: fewer("characters"),
  maxLength: more("characters"),
  minItems: fewer("items"),
  maxItems: more("items"),
  items: more("items"),
  additionalItems: more("items"),
  unevaluatedItems: more("items"),
  minProperties: fewer("properties"),
  maxProperties: more("properties"),
  minimum: compared,
  maximum: compared,
  exclusiveMinimum: compared,
  exclusiveMaximum: compared,
};

/** The two keywords whose wording depends on their params. */
function templateOf(keyword: string, params: Params): string | undefined {
  if (keyword === "contains") {
    return `must contain at least {minContains}${params.maxContains === undefined ? "" : " and no more than {maxContains}"} valid item(s)`;
  }
  if (keyword === "dependentRequired" || keyword === "dependencies") return `must have ${params.depsCount === 1 ? "property" : "properties"} {deps} when property {property} is present`;
  return TEMPLATES[keyword];
}

export function errorMessage(keyword: string, params: Params): string {
  const template = templateOf(keyword, params) ?? `must pass "${keyword}" keyword validation`;
  return template.indexOf("{") < 0 ? template : template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));
}
