// What every narrowing detector sees: one subschema of each version at the same place.
import { appendPointer } from "../schema/json-pointer.js";
import type { JsonSchema } from "../schema/types.js";
import type { StructuralCandidate } from "./compat-types.js";
import { replaceSubschema, type SchemaObject } from "./focus-schema.js";

export interface AlignedPair {
  /** The source subschema (must still be accepted) and the target one (may reject). */
  readonly a: SchemaObject;
  readonly b: SchemaObject;
  /** JSON Pointer of both subschemas from their roots. */
  readonly path: string;
  readonly sourceRoot: JsonSchema;
}

export type NarrowingDetector = (pair: AlignedPair) => StructuralCandidate[];

export function keywordPath(pair: AlignedPair, ...tokens: (string | number)[]): string {
  return appendPointer(pair.path, ...tokens);
}

/** The source root with this pair's subschema replaced by a steered one. */
export function focusOn(pair: AlignedPair, steered: SchemaObject): JsonSchema {
  return replaceSubschema(pair.sourceRoot, pair.path, steered);
}
