// The generator fallback of constrained decoding: generators/valid-value.ts `validValue(schema)` when it
// is there. It is looked up at run time so the emulator works (with minimal repair only) without it;
// whatever it gives is still held to Ajv before it is sent.
import fc from "fast-check";
import type { JsonSchema } from "../../../src/schema/types.js";
import type { ValidValueGenerator } from "../emulator-model.js";

/** One fixed seed: the same request gets the same generated answer. */
const SEED = 11;

let loaded: Promise<ValidValueGenerator | undefined> | undefined;

export function loadValidValue(): Promise<ValidValueGenerator | undefined> {
  loaded ??= importValidValue();
  return loaded;
}

async function importValidValue(): Promise<ValidValueGenerator | undefined> {
  // A computed specifier: the module may not exist yet, and its absence is not an error here.
  const specifier = ["..", "..", "..", "generators", "valid-value.js"].join("/");
  try {
    const module = (await import(specifier)) as { validValue?: unknown };
    const generate = module.validValue;
    return typeof generate === "function" ? (schema: JsonSchema) => oneValue((generate as (schema: JsonSchema) => unknown)(schema)) : undefined;
  } catch {
    return undefined;
  }
}

/** validValue gives a fast-check arbitrary of valid values: draw one, deterministically. */
export function oneValue(generated: unknown): unknown {
  if (!(generated instanceof fc.Arbitrary)) return generated;
  return fc.sample(generated as fc.Arbitrary<unknown>, { seed: SEED, numRuns: 1 })[0];
}
