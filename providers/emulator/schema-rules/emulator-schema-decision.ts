// What the emulated provider does with a request's schema, per its mode policy: refuse it (too many
// tools, then the first rejected feature in walk order, then mode rules, then limits), or accept it and
// derive the schema the emulated model is held to. Ignored features are stripped from that schema;
// altered ones are rewritten as documented (see `alterations` below).
import { detectFeatures } from "../../../src/schema/detect-features.js";
import { featureInfo } from "../../../src/schema/features.js";
import { resolvePointer } from "../../../src/schema/json-pointer.js";
import type { FeatureUse, JsonSchema } from "../../../src/schema/types.js";
import { isSchemaObject } from "../../../src/schema/walk-schema.js";
import { effectiveStatus } from "./emulator-profile-policy.js";
import { foreignKeywordsOf, NO_DIALECT_KEYWORDS, withoutDialectKeywords } from "./emulator-other-keywords.js";
import { keyOf, limitRejection, ruleRejection, toolCountRejection, typeName } from "./emulator-schema-rules.js";
import { unrollRecursion, UNROLL_LEVELS } from "./emulator-unroll-recursion.js";
import { boundsPastGuarantee } from "../../translation/guaranteed-bounds.js";
import type { ModePolicy, SchemaRejection, ToolTally } from "../emulator-types.js";
import type { CapabilityStatus } from "../../profiles/profile-types.js";
import { looseFormatPattern } from "./emulator-loose-formats.js";

export type SchemaDecision =
  | { readonly kind: "reject"; readonly rejection: SchemaRejection }
  | {
      readonly kind: "accept";
      /** The schema constrained decoding holds the answer to (the declared one minus ignored features). */
      readonly effective: JsonSchema;
      /** False when nothing is enforced: the model answers what the prompt asks, unconstrained. */
      readonly constrained: boolean;
      readonly notes: readonly string[];
    };

/** What the request around the schema adds to the decision. */
export interface RequestFacts {
  readonly tools?: ToolTally;
  /** Schemas that share this one's per-request limits. */
  readonly requestSchemas?: readonly unknown[];
  /** Keywords the schema's dialect defines beyond the taxonomy: its own, never `keyword:other`. */
  readonly dialectKeywords?: ReadonlySet<string>;
  /** The answer is a tool call whose arguments must be an object: an unknown non-object root is refused. */
  readonly objectArguments?: boolean;
}

/** Features that name structure, not a constraint to drop: stripping them would change the document. */
const NEVER_STRIPPED = new Set(["optional", "root:non-object", "$ref:local", "$ref:recursive", "description", "title", "default", "examples"]);

export function decideSchema(schema: JsonSchema, policy: ModePolicy, unknownAs?: "enforced" | "ignored" | "rejected", request: RequestFacts = {}): SchemaDecision {
  const statusOf = (feature: string): CapabilityStatus =>
    feature === "root:non-object" && request.objectArguments === true && (policy.features[feature]?.status ?? "unknown") === "unknown" ? "rejected" : effectiveStatus(policy, feature, unknownAs);
  const tooMany = toolCountRejection(request.tools, policy, statusOf);
  if (tooMany !== null) return { kind: "reject", rejection: tooMany };
  const dialect = request.dialectKeywords ?? NO_DIALECT_KEYWORDS;
  const uses = withoutDialectKeywords(detectFeatures(schema), schema, dialect);
  const rejected = uses.find((use) => statusOf(use.feature) === "rejected" && !use.feature.startsWith("limit:"));
  if (rejected !== undefined) return { kind: "reject", rejection: featureRejection(schema, rejected, policy, dialect) };
  const rule = ruleRejection(schema, policy);
  if (rule !== null) return { kind: "reject", rejection: rule };
  const limit = limitRejection(schema, policy, statusOf, request.requestSchemas);
  if (limit !== null) return { kind: "reject", rejection: limit };
  const constrained = isConstrained(policy, uses, statusOf);
  const effective = structuredClone(schema);
  const notes: string[] = [];
  for (const use of uses) {
    if (statusOf(use.feature) === "ignored" && !NEVER_STRIPPED.has(use.feature) && stripUse(effective, use)) notes.push(`ignored ${use.feature} at ${use.path || "/"}`);
  }
  // A bound past the provider's guarantee is followed best effort: the emulated model is not held to it.
  for (const bound of boundsPastGuarantee(effective, policy.guaranteedBounds)) {
    const node = resolvePointer(effective, bound.path);
    if (isSchemaObject(node)) {
      delete (node as Record<string, unknown>)[bound.keyword];
      notes.push(`best effort ${bound.keyword} at ${bound.path || "/"} (past the guaranteed ${bound.guaranteed})`);
    }
  }
  // Alterations come after every strip: an ignored keyword must not shape them.
  const altered = applyAlterations(effective, uses.filter((use) => statusOf(use.feature) === "altered"));
  return { kind: "accept", effective: altered.effective, constrained, notes: [...notes, ...altered.notes] };
}

