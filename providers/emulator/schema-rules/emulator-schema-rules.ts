// Mode rules and limits that are not one keyword's presence (OpenAI strict: every object needs
// `properties` and `additionalProperties: false`, arrays need `items`...), checked in walk order so the
// first offending place is the one named, as the providers do. Limits are sizes (properties, nesting,
// enum values and lengths, total string length, optional and union parameters) and tools per request,
// each refused only where its `limit:*` cell says so.
import { isSchemaObject, walkSchema } from "../../../src/schema/walk-schema.js";
import type { JsonSchema } from "../../../src/schema/types.js";
import type { CapabilityStatus, LimitName, RuleName } from "../../profiles/profile-types.js";
import { measureLimits, measureRequestLimits, type LimitMeasures } from "./emulator-limit-measures.js";
import { combinationViolation, hasCombinationRules } from "../../translation/keyword-combination-rules.js";
import type { ModePolicy, SchemaRejection, ToolTally } from "../emulator-types.js";

type Node = { [keyword: string]: unknown };

interface NodeRule {
  readonly rule: RuleName;
  readonly feature: string;
  readonly keyword: string;
  readonly violated: (node: Node) => boolean;
  /** The rule is the feature's own refusal: the feature cell's text stands in when the rule has none. */
  readonly cellText?: true;
}

const NODE_RULES: readonly NodeRule[] = [
  // A schema with no type is `type:any` (OpenAI: "schema must have a 'type' key").
  { rule: "schemasNeedType", feature: "type:any", keyword: "type", violated: (node) => !["type", "anyOf", "$ref", "enum", "const"].some((key) => key in node), cellText: true },
  { rule: "objectsNeedProperties", feature: "properties", keyword: "properties", violated: (node) => node.type === "object" && !("properties" in node) },
  { rule: "additionalPropertiesFalseRequired", feature: "additionalProperties:false", keyword: "additionalProperties", violated: (node) => isObjectNode(node) && !("additionalProperties" in node) },
  { rule: "arraysNeedItems", feature: "items", keyword: "items", violated: (node) => node.type === "array" && !("items" in node) && !("prefixItems" in node) },
];

function isObjectNode(node: Node): boolean {
  return node.type === "object" || (Array.isArray(node.type) && node.type.includes("object")) || "properties" in node;
}

/** The first rule violation in walk order, or null. Keyword-level violations are the feature cells' job. */
export function ruleRejection(schema: JsonSchema, policy: ModePolicy): SchemaRejection | null {
  const active = NODE_RULES.filter(({ rule }) => policy.rules[rule] === true);
  const rootAnyOfRefused = policy.rules.rootMustNotUseAnyOf === true || (policy.rules.rootMustBeObject === true && !isObjectNode(schema as Node));
  if (rootAnyOfRefused && isSchemaObject(schema) && "anyOf" in schema) {
    // A root anyOf is the case the root:non-object feature does not see (OpenAI: "not use anyOf"); where the
    // profile names the rule (check reads it), its text is the one the provider answers with. A root that
    // declares itself an object beside its anyOf (required-only branches) is an object: rootMustBeObject
    // holds, and only a mode that documents rootMustNotUseAnyOf refuses it (check-schema-shapes.ts agrees).
    const rule = policy.rules.rootMustNotUseAnyOf === true ? "rootMustNotUseAnyOf" : "rootMustBeObject";
    return { feature: rule === "rootMustNotUseAnyOf" ? "anyOf" : "root:non-object", path: "", keyword: "anyOf", rule, vars: { type: typeName(schema) }, ...template(policy.ruleErrors[rule]) };
  }
  const combinations = hasCombinationRules(policy.rules);
  let found: SchemaRejection | null = null;
  walkSchema(schema, ({ schema: node, path }) => {
    if (found !== null) return false;
    if (!isSchemaObject(node)) return;
    const hit = active.find((rule) => rule.violated(node)) ?? (combinations ? combinationViolation(node, policy.rules) : null);
    if (hit !== null && hit !== undefined) {
      const text = policy.ruleErrors[hit.rule] ?? ("cellText" in hit && hit.cellText ? policy.features[hit.feature]?.error : undefined);
      found = { feature: hit.feature, path, keyword: hit.keyword, rule: hit.rule, vars: { type: typeName(node), ...keyOf(path), ...boundVars(node, hit.keyword) }, ...template(text) };
      return false;
    }
    return;
  });
  return found;
}

