// Bounds a provider holds answers to only up to a documented size (xAI: "guaranteed limits: lengths
// 2,048, items 256, properties 64"; beyond them the schema is followed best effort, not refused).
// `check` lists each bound past its guarantee as accepted but not enforced at that place; the emulator
// drops it from the schema it decodes under, so the emulated model is not held to it.
import { listSubschemas } from "../../src/schema/walk-schema.js";
import type { JsonSchema } from "../../src/schema/types.js";
import type { GuaranteedBounds } from "../profiles/profile-types.js";

export interface BoundPastGuarantee {
  /** JSON Pointer of the node that carries the bound. */
  readonly path: string;
  readonly keyword: string;
  /** The taxonomy feature the keyword belongs to (the keyword's own id for these). */
  readonly feature: string;
  readonly value: number;
  readonly guaranteed: number;
}

const KEYWORDS: readonly { keyword: string; limit: keyof GuaranteedBounds }[] = [
  { keyword: "minLength", limit: "length" },
  { keyword: "maxLength", limit: "length" },
  { keyword: "minItems", limit: "items" },
  { keyword: "maxItems", limit: "items" },
  { keyword: "minProperties", limit: "properties" },
  { keyword: "maxProperties", limit: "properties" },
];

export function boundsPastGuarantee(schema: JsonSchema, bounds: GuaranteedBounds | undefined): BoundPastGuarantee[] {
  if (bounds === undefined) return [];
  const out: BoundPastGuarantee[] = [];
  for (const { path, schema: node } of listSubschemas(schema)) {
    if (typeof node !== "object" || node === null) continue;
    const record = node as Record<string, unknown>;
    for (const { keyword, limit } of KEYWORDS) {
      const value = record[keyword];
      const guaranteed = bounds[limit];
      if (typeof value === "number" && guaranteed !== undefined && value > guaranteed) out.push({ path, keyword, feature: keyword, value, guaranteed });
    }
  }
  return out;
}

export function describeBoundPastGuarantee(bound: BoundPastGuarantee): string {
  return `${bound.keyword} ${bound.value} is past the provider's guaranteed ${bound.guaranteed}: followed best effort, not enforced`;
}