/**
 * Per-use alterations first, optional after them (its wrapper moves a property under anyOf, where the
 * other uses' paths no longer point), unrolling last (it rewrites every path).
 */
function applyAlterations(effective: JsonSchema, altered: readonly FeatureUse[]): { effective: JsonSchema; notes: string[] } {
  const notes = altered.filter((use) => !WHOLE_DOCUMENT.has(use.feature)).map((use) => alterUse(effective, use));
  for (const use of altered.filter((use) => use.feature === "optional")) notes.push(alterOptional(effective, use));
  if (!altered.some((use) => use.feature === "$ref:recursive")) return { effective, notes };
  const unrolled = unrollRecursion(effective);
  if (!unrolled.unrolled) return { effective, notes: [...notes, "altered $ref:recursive: too large to unroll, held as declared"] };
  const cut = unrolled.cutProperties.length === 0 ? "nothing cut" : `cut ${unrolled.cutProperties.join(", ")}`;
  return { effective: unrolled.schema, notes: [...notes, `altered $ref:recursive: unrolled to ${UNROLL_LEVELS} levels, ${cut}`] };
}

/** Alterations applied once to the whole document (or last), not at each use. */
const WHOLE_DOCUMENT = new Set(["optional", "$ref:recursive"]);

const ANNOTATIONS = new Set(["description", "title", "default", "examples"]);

/**
 * A constrained mode decodes against the schema; a best-effort one does not, whatever its annotation
 * cells say. A mode of unknown enforcement is constrained when a constraint of the schema is enforced.
 */
function isConstrained(policy: ModePolicy, uses: readonly FeatureUse[], statusOf: (feature: string) => CapabilityStatus): boolean {
  if (policy.enforcement !== "unknown") return policy.enforcement === "constrained";
  return uses.some((use) => !ANNOTATIONS.has(use.feature) && ["enforced", "altered"].includes(statusOf(use.feature)));
}

function featureRejection(schema: JsonSchema, use: FeatureUse, policy: ModePolicy, dialect: ReadonlySet<string>): SchemaRejection {
  const error = policy.features[use.feature]?.error;
  const text = error === undefined ? {} : { template: error };
  const node = use.path === "" ? schema : resolvePointer(schema, use.path);
  if (use.feature === "optional") {
    // The error names the object whose `required` misses the key, not the property itself.
    const objectPath = use.path.replace(/\/properties\/[^/]+$/, "");
    return { feature: use.feature, path: objectPath, keyword: "required", vars: { type: "object", ...keyOf(use.path) }, ...text };
  }
  const keyword = keywordOf(use.feature, node, dialect);
  const vars: Record<string, string> = { type: typeName(node), ...keyOf(use.path) };
  if (use.feature === "$ref:siblings" && isSchemaObject(node)) vars.keywords = siblingKeywords(node).map((key) => `'${key}'`).join(", ");
  return { feature: use.feature, path: use.path, keyword, vars, ...text };
}

/** The keyword the error names: for `keyword:other`, the first foreign one actually in the schema. */
function keywordOf(feature: string, node: unknown, dialect: ReadonlySet<string>): string {
  if (feature === "root:non-object" || feature.startsWith("type:")) return "type";
  if (feature === "$ref:siblings") return "$ref";
  if (feature === "keyword:other") return foreignKeywordsOf(node, dialect)[0] ?? feature;
  const keywords = featureInfo(feature).keywords;
  return keywords.find((keyword) => isSchemaObject(node) && keyword in node) ?? keywords[0] ?? feature;
}

function siblingKeywords(node: { [keyword: string]: unknown }): string[] {
  return Object.keys(node).filter((key) => !key.startsWith("$") && !["title", "description", "default", "examples"].includes(key));
}

/** Drop an ignored feature's keywords where it is used; false when there was nothing to drop. */
function stripUse(root: JsonSchema, use: FeatureUse): boolean {
  const node = use.path === "" ? root : resolvePointer(root, use.path);
  if (!isSchemaObject(node) || use.feature.startsWith("limit:")) return false;
  const keywords = use.feature === "$ref:siblings" ? siblingKeywords(node) : keywordsToStrip(use.feature);
  let dropped = false;
  for (const keyword of keywords) {
    if (keyword in node) {
      delete node[keyword];
      dropped = true;
    }
  }
  return dropped;
}

function keywordsToStrip(feature: string): readonly string[] {
  if (feature.startsWith("type:")) return ["type"];
  if (feature.startsWith("format:")) return ["format"];
  if (feature.startsWith("additionalProperties:")) return ["additionalProperties"];
  return featureInfo(feature).keywords;
}

/**
 * The documented alterations the emulator reproduces, one use at a time (optional and recursion are
 * applied by decideSchema itself):
 * - `oneOf`: read as `anyOf` (Gemini: "interpreted the same as anyOf"), exclusivity not held;
 * - `enum`: string values match in any letter case (Anthropic: "casing is not guaranteed");
 * - anything else is held as declared.
 */
