// The SchemaToArbitrary dispatcher: one cached arbitrary per (schema, depth budget), built once.
// A budget above zero generates freely; at or below zero only what the schema requires, choosing
// non-recursive alternatives, so recursive schemas bottom out.
import fc from "fast-check";
import { choice } from "./draw-arbitrary.js";
import type { JsonSchema } from "../../src/schema/types.js";
import { arraySchemaToArbitrary } from "./array-schema-to-arbitrary.js";
import { cloneJson } from "./canonical-json.js";
import { bareBoolean, bareConstantFrom } from "./bare-builtins.js";
import { compositionToArbitrary, hasComposition } from "./composition-to-arbitrary.js";
import { flattenSchema, mergeFlattened } from "./flatten-schema.js";
import {
  createContextBase,
  UnsatisfiableSchemaError,
  unlessUnsatisfiable,
  type Flattened,
  type GenerationContext,
  type GenerationSettings,
} from "./generation-context.js";
import type { SchemaObject } from "./merge-schemas.js";
import { numberSchemaToArbitrary } from "./number-schema-to-arbitrary.js";
import { objectSchemaToArbitrary } from "./object-schema-to-arbitrary.js";
import { stringSchemaToArbitrary } from "./string-schema-to-arbitrary.js";

/** Budgets this far below zero mean the schema forces endless nesting. */
const RECURSION_FLOOR = -24;
/** Nested compiles at one budget: more means recursion that never nests a value. */
const SAME_LEVEL_LIMIT = 48;

const STRING_KEYWORDS = ["minLength", "maxLength", "pattern", "format"];
const NUMBER_KEYWORDS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"];
const OBJECT_KEYWORDS = ["properties", "required", "additionalProperties", "patternProperties", "propertyNames", "minProperties", "maxProperties", "dependentRequired", "dependentSchemas"];
const ARRAY_KEYWORDS = ["items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains"];
const ALL_TYPES = ["null", "boolean", "integer", "number", "string", "array", "object"];
const SCALAR_TYPES = new Set(["null", "boolean", "integer", "number", "string"]);

export function createGenerationContext(root: JsonSchema, settings: GenerationSettings): GenerationContext {
  const base = createContextBase(root, settings);
  const flattened = new WeakMap<object, Flattened>();
  const merged = new WeakMap<object, WeakMap<object, Flattened>>();
  const compiled = new WeakMap<object, Map<number, fc.Arbitrary<unknown> | UnsatisfiableSchemaError>>();
  const inProgress = new Map<number, number>();
  const TRUE_FLAT: Flattened = { flat: {}, residuals: [] };

  const context: GenerationContext = {
    ...base,
    flatten(schema) {
      if (typeof schema === "boolean") return flattenSchema(schema, base.resolveRef);
      let result = flattened.get(schema);
      if (!result) flattened.set(schema, (result = flattenSchema(schema, base.resolveRef)));
      return result;
    },
    mergeWith(baseSchema, extra) {
      if (extra === true) return { flat: baseSchema, residuals: [] };
      if (extra === false) return { flat: false, residuals: [] };
      let byExtra = merged.get(baseSchema);
      if (!byExtra) merged.set(baseSchema, (byExtra = new WeakMap()));
      let result = byExtra.get(extra);
      if (!result) byExtra.set(extra, (result = mergeFlattened(baseSchema, context.flatten(extra))));
      return result;
    },
    compile(schema, budget) {
      if (schema === true) return context.compileFlattened(TRUE_FLAT, budget);
      return context.compileFlattened(context.flatten(schema), budget);
    },
    compileFlattened(flat, budget) {
      let byBudget = compiled.get(flat);
      if (!byBudget) compiled.set(flat, (byBudget = new Map()));
      const cached = byBudget.get(budget);
      if (cached instanceof UnsatisfiableSchemaError) throw cached;
      if (cached) return cached;
      const depth = (inProgress.get(budget) ?? 0) + 1;
      if (depth > SAME_LEVEL_LIMIT) throw new UnsatisfiableSchemaError("recursion that never nests a value", true);
      inProgress.set(budget, depth);
      try {
        const arbitrary = flattenedToArbitrary(context, flat, budget);
        byBudget.set(budget, arbitrary);
        return arbitrary;
      } catch (error) {
        if (error instanceof UnsatisfiableSchemaError && !error.contextual) byBudget.set(budget, error);
        throw error;
      } finally {
        inProgress.set(budget, depth - 1);
      }
    },
  };
  return context;
}

