// What every SchemaToArbitrary mapper shares for one root schema: settings, ref resolution, the
// flatten/merge caches, the lazily built checker, filter statistics, and the compile entry point.
import type fc from "fast-check";
import { findRecursiveRefs } from "../../src/schema/detect-features.js";
import { resolvePointer } from "../../src/schema/json-pointer.js";
import { createLocalRefResolver } from "../../src/schema/resolve-ref.js";
import type { JsonSchema } from "../../src/schema/types.js";
import { SUBSCHEMA_KEYWORDS } from "../../src/schema/walk-schema.js";
import { boundedFilter, SKIPPED, type FilterStats } from "./bounded-filter-arbitrary.js";
import type { SchemaObject } from "./merge-schemas.js";
import { createSchemaChecker, type SchemaChecker } from "./schema-checker.js";

export interface GenerationSettings {
  /** Object/array levels generated freely; deeper, only what the schema requires. */
  readonly maxDepth: number;
  /** Items an array may get beyond its minItems. */
  readonly maxExtraItems: number;
  /** Undeclared properties an open object may get (0: never). */
  readonly maxExtraProperties: number;
  /** Code points a free string may get beyond its minLength. */
  readonly maxStringLength: number;
  /** Draws a filtered choice may reject before it gives up. */
  readonly maxRejections: number;
}

export const DEFAULT_SETTINGS: GenerationSettings = {
  maxDepth: 4,
  maxExtraItems: 4,
  maxExtraProperties: 2,
  maxStringLength: 16,
  maxRejections: 100,
};

/** No value satisfies this schema part (or none the generator can reach): drop the choice, or fail. */
export class UnsatisfiableSchemaError extends Error {
  override readonly name = "UnsatisfiableSchemaError";
  constructor(
    readonly reason: string,
    /** True when the failure depends on how the part was reached, so it must not be cached. */
    readonly contextual = false,
  ) {
    super(`unsatisfiable: ${reason}`);
  }
}

/** build(), or undefined when it finds the schema part unsatisfiable; other errors propagate. */
export function unlessUnsatisfiable<T>(build: () => T): T | undefined {
  try {
    return build();
  } catch (error) {
    if (error instanceof UnsatisfiableSchemaError) return undefined;
    throw error;
  }
}

/** A schema with every $ref and allOf at its top folded in; residuals are what could not be folded. */
export interface Flattened {
  readonly flat: SchemaObject | false;
  readonly residuals: readonly SchemaObject[];
}

export interface GenerationContext {
  readonly root: JsonSchema;
  readonly settings: GenerationSettings;
  readonly stats: FilterStats;
  checker(): SchemaChecker;
  resolveRef(ref: string): JsonSchema;
  /** True when the schema holds a $ref that can lead back to itself (recursion). */
  canRecurse(schema: JsonSchema): boolean;
  filter<T>(source: fc.Arbitrary<T>, accept: (value: T) => boolean, where: string): fc.Arbitrary<T>;
  /** Like filter, but an exhausted draw gives SKIPPED (with a small budget) instead of throwing. */
  filterOrSkip<T>(source: fc.Arbitrary<T>, accept: (value: T) => boolean, where: string): fc.Arbitrary<T | typeof SKIPPED>;
  /** Set by schema-to-arbitrary: the cached SchemaToArbitrary entry points. */
  compile(schema: JsonSchema, budget: number): fc.Arbitrary<unknown>;
  compileFlattened(flattened: Flattened, budget: number): fc.Arbitrary<unknown>;
  flatten(schema: JsonSchema): Flattened;
  mergeWith(base: SchemaObject, extra: JsonSchema): Flattened;
}

export function createContextBase(root: JsonSchema, settings: GenerationSettings) {
  const resolver = createLocalRefResolver(root);
  const recursiveRefHolders = new Set<unknown>([...findRecursiveRefs(root)].map((path) => resolvePointer(root, path)));
  const recursionMemo = new WeakMap<object, boolean>();
  const stats: FilterStats = { accepted: 0, rejected: 0, rejectedBy: {} };
  let checker: SchemaChecker | undefined;

  const canRecurse = (schema: JsonSchema, seen = new Set<object>()): boolean => {
    if (typeof schema !== "object" || seen.has(schema)) return false;
    const known = recursionMemo.get(schema);
    if (known !== undefined) return known;
    seen.add(schema);
    const result = recursiveRefHolders.has(schema) || subschemasOf(schema).some((sub) => canRecurse(sub, seen));
    recursionMemo.set(schema, result);
    return result;
  };

  return {
    root,
    settings,
    stats,
    checker: () => (checker ??= createSchemaChecker(root)),
    resolveRef(ref: string): JsonSchema {
      const target = resolver.resolve(ref);
      if (!target) throw new UnsatisfiableSchemaError(`$ref ${ref} does not resolve inside the schema`);
      return target.schema;
    },
    canRecurse: (schema: JsonSchema) => canRecurse(schema),
    filter<T>(source: fc.Arbitrary<T>, accept: (value: T) => boolean, where: string): fc.Arbitrary<T> {
      return boundedFilter(source, accept, { maxRejections: settings.maxRejections, where, stats });
    },
    filterOrSkip<T>(source: fc.Arbitrary<T>, accept: (value: T) => boolean, where: string): fc.Arbitrary<T | typeof SKIPPED> {
      return boundedFilter<T | typeof SKIPPED>(source, accept as (value: T | typeof SKIPPED) => boolean, { maxRejections: Math.min(settings.maxRejections, 10), where, stats, skipWhenExhausted: true });
    },
  };
}

/** Direct subschemas (not following $ref), including merged wrappers built by the generator. */
export function subschemasOf(schema: SchemaObject): JsonSchema[] {
  const found: JsonSchema[] = [];
  const add = (value: unknown) => {
    if (typeof value === "boolean" || (value !== null && typeof value === "object" && !Array.isArray(value))) found.push(value as JsonSchema);
  };
  for (const [keyword, value] of Object.entries(schema)) {
    const shape = SUBSCHEMA_KEYWORDS[keyword];
    if (shape === "schema") add(value);
    else if (shape === "schema-list" && Array.isArray(value)) value.forEach(add);
    else if (shape === "schema-map" && value && typeof value === "object") Object.values(value).forEach(add);
  }
  return found;
}