function alterUse(root: JsonSchema, use: FeatureUse): string {
  const node = use.path === "" ? root : resolvePointer(root, use.path);
  if (!isSchemaObject(node)) return `altered ${use.feature} at ${use.path || "/"}: held as declared`;
  if (use.feature === "oneOf" && Array.isArray(node.oneOf)) {
    node.anyOf = [...(Array.isArray(node.anyOf) ? node.anyOf : []), ...node.oneOf];
    delete node.oneOf;
    return `altered oneOf at ${use.path || "/"}: read as anyOf`;
  }
  if (use.feature === "enum" && Array.isArray(node.enum) && node.enum.some((value) => typeof value === "string")) {
    node.anyOf = node.enum.map((value) => (typeof value === "string" ? { type: "string", pattern: caseInsensitivePattern(value) } : { const: value }));
    delete node.enum;
    return `altered enum at ${use.path || "/"}: letter case not held`;
  }
  const loose = use.feature.startsWith("format:") && typeof node.format === "string" ? looseFormatPattern(node.format) : undefined;
  if (loose !== undefined && node.pattern === undefined) {
    delete node.format;
    node.pattern = loose;
    return `altered ${use.feature} at ${use.path || "/"}: syntax only (${loose})`;
  }
  return `altered ${use.feature} at ${use.path || "/"}: held as declared`;
}

/**
 * `optional`: every property becomes required and nullable (openai-python `to_strict_json_schema`
 * shape), so an omitted optional property comes back as `null`. Null stands for "left out", so where a
 * present property requires this one (dependentRequired, a dependentSchemas `required`) it keeps its
 * declared schema: null there would be the very omission the contract forbids.
 */
function alterOptional(root: JsonSchema, use: FeatureUse): string {
  const objectPath = use.path.replace(/\/properties\/[^/]+$/, "");
  const object = objectPath === "" ? root : resolvePointer(root, objectPath);
  const key = keyOf(use.path).key;
  if (!isSchemaObject(object) || key === undefined || !isSchemaObject(object.properties)) return `altered optional at ${use.path}: held as declared`;
  const required = Array.isArray(object.required) ? object.required : [];
  if (!required.includes(key)) object.required = [...required, key];
  const property = object.properties[key];
  if (allowsNullShallow(property)) return `altered optional at ${use.path}: required (it takes null already)`;
  object.properties[key] = { anyOf: [property, { type: "null" }] };
  const triggers = keepDeclaredWhereRequired(object, key, property);
  const kept = triggers.length === 0 ? "" : `; as declared when ${triggers.join(" or ")} is present`;
  return `altered optional at ${use.path}: required and nullable, omitted values come back null${kept}`;
}

type SchemaNode = { [keyword: string]: unknown };

/** For each property whose presence requires `key`: a dependentSchemas entry holding `key` to its declared schema. */
function keepDeclaredWhereRequired(object: SchemaNode, key: string, declared: unknown): string[] {
  const dependentRequired = isSchemaObject(object.dependentRequired) ? object.dependentRequired : {};
  const dependentSchemas: SchemaNode = isSchemaObject(object.dependentSchemas) ? { ...object.dependentSchemas } : {};
  const requires = (trigger: string): boolean => {
    const names = dependentRequired[trigger];
    const dependent = dependentSchemas[trigger];
    return (Array.isArray(names) && names.includes(key)) || (isSchemaObject(dependent) && Array.isArray(dependent.required) && dependent.required.includes(key));
  };
  const triggers = [...new Set([...Object.keys(dependentRequired), ...Object.keys(dependentSchemas)])].filter(requires);
  for (const trigger of triggers) {
    const dependent: SchemaNode = isSchemaObject(dependentSchemas[trigger]) ? { ...dependentSchemas[trigger] } : {};
    const properties: SchemaNode = isSchemaObject(dependent.properties) ? { ...dependent.properties } : {};
    properties[key] = properties[key] === undefined ? structuredClone(declared) : { allOf: [properties[key], structuredClone(declared)] };
    dependentSchemas[trigger] = { ...dependent, properties };
  }
  if (triggers.length > 0) object.dependentSchemas = dependentSchemas;
  return triggers;
}

function allowsNullShallow(schema: unknown): boolean {
  if (!isSchemaObject(schema)) return schema !== false;
  if (schema.type === "null" || (Array.isArray(schema.type) && schema.type.includes("null"))) return true;
  return Array.isArray(schema.anyOf) && schema.anyOf.some((branch) => isSchemaObject(branch) && branch.type === "null");
}

function caseInsensitivePattern(value: string): string {
  const escaped = [...value].map((char) => {
    const lower = char.toLowerCase();
    const upper = char.toUpperCase();
    if (lower !== upper) return `[${lower}${upper}]`;
    return char.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  });
  return `^${escaped.join("")}$`;
}
