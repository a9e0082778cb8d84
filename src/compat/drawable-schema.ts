// What compat draws values from: the generator's arbitrary for a schema, made dependable. An optional
// part the generator cannot satisfy on its own (an optional `oneOf` whose branch 0 alone no value
// matches) is left out of the drawn values and named, so it never stops the search of the whole
// schema; a draw that still runs into an exhausted filter is drawn again (a bounded, counted number
// of times) from the same random stream, so the outcome depends on the seed only.
import fc from "fast-check";
import { GenerationExhaustedError, UnsatisfiableSchemaError, validValue } from "../../generators/valid-value.js";
import { appendPointer, formatPointer, parsePointer, resolvePointer } from "../schema/json-pointer.js";
import type { JsonSchema } from "../schema/types.js";
import { isSchemaObject, walkSchema } from "../schema/walk-schema.js";

/** Draws that probe whether a schema (or one optional part) can be drawn from. */
const PROBE_DRAWS = 30;
const PROBE_SEED = 0x5eed;
/** Fresh draws one value may take when a filter inside gave up. */
const MAX_REDRAWS = 8;

export type Drawable =
  | { readonly ok: true; readonly arbitrary: fc.Arbitrary<unknown>; readonly leftOut: readonly string[] }
  | { readonly ok: false; readonly problem: string; readonly leftOut: readonly string[] };

/** The generator could not produce a value: a schema part it finds unsatisfiable, or a filter that kept rejecting. */
export function isGenerationFailure(error: unknown): error is Error {
  return error instanceof GenerationExhaustedError || error instanceof UnsatisfiableSchemaError;
}

export function drawableValues(schema: JsonSchema): Drawable {
  const first = probe(schema);
  if (first === null) return { ok: true, arbitrary: redrawing(validValue(schema)), leftOut: [] };
  if (!isSchemaObject(schema)) return { ok: false, problem: first, leftOut: [] };
  const { pruned, leftOut } = leaveOutUndrawableParts(schema);
  try {
    const arbitrary = redrawing(validValue(pruned));
    fc.sample(arbitrary, { seed: PROBE_SEED, numRuns: PROBE_DRAWS });
    return { ok: true, arbitrary, leftOut };
  } catch (error) {
    if (!isGenerationFailure(error)) throw error;
    return { ok: false, problem: error.message, leftOut };
  }
}

/** Null when PROBE_DRAWS values come out, else why not. */
function probe(schema: JsonSchema): string | null {
  try {
    fc.sample(validValue(schema), { seed: PROBE_SEED, numRuns: PROBE_DRAWS });
    return null;
  } catch (error) {
    if (!isGenerationFailure(error)) throw error;
    return error.message;
  }
}

/** A copy with each optional property that cannot be drawn alone declared `false` (so left out), deepest first. */
function leaveOutUndrawableParts(schema: { [keyword: string]: unknown }): { pruned: JsonSchema; leftOut: string[] } {
  const copy = structuredClone(schema);
  const leftOut: string[] = [];
  for (const path of optionalProperties(copy)) {
    const part = resolvePointer(copy, path) as JsonSchema;
    const problem = probe(standalone(copy, part));
    if (problem === null) continue;
    const tokens = parsePointer(path);
    const properties = resolvePointer(copy, formatPointer(tokens.slice(0, -1))) as Record<string, unknown>;
    properties[tokens.at(-1)!] = false;
    leftOut.push(`left out optional ${path}: ${problem}`);
  }
  return { pruned: copy, leftOut };
}

/** Pointers of every optional property schema, deepest first (ties in document order). */
function optionalProperties(schema: JsonSchema): string[] {
  const found: { path: string; depth: number; order: number }[] = [];
  walkSchema(schema, ({ schema: sub, path: at }) => {
    if (!isSchemaObject(sub) || !isSchemaObject(sub.properties)) return;
    const required = new Set(Array.isArray(sub.required) ? sub.required : []);
    for (const [name, value] of Object.entries(sub.properties)) {
      if (required.has(name) || value === false || value === true) continue;
      const path = appendPointer(at, "properties", name);
      found.push({ path, depth: parsePointer(path).length, order: found.length });
    }
  });
  return found.sort((x, y) => y.depth - x.depth || x.order - y.order).map((entry) => entry.path);
}

/** One part as a root of its own, with the root's definitions so its refs still land. */
function standalone(root: { [keyword: string]: unknown }, part: JsonSchema): JsonSchema {
  return {
    ...(root.$defs === undefined ? {} : { $defs: root.$defs }),
    ...(root.definitions === undefined ? {} : { definitions: root.definitions }),
    allOf: [part],
  };
}

class RedrawingArbitrary extends fc.Arbitrary<unknown> {
  constructor(private readonly source: fc.Arbitrary<unknown>) {
    super();
  }

  generate(random: fc.Random, biasFactor: number | undefined): fc.Value<unknown> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return this.source.generate(random, biasFactor);
      } catch (error) {
        if (!(error instanceof GenerationExhaustedError) || attempt >= MAX_REDRAWS) throw error;
      }
    }
  }

  canShrinkWithoutContext(value: unknown): value is unknown {
    return this.source.canShrinkWithoutContext(value);
  }

  shrink(value: unknown, context: unknown): fc.Stream<fc.Value<unknown>> {
    return this.source.shrink(value, context);
  }
}

export function redrawing(arbitrary: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return new RedrawingArbitrary(arbitrary);
}
