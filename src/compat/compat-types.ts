// Shared types of src/compat: what the structural diff suspects, what the search witnesses.
import type { JsonSchema } from "../schema/types.js";

/**
 * backward: every value valid under OLD stays valid under NEW (tool inputs: old calls still pass).
 * forward: every value valid under NEW was valid under OLD (structured outputs: old consumers still read).
 */
export type CompatDirection = "backward" | "forward";

/**
 * The kind of narrowing, told from the side that must still accept (the *source*: OLD going
 * backward, NEW going forward) towards the side that rejects (the *target*).
 */
export type ChangeTopic =
  | "required"
  | "property-removed"
  | "property-added"
  | "additional-properties"
  | "enum"
  | "const"
  | "type"
  | "bound"
  | "length"
  | "multiple-of"
  | "pattern"
  | "format"
  | "unique-items"
  | "branch-removed"
  | "branch-added"
  | "one-of-ambiguous"
  | "ref"
  | "assertion-added"
  | "schema-false"
  | "tool-removed";

/** What a change is about, in words the rules interpolate; `source`/`target` are keyword values on each side. */
export interface ChangeSubject {
  /** The keyword the change is about: `required`, `maximum`, `anyOf`, `$ref`... */
  readonly keyword: string;
  /** A property or tool name, when the change is about one. */
  readonly name?: string;
  /** Enum values (or branches) the target no longer accepts. */
  readonly values?: readonly unknown[];
  readonly source?: unknown;
  readonly target?: unknown;
}

/** A narrowing the structural diff suspects between two schemas read side by side. */
export interface StructuralCandidate {
  readonly topic: ChangeTopic;
  /** JSON Pointer of the keyword (or property) in the schemas, e.g. `/properties/data/required`. */
  readonly path: string;
  readonly subject: ChangeSubject;
  /** Ajv schema paths (pointers) under which a target error witnesses this change. */
  readonly witnessPaths: readonly string[];
  /** Error params that must agree when present (`missingProperty: "unit"`), so one keyword's errors tell names apart. */
  readonly witnessParams?: Readonly<Record<string, unknown>>;
  /** The source root steered towards values this change rejects, when one can be built. */
  readonly focus?: Focus;
}

/** The source root with one subschema (at `at`, a pointer in the source) steered towards a break. */
export interface Focus {
  readonly root: JsonSchema;
  readonly at: string;
  /** Values the diff knows break at `at` (the bound + 1, the next double past 2^53): tried first, before any draw. */
  readonly pins?: readonly unknown[];
}

/** One Ajv error, its schema path as a JSON Pointer (no leading `#`). */
export interface ReferenceError {
  readonly keyword: string;
  readonly schemaPath: string;
  readonly instancePath: string;
  readonly params: Readonly<Record<string, unknown>>;
}

/** A value the source accepts and the target rejects, shrunk, with the target's errors. */
export interface Witness {
  readonly value: unknown;
  readonly errors: readonly ReferenceError[];
  /** Which arbitrary found it: `constructed` (from the diff), `valid`, `near-miss`, or a focused change's path. */
  readonly foundBy: string;
}
