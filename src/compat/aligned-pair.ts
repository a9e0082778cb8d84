// What every narrowing detector sees: one subschema of each version, read side by side. Usually both
// sit at the same JSON Pointer; behind a `$ref` that moved, the target side sits where the ref lands.
import { appendPointer } from "../schema/json-pointer.js";
import type { JsonSchema } from "../schema/types.js";
import type { Focus, StructuralCandidate } from "./compat-types.js";
import { replaceSubschema, type SchemaObject } from "./focus-schema.js";

export interface AlignedPair {
  /** The source subschema (must still be accepted) and the target one (may reject). */
  readonly a: SchemaObject;
  readonly b: SchemaObject;
  /** JSON Pointer of the source subschema from the source root. */
  readonly path: string;
  /** JSON Pointer of the target subschema from the target root (where Ajv's errors point). */
  readonly targetPath: string;
  readonly sourceRoot: JsonSchema;
}

export type NarrowingDetector = (pair: AlignedPair) => StructuralCandidate[];

/** A keyword's place in the target: the path a candidate reports and its target errors carry. */
export function keywordPath(pair: AlignedPair, ...tokens: (string | number)[]): string {
  return appendPointer(pair.targetPath, ...tokens);
}

/** The source root with this pair's subschema replaced by a steered one. */
export function focusOn(pair: AlignedPair, steered: SchemaObject): Focus {
  return { root: replaceSubschema(pair.sourceRoot, pair.path, steered), at: pair.path };
}