interface LimitCheck<M> {
  readonly limit: LimitName;
  readonly feature: string;
  readonly measure: (measures: M) => number;
  /** The feature's cell text is about another of its limits (enum count, not enum length): never use it for this one. */
  readonly ownText?: true;
}

const SIZE_CHECKS: readonly LimitCheck<LimitMeasures>[] = [
  { limit: "maxProperties", feature: "limit:property-count", measure: (m) => m.propertyCount },
  { limit: "maxNestingDepth", feature: "limit:nesting-depth", measure: (m) => m.nestingDepth },
  { limit: "maxEnumValues", feature: "limit:enum-size", measure: (m) => m.enumValueCount },
  { limit: "maxEnumTotalLength", feature: "limit:enum-size", measure: (m) => m.enumTotalLength, ownText: true },
  { limit: "maxLargeEnumStringLength", feature: "limit:enum-size", measure: (m) => m.largeEnumStringLength, ownText: true },
  { limit: "maxTotalStringLength", feature: "limit:total-string-length", measure: (m) => m.totalStringLength },
  { limit: "maxOptionalParameters", feature: "limit:optional-count", measure: (m) => m.optionalCount },
  { limit: "maxUnionParameters", feature: "limit:union-count", measure: (m) => m.unionCount },
];

const TOOL_CHECKS: readonly LimitCheck<ToolTally>[] = [
  { limit: "maxTools", feature: "limit:tool-count", measure: (tools) => tools.count },
  // "non-strict tools don't count" (providers.md 2.3).
  { limit: "maxStrictTools", feature: "limit:tool-count", measure: (tools) => tools.strict },
];

type StatusOf = (feature: string) => CapabilityStatus;

/**
 * A size limit passed, refused where the `limit:*` cell says the provider refuses beyond it. Where the
 * mode's limits are per request, the request's other schemas count too.
 */
export function limitRejection(schema: JsonSchema, policy: ModePolicy, statusOf: StatusOf, requestSchemas: readonly unknown[] = []): SchemaRejection | null {
  const measures = policy.limitScope === "request" ? measureRequestLimits(schema, requestSchemas as JsonSchema[]) : measureLimits(schema);
  return firstPassed(SIZE_CHECKS, measures, policy, statusOf);
}

/** Too many tools in the request (checked before any schema is read). */
export function toolCountRejection(tools: ToolTally | undefined, policy: ModePolicy, statusOf: StatusOf): SchemaRejection | null {
  return tools === undefined ? null : firstPassed(TOOL_CHECKS, tools, policy, statusOf);
}

function firstPassed<M>(checks: readonly LimitCheck<M>[], measures: M, policy: ModePolicy, statusOf: StatusOf): SchemaRejection | null {
  for (const check of checks) {
    const limit = policy.limits[check.limit];
    const count = check.measure(measures);
    if (limit === undefined || count <= limit || statusOf(check.feature) !== "rejected") continue;
    const text = policy.limitErrors[check.limit] ?? (check.ownText ? undefined : policy.features[check.feature]?.error);
    return { feature: check.feature, path: "", keyword: check.limit, rule: check.limit, vars: { limit: String(limit), count: String(count) }, ...template(text) };
  }
  return null;
}

function template(text: string | undefined): { template?: string } {
  return text === undefined ? {} : { template: text };
}

/** The node's type as providers name it in errors; OpenAI says `None` when there is none. */
export function typeName(node: unknown): string {
  if (!isSchemaObject(node)) return "None";
  if (typeof node.type === "string") return node.type;
  if (Array.isArray(node.type) && typeof node.type[0] === "string") return node.type[0];
  if ("properties" in node) return "object";
  if ("items" in node) return "array";
  return "None";
}

/** The offending value, for texts that quote it (`minItems` 3). */
function boundVars(node: Node, keyword: string): { value?: string } {
  const value = node[keyword];
  return typeof value === "number" ? { value: String(value) } : {};
}

/** The property name when the path ends in `/properties/<key>`. */
export function keyOf(path: string): { key?: string } {
  const match = /\/properties\/([^/]+)$/.exec(path);
  return match ? { key: match[1]!.replace(/~1/g, "/").replace(/~0/g, "~") } : {};
}
