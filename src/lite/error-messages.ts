// Ajv's error messages, word for word, so lite's errors compare field by field with Ajv's. A
// message is a template over the error's params ("{limit}"), filled once per error site in most
// cases (see ErrorSite), so the table stays small and an error costs no formatting. The keywords a
// keyword module compiles have their templates in that module's table below, which the module
// brings (keyword-modules.ts): a bundle without the module ships neither.

type Params = Readonly<Record<string, unknown>>;

/** A message with "{param}" holes, or one whose wording depends on the params. */
export type Template = string | ((params: Params) => string);

const fewer = (noun: string) => `must NOT have fewer than {limit} ${noun}`;
const more = (noun: string) => `must NOT have more than {limit} ${noun}`;
const compared = "must be {comparison} {limit}";

/** The keywords every compile checks (and its own refusals at run time). Below, the modules' tables mark their calls pure, so a bundle without the module drops them. */
const TEMPLATES: Record<string, Template> = {
  type: "must be {type}",
  enum: "must be equal to one of the allowed values",
  const: "must be equal to constant",
  required: "must have required property '{missingProperty}'",
  additionalProperties: "must NOT have additional properties",
  multipleOf: "must be multiple of {multipleOf}",
  pattern: 'must match pattern "{pattern}"',
  format: 'must match format "{format}"',
  "false schema": "boolean schema is false",
  maxDepth: "must NOT be nested deeper than {limit} levels",
  minLength: fewer("characters"),
  maxLength: more("characters"),
  minimum: compared,
  maximum: compared,
  exclusiveMinimum: compared,
  exclusiveMaximum: compared,
};

export const ARRAY_TEMPLATES: Readonly<Record<string, Template>> = {
  uniqueItems: "must NOT have duplicate items (items ## {j} and {i} are identical)",
  minItems: /* @__PURE__ */ fewer("items"),
  maxItems: /* @__PURE__ */ more("items"),
  items: /* @__PURE__ */ more("items"),
  additionalItems: /* @__PURE__ */ more("items"),
  contains: (params) => `must contain at least {minContains}${params.maxContains === undefined ? "" : " and no more than {maxContains}"} valid item(s)`,
};

const dependencies: Template = (params) => `must have ${params.depsCount === 1 ? "property" : "properties"} {deps} when property {property} is present`;

export const OBJECT_TEMPLATES: Readonly<Record<string, Template>> = {
  propertyNames: "property name must be valid",
  minProperties: /* @__PURE__ */ fewer("properties"),
  maxProperties: /* @__PURE__ */ more("properties"),
  dependentRequired: dependencies,
  dependencies,
};

export const APPLICATOR_TEMPLATES: Readonly<Record<string, Template>> = {
  anyOf: "must match a schema in anyOf",
  oneOf: "must match exactly one schema in oneOf",
  not: "must NOT be valid",
  if: 'must match "{failingKeyword}" schema',
};

export const REF_TEMPLATES: Readonly<Record<string, Template>> = {
  $ref: "must NOT recurse into the same schema without consuming input",
};

export const UNEVALUATED_TEMPLATES: Readonly<Record<string, Template>> = {
  unevaluatedProperties: "must NOT have unevaluated properties",
  unevaluatedItems: /* @__PURE__ */ more("items"),
};

/**
 * Adds a keyword module's templates (a compile does, for each of its modules). They are the same
 * words whoever adds them, so adding them again changes nothing.
 */
export function addTemplates(templates: Readonly<Record<string, Template>>): void {
  Object.assign(TEMPLATES, templates);
}

export function errorMessage(keyword: string, params: Params): string {
  const found = TEMPLATES[keyword] ?? `must pass "${keyword}" keyword validation`;
  const template = typeof found === "string" ? found : found(params);
  return template.indexOf("{") < 0 ? template : template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));
}
