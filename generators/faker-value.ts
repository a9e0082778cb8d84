// fakerValue: json-schema-faker 0.6.3 as an extra, independent source of instances, seeded from
// fast-check so runs replay. Its values are only possibly valid (it emits 306.09000000000003 for
// multipleOf 0.01) and it throws on some schemas (minProperties with every property optional):
// a throw becomes a generation failure value, never a crash.
import fc from "fast-check";
import { generateSync } from "json-schema-faker";
import type { JsonSchema } from "../src/schema/types.js";

export interface FakerValueConstraints {
  /** json-schema-faker's maxDepth (default 4). */
  readonly maxDepth?: number;
  /** Items for arrays without maxItems (json-schema-faker's maxDefaultItems, default 4). */
  readonly maxDefaultItems?: number;
  /** How often optional properties are filled, 0-1 (default 0.5). */
  readonly optionalsProbability?: number;
}

export type FakerValue =
  | { readonly source: "json-schema-faker"; readonly seed: number; readonly ok: true; readonly value: unknown; readonly possiblyInvalid: true }
  | { readonly source: "json-schema-faker"; readonly seed: number; readonly ok: false; readonly failure: string };

export function fakerValue(schema: JsonSchema, constraints: FakerValueConstraints = {}): fc.Arbitrary<FakerValue> {
  const options = {
    maxDepth: constraints.maxDepth ?? 4,
    maxDefaultItems: constraints.maxDefaultItems ?? 4,
    optionalsProbability: constraints.optionalsProbability ?? 0.5,
    refDepthMax: constraints.maxDepth ?? 4,
  };
  // Seeds shrink to other seeds, not to smaller values: shrinking would only wander.
  return fc.noShrink(fc.integer({ min: 1, max: 0x7fffffff })).map((seed): FakerValue => {
    try {
      const value = generateSync(structuredClone(schema) as Parameters<typeof generateSync>[0], { ...options, seed });
      return { source: "json-schema-faker", seed, ok: true, value, possiblyInvalid: true };
    } catch (error) {
      return { source: "json-schema-faker", seed, ok: false, failure: error instanceof Error ? error.message : String(error) };
    }
  });
}
