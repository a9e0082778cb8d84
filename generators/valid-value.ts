// validValue: instances valid by construction for a JSON Schema (draft 2020-12), compiled to one
// fast-check arbitrary per schema and constraints, then reused.
import type fc from "fast-check";
import type { JsonSchema } from "../src/schema/types.js";
import type { FilterStats } from "./_internals/bounded-filter-arbitrary.js";
import { DEFAULT_SETTINGS, UnsatisfiableSchemaError, type GenerationContext, type GenerationSettings } from "./_internals/generation-context.js";
import { createGenerationContext } from "./_internals/schema-to-arbitrary.js";

export { GenerationExhaustedError } from "./_internals/bounded-filter-arbitrary.js";
export { UnsatisfiableSchemaError } from "./_internals/generation-context.js";

export interface ValidValueConstraints {
  /** Object/array levels generated freely; deeper, only what the schema requires (default 4). */
  readonly maxDepth?: number;
  /** Items an array may get beyond its minItems (default 4). */
  readonly maxExtraItems?: number;
  /** Undeclared properties an open object may get; 0 for never (default 2). */
  readonly maxExtraProperties?: number;
  /** Code points a free string may get beyond its minLength (default 16). */
  readonly maxStringLength?: number;
  /** Draws a filtered choice (oneOf, not, pattern with lengths…) may reject before giving up (default 100). */
  readonly maxRejections?: number;
}

export interface ValidValueStats extends FilterStats {}

const compiledBySchema = new WeakMap<object, Map<string, fc.Arbitrary<unknown>>>();
const contextsBySchema = new WeakMap<object, Map<string, GenerationContext>>();
const compiledForBoolean = new Map<string, fc.Arbitrary<unknown>>();
const statsByArbitrary = new WeakMap<fc.Arbitrary<unknown>, FilterStats>();

export function validValueSettings(constraints: ValidValueConstraints = {}): GenerationSettings {
  return { ...DEFAULT_SETTINGS, ...Object.fromEntries(Object.entries(constraints).filter(([, value]) => value !== undefined)) };
}

/**
 * Values valid against schema. Throws UnsatisfiableSchemaError (now) when the generator finds no
 * value (the false schema, contradictory keywords), GenerationExhaustedError (while generating)
 * when a bounded filter keeps rejecting.
 */
export function validValue(schema: JsonSchema, constraints: ValidValueConstraints = {}): fc.Arbitrary<unknown> {
  const settings = validValueSettings(constraints);
  const key = JSON.stringify(settings);
  const cache = typeof schema === "boolean" ? compiledForBoolean : (compiledBySchema.get(schema) ?? new Map<string, fc.Arbitrary<unknown>>());
  if (typeof schema === "object") compiledBySchema.set(schema, cache);
  const cacheKey = typeof schema === "boolean" ? `${schema}:${key}` : key;
  let arbitrary = cache.get(cacheKey);
  if (!arbitrary) {
    if (schema === false) throw new UnsatisfiableSchemaError("the false schema accepts no value");
    const context = typeof schema === "object" ? generationContextFor(schema, settings) : createGenerationContext(schema, settings);
    arbitrary = context.compile(schema, settings.maxDepth);
    statsByArbitrary.set(arbitrary, context.stats);
    cache.set(cacheKey, arbitrary);
  }
  return arbitrary;
}

/** Filter counts (accepted and rejected draws) of a validValue arbitrary, shared by its whole schema. */
export function validValueStats(arbitrary: fc.Arbitrary<unknown>): ValidValueStats | undefined {
  return statsByArbitrary.get(arbitrary);
}

/**
 * One generation context per (root schema, settings): validValue and nearMiss's recipes share its
 * compiled arbitraries, flatten/merge caches and its one spec checker (one Ajv and one compile per
 * check instead of one per user).
 */
export function generationContextFor(schema: Exclude<JsonSchema, boolean>, settings: GenerationSettings): GenerationContext {
  const key = JSON.stringify(settings);
  let byKey = contextsBySchema.get(schema);
  if (!byKey) contextsBySchema.set(schema, (byKey = new Map()));
  let context = byKey.get(key);
  if (!context) byKey.set(key, (context = createGenerationContext(schema, settings)));
  return context;
}