function flattenedToArbitrary(context: GenerationContext, { flat, residuals }: Flattened, budget: number): fc.Arbitrary<unknown> {
  if (flat === false) throw new UnsatisfiableSchemaError("false schema or contradictory keywords");
  if (budget < RECURSION_FLOOR) throw new UnsatisfiableSchemaError("recursion never bottoms out");
  const arbitrary = flatSchemaToArbitrary(context, flat, budget);
  if (residuals.length === 0) return arbitrary;
  const checker = context.checker();
  return context.filter(arbitrary, (value) => residuals.every((residual) => checker.accepts(residual, value)), "allOf parts that could not be merged");
}

function flatSchemaToArbitrary(context: GenerationContext, flat: SchemaObject, budget: number): fc.Arbitrary<unknown> {
  if ("const" in flat || Array.isArray(flat.enum)) return enumToArbitrary(context, flat);
  if (hasComposition(flat)) return compositionToArbitrary(context, flat, budget);
  return typedSchemaToArbitrary(context, flat, budget);
}

/** Candidates are judged once, at compile time, against every other keyword of the schema. */
function enumToArbitrary(context: GenerationContext, flat: SchemaObject): fc.Arbitrary<unknown> {
  const candidates = "const" in flat ? [flat.const] : (flat.enum as unknown[]);
  const others = Object.keys(flat).filter((keyword) => !LOCALLY_JUDGED.has(keyword));
  const typed = candidates.filter((value) => flat.type === undefined || matchesType(value, flat.type));
  const valid = others.length === 0 ? typed : typed.filter((value) => context.checker().accepts(flat, value));
  if (valid.length === 0) throw new UnsatisfiableSchemaError("no enum/const value passes the other keywords");
  const choice = bareConstantFrom(valid);
  return valid.some((value) => value !== null && typeof value === "object") ? choice.map(cloneJson) : choice;
}

/** Keywords an enum candidate can be judged on without the checker. */
const LOCALLY_JUDGED = new Set(["enum", "const", "type", "title", "description", "default", "examples", "$comment", "deprecated", "readOnly", "writeOnly"]);

function jsonTypeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function matchesType(value: unknown, type: unknown): boolean {
  const actual = jsonTypeOf(value);
  const allowed = Array.isArray(type) ? type : [type];
  return allowed.includes(actual) || (actual === "integer" && allowed.includes("number"));
}

function typesOf(flat: SchemaObject): string[] {
  if (typeof flat.type === "string") return [flat.type];
  if (Array.isArray(flat.type)) return [...new Set(flat.type as string[])];
  const inferred = [
    ...(STRING_KEYWORDS.some((k) => k in flat) ? ["string"] : []),
    ...(NUMBER_KEYWORDS.some((k) => k in flat) ? ["number"] : []),
    ...(OBJECT_KEYWORDS.some((k) => k in flat) ? ["object"] : []),
    ...(ARRAY_KEYWORDS.some((k) => k in flat) ? ["array"] : []),
  ];
  return inferred.length > 0 ? inferred : ALL_TYPES;
}

function typedSchemaToArbitrary(context: GenerationContext, flat: SchemaObject, budget: number): fc.Arbitrary<unknown> {
  let types = typesOf(flat).filter((type) => ALL_TYPES.includes(type));
  if (types.includes("number")) types = types.filter((type) => type !== "integer");
  const arbitraries = typeArbitraries(context, flat, budget, budget <= 0 ? types.filter((t) => SCALAR_TYPES.has(t)) : types);
  const chosen = arbitraries.length > 0 ? arbitraries : typeArbitraries(context, flat, budget, types);
  if (chosen.length === 0) throw new UnsatisfiableSchemaError(`no type in [${types.join(", ")}] can satisfy the schema`);
  return choice(chosen);
}

function typeArbitraries(context: GenerationContext, flat: SchemaObject, budget: number, types: string[]): fc.Arbitrary<unknown>[] {
  return types.flatMap((type) => unlessUnsatisfiable(() => typeToArbitrary(context, flat, budget, type)) ?? []);
}

function typeToArbitrary(context: GenerationContext, flat: SchemaObject, budget: number, type: string): fc.Arbitrary<unknown> {
  switch (type) {
    case "null":
      return bareConstantFrom([null]);
    case "boolean":
      return bareBoolean();
    case "integer":
    case "number":
      return numberSchemaToArbitrary(flat, type === "integer");
    case "string":
      return stringSchemaToArbitrary(context, flat);
    case "array":
      return arraySchemaToArbitrary(context, flat, budget);
    default:
      return objectSchemaToArbitrary(context, flat, budget);
  }
}
