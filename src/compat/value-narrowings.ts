// Keywords on one value that narrow: type, enum, const, numeric bounds, lengths, multipleOf, pattern,
// format, uniqueItems.
import { deepEqual } from "../lite/deep-equal.js";
import type { StructuralCandidate } from "./compat-types.js";
import { focusOn, keywordPath, type AlignedPair, type NarrowingDetector } from "./aligned-pair.js";
import { constrainedBy, type SchemaObject } from "./focus-schema.js";

const ALL_TYPES = ["null", "boolean", "integer", "number", "string", "array", "object"];

const typeNarrowed: NarrowingDetector = (pair) => {
  const allowed = declaredTypes(pair.b);
  if (allowed === null) return [];
  const lost = sourceTypes(pair.a).filter((type) => !allowed.includes(type) && !(type === "integer" && allowed.includes("number")));
  if (lost.length === 0) return [];
  const steered = hasValueList(pair.a) ? withValues(pair.a, valueList(pair.a).filter((value) => lost.includes(jsonTypeOf(value)))) : { ...pair.a, type: lost };
  return [candidate(pair, "type", "type", { values: lost, source: pair.a.type, target: pair.b.type }, steered)];
};

const enumNarrowed: NarrowingDetector = (pair) => {
  if (!Array.isArray(pair.b.enum)) return [];
  const allowed = pair.b.enum;
  if (!hasValueList(pair.a)) return [candidate(pair, "enum", "enum", {}, constrainedBy(pair.a, { not: { enum: allowed } }))];
  const lost = valueList(pair.a).filter((value) => !allowed.some((kept) => deepEqual(kept, value)));
  if (lost.length === 0) return [];
  return [candidate(pair, "enum", "enum", { values: lost }, withValues(pair.a, lost))];
};

const constChanged: NarrowingDetector = (pair) => {
  if (!("const" in pair.b) || ("const" in pair.a && deepEqual(pair.a.const, pair.b.const))) return [];
  // The source's own const is the witness; without one, any value but the new const.
  const steered = "const" in pair.a ? pair.a : constrainedBy(pair.a, { not: { const: pair.b.const } });
  return [candidate(pair, "const", "const", { source: pair.a.const, target: pair.b.const }, steered)];
};

export interface Bound {
  readonly value: number;
  readonly exclusive: boolean;
  readonly keyword: string;
}

/** The tightest lower (or upper) bound a subschema sets with its inclusive and exclusive keywords. */
function boundOf(schema: SchemaObject, side: "lower" | "upper"): Bound | null {
  const [inclusive, exclusive] = side === "lower" ? ["minimum", "exclusiveMinimum"] : ["maximum", "exclusiveMaximum"];
  const bounds: Bound[] = [];
  if (typeof schema[inclusive!] === "number") bounds.push({ value: schema[inclusive!] as number, exclusive: false, keyword: inclusive! });
  if (typeof schema[exclusive!] === "number") bounds.push({ value: schema[exclusive!] as number, exclusive: true, keyword: exclusive! });
  const tighter = (x: Bound, y: Bound) => (x.value === y.value ? x.exclusive : side === "lower" ? x.value > y.value : x.value < y.value);
  return bounds.reduce<Bound | null>((best, bound) => (best === null || tighter(bound, best) ? bound : best), null);
}

function boundTightened(pair: AlignedPair, side: "lower" | "upper"): StructuralCandidate[] {
  const before = boundOf(pair.a, side);
  const after = boundOf(pair.b, side);
  if (after === null) return [];
  const moved = before === null || (side === "lower" ? after.value > before.value : after.value < before.value);
  if (!moved && !(before.value === after.value && after.exclusive && !before.exclusive)) return [];
  // Values on the lost side of the new bound: below a raised minimum, above a lowered maximum.
  const lostSide = side === "lower" ? (after.exclusive ? "maximum" : "exclusiveMaximum") : after.exclusive ? "minimum" : "exclusiveMinimum";
  const subject = { source: before === null ? undefined : pair.a[before.keyword], target: after.value };
  const found = candidate(pair, "bound", after.keyword, subject, constrainedBy(pair.a, { [lostSide]: after.value }));
  return [{ ...found, focus: { ...found.focus!, pins: valuesPast(after, side) } }];
}

/**
 * The values just past a bound, the first a reader tries: the bound itself when exclusive, else the
 * bound ± 1 (an integer stays one) and the next double beyond it (past 2^53 the bound + 1 is the bound).
 * Drawn integers stop at 2^53 - 1, so `maximum: 9007199254740991` has only these as witnesses.
 */
export function valuesPast(bound: Bound, side: "lower" | "upper"): number[] {
  const step = side === "upper" ? 1 : -1;
  const values = bound.exclusive ? [bound.value] : [];
  values.push(bound.value + step, nextDouble(bound.value, step));
  if (!Number.isInteger(bound.value)) values.push(side === "upper" ? Math.floor(bound.value) + 1 : Math.ceil(bound.value) - 1);
  const past = (value: number) => Number.isFinite(value) && (side === "upper" ? value > bound.value : value < bound.value) || (bound.exclusive && value === bound.value);
  return [...new Set(values.filter(past))];
}

