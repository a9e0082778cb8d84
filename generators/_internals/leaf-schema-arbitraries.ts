// Scalar schemas for schemaOver, each satisfiable by construction and using only enabled features:
// strings (lengths that fit the pattern or format chosen), numbers (bounds wide enough for the
// step), enums, consts, booleans, nulls and type unions.
import fc from "fast-check";
import { lcmOfSteps } from "./decimal.js";

export type SchemaObjectArbitrary = fc.Arbitrary<Record<string, unknown>>;

export interface FeatureGate {
  has(feature: string): boolean;
}

/** Patterns with the code-point lengths their matches can have. */
const PATTERNS: readonly { source: string; min: number; max: number }[] = [
  { source: "^[a-z]+$", min: 1, max: Infinity },
  { source: "^[A-Z]{2,3}$", min: 2, max: 3 },
  { source: "^\\d{3}-\\d{4}$", min: 8, max: 8 },
  { source: "^(foo|bar)-[0-9]+$", min: 5, max: Infinity },
  { source: "ab", min: 2, max: Infinity },
  { source: "^[a-z0-9_-]{2,12}$", min: 2, max: 12 },
];
const FORMATS = ["date", "date-time", "time", "duration", "email", "hostname", "ipv4", "ipv6", "uuid", "uri", "uri-reference", "json-pointer", "regex"];
const WORDS = ["desayuno", "almuerzo", "cena", "merienda", "snack", "open", "closed", "pending", "low", "high", "urgent", "EUR", "USD"];
const STEPS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 0.001];

export function typed(gate: FeatureGate, type: string): Record<string, unknown> {
  return gate.has(`type:${type}`) ? { type } : {};
}

function stringSchema(gate: FeatureGate): SchemaObjectArbitrary | undefined {
  const formats = FORMATS.filter((f) => gate.has(`format:${f}`));
  const usable = ["type:string", "minLength", "maxLength", "pattern", ...formats.map((f) => `format:${f}`)].some((f) => gate.has(f));
  if (!usable) return undefined;
  const shape = fc.record({
    pattern: gate.has("pattern") ? fc.option(fc.constantFrom(...PATTERNS), { nil: undefined }) : fc.constant(undefined),
    format: formats.length > 0 ? fc.option(fc.constantFrom(...formats), { nil: undefined }) : fc.constant(undefined),
    minSlack: fc.nat({ max: 3 }),
    maxSlack: fc.nat({ max: 20 }),
    useMin: fc.boolean(),
    useMax: fc.boolean(),
  });
  return shape.map(({ pattern, format, minSlack, maxSlack, useMin, useMax }) => {
    const schema: Record<string, unknown> = typed(gate, "string");
    // A format with a pattern rarely has common values: keep one of them.
    if (format) schema.format = format;
    else if (pattern) schema.pattern = pattern.source;
    const low = format ? Math.min(1, minSlack) : pattern ? Math.max(0, pattern.min - minSlack) : minSlack;
    const high = format ? 255 : pattern ? (Number.isFinite(pattern.max) ? pattern.max + maxSlack : pattern.min + 4 + maxSlack) : low + maxSlack;
    if (useMin && gate.has("minLength")) schema.minLength = low;
    if (useMax && gate.has("maxLength")) schema.maxLength = high;
    return schema;
  });
}

