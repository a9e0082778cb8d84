// Mode rules and limits that are not one keyword's presence (OpenAI strict: every object needs
// `properties` and `additionalProperties: false`, arrays need `items`...), checked in walk order so the
// first offending place is the one named, as the providers do.
import { featureInfo } from "../src/schema/features.js";
import { measureSchema, type SchemaMeasures } from "../src/schema/measure-schema.js";
import { isSchemaObject, walkSchema } from "../src/schema/walk-schema.js";
import type { JsonSchema } from "../src/schema/types.js";
import type { CapabilityStatus, LimitName, RuleName } from "./profile-types.js";
import type { ModePolicy, SchemaRejection } from "./emulator-types.js";

type Node = { [keyword: string]: unknown };

interface NodeRule {
  readonly rule: RuleName;
  readonly feature: string;
  readonly keyword: string;
  readonly violated: (node: Node) => boolean;
}

const NODE_RULES: readonly NodeRule[] = [
  { rule: "schemasNeedType", feature: "type:object", keyword: "type", violated: (node) => !["type", "anyOf", "$ref", "enum", "const"].some((key) => key in node) },
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
  if (policy.rules.rootMustBeObject === true && isSchemaObject(schema) && "anyOf" in schema) {
    // A root anyOf is the case the root:non-object feature does not see (OpenAI: "not use anyOf").
    return { feature: "root:non-object", path: "", keyword: "anyOf", rule: "rootMustBeObject", vars: { type: typeName(schema) }, ...template(policy.ruleErrors.rootMustBeObject) };
  }
  let found: SchemaRejection | null = null;
  walkSchema(schema, ({ schema: node, path }) => {
    if (found !== null) return false;
    if (!isSchemaObject(node)) return;
    const hit = active.find((rule) => rule.violated(node));
    if (hit !== undefined) {
      found = { feature: hit.feature, path, keyword: hit.keyword, rule: hit.rule, vars: { type: typeName(node), ...keyOf(path) }, ...template(policy.ruleErrors[hit.rule]) };
      return false;
    }
    return;
  });
  return found;
}

interface LimitCheck {
  readonly limit: LimitName;
  readonly feature: string;
  readonly measure: (measures: SchemaMeasures) => number;
}

const LIMIT_CHECKS: readonly LimitCheck[] = [
  { limit: "maxProperties", feature: "limit:property-count", measure: (m) => m.propertyCount },
  { limit: "maxNestingDepth", feature: "limit:nesting-depth", measure: (m) => m.nestingDepth },
  { limit: "maxEnumValues", feature: "limit:enum-size", measure: (m) => m.enumValueCount },
  { limit: "maxEnumTotalLength", feature: "limit:enum-size", measure: (m) => m.enumTotalLength },
  { limit: "maxOptionalParameters", feature: "optional", measure: (m) => m.optionalCount },
  { limit: "maxUnionParameters", feature: "anyOf", measure: (m) => m.unionCount },
];

/**
 * A limit passed: refused unless the `limit:*` cell says the provider accepts beyond it. Optional and
 * union counts have no limit feature of their own, so passing them is always refused (Anthropic).
 */
export function limitRejection(schema: JsonSchema, policy: ModePolicy, statusOf: (feature: string) => CapabilityStatus): SchemaRejection | null {
  const measures = measureSchema(schema);
  for (const check of LIMIT_CHECKS) {
    const limit = policy.limits[check.limit];
    const count = check.measure(measures);
    if (limit === undefined || count <= limit) continue;
    if (check.feature.startsWith("limit:") && statusOf(check.feature) !== "rejected") continue;
    const text = policy.limitErrors[check.limit] ?? policy.features[check.feature]?.error;
    return { feature: check.feature, path: "", keyword: featureInfo(check.feature).keywords[0] ?? check.limit, rule: check.limit, vars: { limit: String(limit), count: String(count) }, ...template(text) };
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

/** The property name when the path ends in `/properties/<key>`. */
export function keyOf(path: string): { key?: string } {
  const match = /\/properties\/([^/]+)$/.exec(path);
  return match ? { key: match[1]!.replace(/~1/g, "/").replace(/~0/g, "~") } : {};
}
