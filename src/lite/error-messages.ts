// Ajv's error messages, word for word, so lite's errors compare field by field with Ajv's.

type Params = Readonly<Record<string, any>>;

const MESSAGES: Readonly<Record<string, (params: Params) => string>> = {
  type: (p) => `must be ${p.type}`,
  enum: () => "must be equal to one of the allowed values",
  const: () => "must be equal to constant",
  required: (p) => `must have required property '${p.missingProperty}'`,
  additionalProperties: () => "must NOT have additional properties",
  unevaluatedProperties: () => "must NOT have unevaluated properties",
  dependentRequired: (p) => `must have ${p.depsCount === 1 ? "property" : "properties"} ${p.deps} when property ${p.property} is present`,
  propertyNames: () => "property name must be valid",
  multipleOf: (p) => `must be multiple of ${p.multipleOf}`,
  pattern: (p) => `must match pattern "${p.pattern}"`,
  format: (p) => `must match format "${p.format}"`,
  uniqueItems: (p) => `must NOT have duplicate items (items ## ${p.j} and ${p.i} are identical)`,
  contains: (p) =>
    p.maxContains === undefined
      ? `must contain at least ${p.minContains} valid item(s)`
      : `must contain at least ${p.minContains} and no more than ${p.maxContains} valid item(s)`,
  anyOf: () => "must match a schema in anyOf",
  oneOf: () => "must match exactly one schema in oneOf",
  not: () => "must NOT be valid",
  if: (p) => `must match "${p.failingKeyword}" schema`,
  "false schema": () => "boolean schema is false",
  $ref: () => "must NOT recurse into the same schema without consuming input",
  maxDepth: (p) => `must NOT be nested deeper than ${p.limit} levels`,
};

// Count limits share one sentence: "must NOT have fewer than 2 items".
const COUNTED: Readonly<Record<string, readonly [comparison: string, noun: string]>> = {
  minLength: ["fewer", "characters"],
  maxLength: ["more", "characters"],
  minItems: ["fewer", "items"],
  maxItems: ["more", "items"],
  items: ["more", "items"],
  unevaluatedItems: ["more", "items"],
  minProperties: ["fewer", "properties"],
  maxProperties: ["more", "properties"],
};

export function errorMessage(keyword: string, params: Params): string {
  const counted = COUNTED[keyword];
  if (counted !== undefined) return `must NOT have ${counted[0]} than ${params.limit} ${counted[1]}`;
  if ("comparison" in params) return `must be ${params.comparison} ${params.limit}`;
  return MESSAGES[keyword]?.(params) ?? `must pass "${keyword}" keyword validation`;
}
