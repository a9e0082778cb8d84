// Mode rules about keyword values and combinations in one schema node, shared by `check` (translation)
// and the emulators so both refuse the same place: minItems above a bound (Anthropic strict), length or
// item bounds at a grammar repetition threshold (llama.cpp), and the keyword pairs vLLM's xgrammar
// backend refuses (lengths beside pattern/format; propertyNames or patternProperties beside properties).
import { isSchemaObject } from "../../src/schema/walk-schema.js";
import type { ModeRules, RuleName } from "../profiles/profile-types.js";

export interface CombinationViolation {
  readonly rule: RuleName;
  /** The taxonomy feature the refusal names (the keyword that cannot stay). */
  readonly feature: string;
  readonly keyword: string;
}

const BOUNDS = ["minLength", "maxLength", "minItems", "maxItems"] as const;

/** The features each rule can refuse although their cells take them in other places. */
const RULE_FEATURES: Readonly<Partial<Record<RuleName, readonly string[]>>> = {
  maxMinItems: ["minItems"],
  repetitionBoundLimit: BOUNDS,
  emptyEnumOrAnyOfRejected: ["enum", "anyOf", "oneOf"],
  booleanPropertySchemasRejected: ["properties"],
  arrayFormItemsRejected: ["items"],
  containsBoundsRejected: ["contains"],
  lengthBesidePatternOrFormatRejected: ["minLength", "maxLength"],
  propertyNamesBesideObjectKeywordsRejected: ["propertyNames"],
  patternPropertiesBesidePropertiesRejected: ["patternProperties"],
  propertyNamePattern: ["properties"],
};

/** Whether a refusal of this feature may come from one of the mode's rules rather than its cell. */
export function ruleMayRefuse(rules: ModeRules, feature: string): boolean {
  return Object.entries(RULE_FEATURES).some(([rule, features]) => rules[rule as RuleName] !== undefined && rules[rule as RuleName] !== false && features!.includes(feature));
}

/** Rules of this module that a mode turns on. */
export function hasCombinationRules(rules: ModeRules): boolean {
  return (
    rules.maxMinItems !== undefined ||
    rules.repetitionBoundLimit !== undefined ||
    rules.emptyEnumOrAnyOfRejected === true ||
    rules.booleanPropertySchemasRejected === true ||
    rules.arrayFormItemsRejected === true ||
    rules.containsBoundsRejected === true ||
    rules.lengthBesidePatternOrFormatRejected === true ||
    rules.propertyNamesBesideObjectKeywordsRejected === true ||
    rules.patternPropertiesBesidePropertiesRejected === true ||
    rules.propertyNamePattern !== undefined
  );
}

/** The first rule this node breaks, in a fixed order, or null. */
export function combinationViolation(node: unknown, rules: ModeRules): CombinationViolation | null {
  if (!isSchemaObject(node)) return null;
  const has = (keyword: string): boolean => keyword in node;
  if (rules.maxMinItems !== undefined && typeof node.minItems === "number" && node.minItems > rules.maxMinItems) {
    return { rule: "maxMinItems", feature: "minItems", keyword: "minItems" };
  }
  if (rules.repetitionBoundLimit !== undefined) {
    const limit = rules.repetitionBoundLimit;
    const bound = BOUNDS.find((keyword) => typeof node[keyword] === "number" && (node[keyword] as number) >= limit);
    if (bound !== undefined) return { rule: "repetitionBoundLimit", feature: bound, keyword: bound };
  }
  const xaiShape = xaiShapeViolation(node, rules);
  if (xaiShape !== null) return xaiShape;
  if (rules.lengthBesidePatternOrFormatRejected === true && (has("pattern") || has("format"))) {
    const length = (["minLength", "maxLength"] as const).find(has);
    if (length !== undefined) return { rule: "lengthBesidePatternOrFormatRejected", feature: length, keyword: length };
  }
  if (rules.propertyNamesBesideObjectKeywordsRejected === true && has("propertyNames")) {
    const beside = has("properties") || has("patternProperties") || has("unevaluatedProperties") || isSchemaObject(node.additionalProperties);
    if (beside) return { rule: "propertyNamesBesideObjectKeywordsRejected", feature: "propertyNames", keyword: "propertyNames" };
  }
  if (rules.patternPropertiesBesidePropertiesRejected === true && isSchemaObject(node.patternProperties)) {
    if (has("properties") || Object.keys(node.patternProperties).length > 1) {
      return { rule: "patternPropertiesBesidePropertiesRejected", feature: "patternProperties", keyword: "patternProperties" };
    }
  }
  if (rules.propertyNamePattern !== undefined && isSchemaObject(node.properties)) {
    const pattern = namePattern(rules.propertyNamePattern);
    if (Object.keys(node.properties).some((name) => !pattern.test(name))) return { rule: "propertyNamePattern", feature: "properties", keyword: "properties" };
  }
  return null;
}

/** The node shapes xAI answers with HTTP 400 (docs.x.ai structured outputs), in a fixed order. */
function xaiShapeViolation(node: Record<string, unknown>, rules: ModeRules): CombinationViolation | null {
  if (rules.emptyEnumOrAnyOfRejected === true) {
    const empty = (["enum", "anyOf", "oneOf"] as const).find((keyword) => Array.isArray(node[keyword]) && (node[keyword] as unknown[]).length === 0);
    if (empty !== undefined) return { rule: "emptyEnumOrAnyOfRejected", feature: empty, keyword: empty };
  }
  if (rules.booleanPropertySchemasRejected === true && isSchemaObject(node.properties)) {
    if (Object.values(node.properties).some((value) => typeof value === "boolean")) return { rule: "booleanPropertySchemasRejected", feature: "properties", keyword: "properties" };
  }
  if (rules.arrayFormItemsRejected === true && Array.isArray(node.items)) return { rule: "arrayFormItemsRejected", feature: "items", keyword: "items" };
  if (rules.containsBoundsRejected === true) {
    const bound = (["minContains", "maxContains"] as const).find((keyword) => keyword in node);
    if (bound !== undefined) return { rule: "containsBoundsRejected", feature: "contains", keyword: bound };
  }
  return null;
}

const patterns = new Map<string, RegExp>();

function namePattern(source: string): RegExp {
  let pattern = patterns.get(source);
  if (pattern === undefined) patterns.set(source, (pattern = new RegExp(source, "u")));
  return pattern;
}
