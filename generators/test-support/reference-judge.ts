// The judges of the law tests: Ajv as the lab's reference (draft 2020-12, ajv-formats, strict off),
// adjudicated where Ajv is known wrong by the generator's spec checker (exact multipleOf,
// dependentSchemas read as if/then), and lite when it accepts the schema.
import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { ErrorObject } from "ajv";
import { compile as compileLite } from "../../src/lite/index.js";
import type { JsonSchema } from "../../src/schema/types.js";
import { createSchemaChecker } from "../_internals/schema-checker.js";

export type KnownAjvDivergence = "multipleOf-float" | "dependentSchemas-unevaluated";

export interface Judgement {
  readonly ajv: boolean;
  /** What the spec says, per the generator's patched checker. */
  readonly spec: boolean;
  /** Set when Ajv and the spec disagree on a known Ajv divergence. */
  readonly divergence?: KnownAjvDivergence;
  readonly lite: boolean | "unsupported";
  readonly ajvErrors: readonly ErrorObject[];
}

const ajv = new Ajv2020Module.default({ strict: false, allErrors: true, logger: false });
addFormatsModule.default(ajv);

/**
 * The spec checker is Ajv with exactly two patches (exact multipleOf, dependentSchemas as if/then),
 * so when it accepts what plain Ajv rejects, one of the patched keywords explains it.
 */
function knownDivergence(errors: readonly ErrorObject[]): KnownAjvDivergence | undefined {
  if (errors.some((error) => error.keyword === "multipleOf")) return "multipleOf-float";
  if (errors.some((error) => error.keyword === "unevaluatedProperties")) return "dependentSchemas-unevaluated";
  return undefined;
}

export function createJudge(schema: JsonSchema): (value: unknown) => Judgement {
  const reference = ajv.compile(schema as object);
  ajv.removeSchema(schema as object);
  const checker = createSchemaChecker(schema);
  let lite: ((value: unknown) => { valid: boolean }) | undefined;
  try {
    lite = compileLite(schema);
  } catch {
    lite = undefined;
  }
  return (value) => {
    const ajvValid = reference(value) as boolean;
    const ajvErrors = [...(reference.errors ?? [])];
    const spec = checker.accepts(schema, value);
    const divergence = !ajvValid && spec ? knownDivergence(ajvErrors) : undefined;
    return { ajv: ajvValid, spec, divergence, lite: lite ? lite(value).valid : "unsupported", ajvErrors };
  };
}
