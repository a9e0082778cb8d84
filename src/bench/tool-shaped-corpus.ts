// A deterministic corpus of tool-shaped schemas (5-30 properties, nested objects, enums, formats,
// patterns, arrays of objects), each with valid arguments and near-miss failing ones: the values a
// model sends, wrong in the ways models are wrong (a wrong type, a missing or extra field, an enum
// or format or pattern just off, a number out of range, a string too long, a bad nested item).
// Each value's verdict is confirmed by the reference (Ajv) before it is kept.
import type { BenchCase } from "./bench-corpus.js";

type Rng = () => number;

/** mulberry32: small, fast, and the same sequence everywhere for a seed. */
function rngOf(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
const between = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));

/** One field: its schema, a valid value, and near misses of it. */
interface FieldKind {
  readonly schema: Record<string, unknown>;
  valid(rng: Rng): unknown;
  readonly misses: readonly unknown[];
}

const WORDS = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet"];
const NAMES = ["query", "limit", "user_id", "start_date", "end_time", "email", "url", "currency", "status", "priority", "tags", "notes", "amount", "count", "city", "country", "sku", "title", "body", "locale"];

function scalarKinds(rng: Rng): FieldKind[] {
  const options = [pick(rng, WORDS), pick(rng, WORDS) + "_x", "open", "closed"].filter((v, i, all) => all.indexOf(v) === i);
  const max = between(rng, 10, 1000);
  return [
    { schema: { type: "string", description: "free text", maxLength: 64 }, valid: (r) => pick(r, WORDS) + " " + pick(r, WORDS), misses: [42, "x".repeat(65), null] },
    { schema: { type: "string", enum: options }, valid: (r) => pick(r, options), misses: [options[0]!.toUpperCase(), "", 1] },
    { schema: { type: "string", format: "date" }, valid: () => "2024-05-17", misses: ["2024-13-01", "17/05/2024", 20240517] },
    { schema: { type: "string", format: "date-time" }, valid: () => "2024-05-17T10:30:00Z", misses: ["2024-05-17 10:30", "2024-05-17T25:00:00Z"] },
    { schema: { type: "string", format: "email" }, valid: (r) => `${pick(r, WORDS)}@example.com`, misses: ["not an email", "a@@b.c"] },
    { schema: { type: "string", format: "uri" }, valid: () => "https://example.com/a?b=1", misses: ["example.com/a", "http://exa mple.com"] },
    { schema: { type: "string", format: "uuid" }, valid: () => "0b1c9a7e-3c2d-4e5f-8a9b-0c1d2e3f4a5b", misses: ["0b1c9a7e3c2d4e5f8a9b0c1d2e3f4a5b"] },
    { schema: { type: "string", pattern: "^[A-Z]{3}$" }, valid: () => "EUR", misses: ["eur", "EURO"] },
    { schema: { type: "string", pattern: "^[a-z0-9_-]{3,32}$", minLength: 3 }, valid: (r) => pick(r, WORDS) + "_1", misses: ["Has Spaces", "ab"] },
    { schema: { type: "integer", minimum: 1, maximum: max }, valid: (r) => between(r, 1, max), misses: [0, max + 1, 2.5, "3"] },
    { schema: { type: "number", minimum: 0, exclusiveMaximum: 100 }, valid: (r) => Math.round(r() * 9999) / 100, misses: [100, -0.01, "12.5"] },
    { schema: { type: "boolean" }, valid: (r) => r() < 0.5, misses: ["true", 1] },
    { schema: { type: "array", items: { type: "string", maxLength: 20 }, maxItems: 5, uniqueItems: true }, valid: (r) => WORDS.slice(0, between(r, 0, 5)), misses: [["a", "a"], [1], "alpha"] },
    { schema: { type: ["string", "null"], maxLength: 200 }, valid: (r) => (r() < 0.3 ? null : "note"), misses: [5, false] },
  ];
}