/** The neighbouring double of `value` towards +∞ (step 1) or −∞ (step −1). */
export function nextDouble(value: number, step: 1 | -1): number {
  if (value === 0) return step * Number.MIN_VALUE;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  const bits = view.getBigInt64(0);
  view.setBigInt64(0, (value > 0) === (step > 0) ? bits + 1n : bits - 1n);
  return view.getFloat64(0);
}

const LENGTH_PAIRS = [
  ["minLength", "maxLength"],
  ["minItems", "maxItems"],
  ["minProperties", "maxProperties"],
] as const;

function lengthTightened(pair: AlignedPair, [minKey, maxKey]: (typeof LENGTH_PAIRS)[number]): StructuralCandidate[] {
  const found: StructuralCandidate[] = [];
  const [minBefore, minAfter] = [numberOr(pair.a[minKey], 0), numberOr(pair.b[minKey], 0)];
  if (minAfter > minBefore) found.push(candidate(pair, "length", minKey, { source: pair.a[minKey], target: minAfter }, constrainedBy(pair.a, { [maxKey]: minAfter - 1 })));
  const [maxBefore, maxAfter] = [numberOr(pair.a[maxKey], Infinity), numberOr(pair.b[maxKey], Infinity)];
  if (maxAfter < maxBefore) found.push(candidate(pair, "length", maxKey, { source: pair.a[maxKey], target: maxAfter }, constrainedBy(pair.a, { [minKey]: maxAfter + 1 })));
  return found;
}

const multipleOfChanged: NarrowingDetector = (pair) => {
  const [before, after] = [pair.a.multipleOf, pair.b.multipleOf];
  if (typeof after !== "number") return [];
  if (typeof before === "number" && isWholeMultiple(before, after)) return [];
  return [candidate(pair, "multiple-of", "multipleOf", { source: before, target: after }, constrainedBy(pair.a, { type: "number", not: { multipleOf: after } }))];
};

/** Keywords any new or changed value of narrows: pattern, format, uniqueItems. */
const stringAndArrayMarks: NarrowingDetector = (pair) => {
  const found: StructuralCandidate[] = [];
  for (const keyword of ["pattern", "format"] as const) {
    if (typeof pair.b[keyword] === "string" && pair.b[keyword] !== pair.a[keyword]) {
      const steered = constrainedBy(pair.a, { type: "string", not: { [keyword]: pair.b[keyword] } });
      found.push(candidate(pair, keyword, keyword, { source: pair.a[keyword], target: pair.b[keyword] }, steered));
    }
  }
  if (pair.b.uniqueItems === true && pair.a.uniqueItems !== true) found.push(candidate(pair, "unique-items", "uniqueItems", {}, undefined));
  return found;
};

export const VALUE_NARROWINGS: readonly NarrowingDetector[] = [
  typeNarrowed,
  enumNarrowed,
  constChanged,
  (pair) => [...boundTightened(pair, "lower"), ...boundTightened(pair, "upper")],
  (pair) => LENGTH_PAIRS.flatMap((keys) => lengthTightened(pair, keys)),
  multipleOfChanged,
  stringAndArrayMarks,
];

function candidate(
  pair: AlignedPair,
  topic: StructuralCandidate["topic"],
  keyword: string,
  subject: Omit<StructuralCandidate["subject"], "keyword">,
  steered: SchemaObject | undefined,
): StructuralCandidate {
  const path = keywordPath(pair, keyword);
  return { topic, path, subject: { keyword, ...subject }, witnessPaths: [path], ...(steered ? { focus: focusOn(pair, steered) } : {}) };
}

function declaredTypes(schema: SchemaObject): string[] | null {
  if (typeof schema.type === "string") return [schema.type];
  return Array.isArray(schema.type) ? schema.type.filter((type): type is string => typeof type === "string") : null;
}

/** The types the source may hold: declared, else those of its enum/const values, else any. */
function sourceTypes(schema: SchemaObject): string[] {
  if (hasValueList(schema)) return [...new Set(valueList(schema).map(jsonTypeOf))];
  return declaredTypes(schema) ?? ALL_TYPES;
}

function hasValueList(schema: SchemaObject): boolean {
  return "const" in schema || Array.isArray(schema.enum);
}

function valueList(schema: SchemaObject): unknown[] {
  return "const" in schema ? [schema.const] : (schema.enum as unknown[]);
}

/** The schema allowing only these of its enum/const values. */
function withValues(schema: SchemaObject, values: unknown[]): SchemaObject {
  const { const: _const, ...rest } = schema;
  return { ...rest, enum: values };
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === "number" ? value : fallback;
}

/** True when every multiple of `before` is a multiple of `after` (float steps compared with a tolerance). */
function isWholeMultiple(before: number, after: number): boolean {
  const ratio = before / after;
  return Math.abs(ratio - Math.round(ratio)) < 1e-9 && Math.round(ratio) >= 1;
}