function numberSchema(gate: FeatureGate): SchemaObjectArbitrary | undefined {
  const keywords = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"].filter((k) => gate.has(k));
  const types = ["integer", "number"].filter((t) => gate.has(`type:${t}`));
  if (keywords.length === 0 && types.length === 0) return undefined;
  const shape = fc.record({
    type: types.length > 0 ? fc.constantFrom(...types) : fc.constant(undefined),
    low: fc.integer({ min: -1000, max: 1000 }),
    width: fc.integer({ min: 2, max: 10000 }),
    step: fc.constantFrom(...STEPS),
    used: fc.subarray(keywords),
    half: fc.boolean(),
  });
  return shape.map(({ type, low, width, step, used, half }) => {
    const schema: Record<string, unknown> = type ? { type } : {};
    const effectiveStep = type === "integer" ? lcmOfSteps(step, 1) : step;
    const span = used.includes("multipleOf") ? Math.max(width, 4 * effectiveStep) : width;
    const lowBound = half && type !== "integer" ? low + 0.5 : low;
    if (used.includes("minimum")) schema.minimum = lowBound;
    if (used.includes("exclusiveMinimum")) schema.exclusiveMinimum = lowBound - (used.includes("minimum") ? 1 : 0);
    if (used.includes("maximum")) schema.maximum = lowBound + span;
    if (used.includes("exclusiveMaximum")) schema.exclusiveMaximum = lowBound + span + (used.includes("maximum") ? 1 : 0);
    if (used.includes("multipleOf")) schema.multipleOf = step;
    return schema;
  });
}

function enumSchema(gate: FeatureGate): SchemaObjectArbitrary | undefined {
  if (!gate.has("enum")) return undefined;
  const large = gate.has("limit:enum-size");
  const strings = large
    ? fc.integer({ min: 120, max: 600 }).map((n) => Array.from({ length: n }, (_, i) => `value_${i}`))
    : fc.uniqueArray(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 6 });
  const numbers = fc.uniqueArray(fc.integer({ min: -5, max: 100 }), { minLength: 1, maxLength: 5 });
  return fc.oneof(
    strings.map((values) => ({ ...typed(gate, "string"), enum: values })),
    numbers.map((values) => ({ ...typed(gate, "integer"), enum: values })),
  );
}

function constSchema(gate: FeatureGate): SchemaObjectArbitrary | undefined {
  if (!gate.has("const")) return undefined;
  return fc.constantFrom<unknown>("fixed", 7, true, null, { unit: "kg" }, 0.5).map((value) => ({ const: value }));
}

const SCALAR_TYPES = ["string", "integer", "number", "boolean", "null"];

function unionSchema(gate: FeatureGate): SchemaObjectArbitrary | undefined {
  const types = SCALAR_TYPES.filter((t) => gate.has(`type:${t}`));
  if (!gate.has("type:union") || types.length < 2) return undefined;
  return fc.uniqueArray(fc.constantFrom(...types), { minLength: 2, maxLength: Math.min(3, types.length) }).map((chosen) => ({ type: chosen }));
}

/** Every scalar schema kind the features allow, or undefined when none is. */
export function leafSchemaArbitrary(gate: FeatureGate): SchemaObjectArbitrary | undefined {
  const kinds = [
    stringSchema(gate),
    numberSchema(gate),
    enumSchema(gate),
    constSchema(gate),
    unionSchema(gate),
    gate.has("type:boolean") ? fc.constant({ type: "boolean" }) : undefined,
    gate.has("type:null") ? fc.constant({ type: "null" }) : undefined,
  ].filter((kind): kind is SchemaObjectArbitrary => kind !== undefined);
  if (kinds.length === 0) return undefined;
  return kinds.length === 1 ? kinds[0] : fc.oneof(...kinds);
}

/** A scalar schema whose values never repeat much: fit for uniqueItems and contains. */
export function openLeafSchema(gate: FeatureGate): Record<string, unknown> {
  if (gate.has("type:string")) return { type: "string" };
  if (gate.has("type:integer")) return { type: "integer" };
  if (gate.has("type:number")) return { type: "number" };
  return {};
}

/** Distinct types for oneOf branches that can never both match. */
export function disjointTypes(gate: FeatureGate): string[] {
  const types = ["string", "boolean", "null", "object", "array"].filter((t) => gate.has(`type:${t}`));
  const numeric = ["integer", "number"].find((t) => gate.has(`type:${t}`));
  return numeric ? [...types, numeric] : types;
}