function objectKind(rng: Rng, size: number, depth: number): FieldKind {
  const kinds = [...scalarKinds(rng), ...(depth < 2 ? [objectKind(rng, between(rng, 3, 6), depth + 1), arrayOfObjectsKind(rng, depth + 1)] : [])];
  const fields = Array.from({ length: size }, (_, i) => [`${pick(rng, NAMES)}_${i}`, pick(rng, kinds)] as const);
  const required = fields.filter(() => rng() < 0.6).map(([name]) => name);
  const schema = { type: "object", properties: Object.fromEntries(fields.map(([name, kind]) => [name, kind.schema])), required, additionalProperties: false };
  const valid = (r: Rng) => Object.fromEntries(fields.filter(([name]) => required.includes(name) || r() < 0.7).map(([name, kind]) => [name, kind.valid(r)]));
  return { schema, valid, misses: [[], "{}", null] };
}

function arrayOfObjectsKind(rng: Rng, depth: number): FieldKind {
  const item = objectKind(rng, between(rng, 2, 5), depth);
  return { schema: { type: "array", items: item.schema, minItems: 1, maxItems: 10 }, valid: (r) => Array.from({ length: between(r, 1, 4) }, () => item.valid(r)), misses: [[], [null], {}] };
}

/** A failing copy of `value`: `faults` near misses in distinct fields (nested ones included). */
function nearMiss(value: Record<string, unknown>, schema: Record<string, unknown>, kinds: ReadonlyMap<string, FieldKind>, rng: Rng, faults: number): unknown {
  const copy: Record<string, unknown> = { ...value };
  const names = [...kinds.keys()];
  for (let f = 0; f < faults; f++) {
    const name = pick(rng, names);
    const roll = rng();
    const required = (schema.required as string[]).includes(name);
    if (roll < 0.15 && required) delete copy[name];
    else if (roll < 0.25) copy[`unexpected_${f}`] = "x";
    else copy[name] = pick(rng, kinds.get(name)!.misses);
  }
  return copy;
}

export interface ToolShapedCase extends BenchCase {
  readonly schema: Record<string, unknown>;
}

/**
 * `count` tool schemas with `perSchema` valid and as many failing arguments each, all confirmed by
 * `isValid` (the reference validator compiled for that schema).
 */
export function toolShapedCases(seed: number, count: number, perSchema: number, reference: (schema: object) => (value: unknown) => boolean): ToolShapedCase[] {
  const rng = rngOf(seed);
  const cases: ToolShapedCase[] = [];
  for (let s = 0; s < count; s++) {
    const size = between(rng, 5, 30);
    const kinds = [...scalarKinds(rng), objectKind(rng, between(rng, 3, 6), 1), arrayOfObjectsKind(rng, 1)];
    const fields = new Map(Array.from({ length: size }, (_, i) => [`${pick(rng, NAMES)}_${i}`, pick(rng, kinds)] as const));
    const required = [...fields.keys()].filter(() => rng() < 0.5);
    const properties = Object.fromEntries([...fields].map(([name, kind]) => [name, kind.schema]));
    const schema = { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", description: `tool ${s}`, properties, required, additionalProperties: false };
    const isValid = reference(schema);
    const valid: unknown[] = [];
    const invalid: unknown[] = [];
    for (let k = 0; k < perSchema * 3 && valid.length < perSchema; k++) {
      const value = Object.fromEntries([...fields].filter(([name]) => required.includes(name) || rng() < 0.7).map(([name, kind]) => [name, kind.valid(rng)]));
      if (!isValid(value)) continue;
      valid.push(value);
      const miss = nearMiss(value, schema, fields, rng, between(rng, 1, 3));
      if (!isValid(miss)) invalid.push(miss);
    }
    if (valid.length > 0 && invalid.length > 0) cases.push({ schemaId: `tool-shaped/${s}`, schema, dialect: "draft2020-12", valid, invalid });
  }
  return cases;
}
