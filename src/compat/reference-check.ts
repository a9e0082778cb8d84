// Verdicts for compat come from the reference (Ajv 2020 + formats), the same everywhere, with each
// error's schema path so a break can be traced to the keyword that rejects it.
import type { ErrorObject } from "ajv";
import { refToPointer } from "../schema/json-pointer.js";
import type { JsonSchema } from "../schema/types.js";
import { createReferenceAjv, type AjvInstance } from "../validators/ajv-validator.js";
import type { ReferenceError } from "./compat-types.js";

export interface ReferenceVerdict {
  readonly valid: boolean;
  readonly errors: readonly ReferenceError[];
}

export type ReferenceCheck = (value: unknown) => ReferenceVerdict;

/** Ajv refused to compile a declared schema: bad input, reported with the reason. */
export class ReferenceCompileError extends Error {
  override readonly name = "ReferenceCompileError";
}

let shared: AjvInstance | undefined;

/** Compiles with one shared instance and unregisters the schema, so OLD and NEW may share an `$id`. */
export function compileReferenceCheck(schema: JsonSchema): ReferenceCheck {
  const ajv = (shared ??= createReferenceAjv());
  let validate: ReturnType<AjvInstance["compile"]>;
  try {
    validate = ajv.compile(schema);
  } catch (error) {
    throw new ReferenceCompileError(`Ajv cannot compile the schema: ${(error as Error).message}`);
  } finally {
    if (typeof schema === "object") ajv.removeSchema(schema);
  }
  return (value) => (validateBounded(validate, value) ? { valid: true, errors: [] } : { valid: false, errors: (validate.errors ?? []).map(toReferenceError) });
}

/** Ajv recurses without end on a `$ref` cycle that consumes nothing (`{"$ref": "#"}`): a named refusal, not its generated code's stack. */
function validateBounded(validate: (value: unknown) => unknown, value: unknown): boolean {
  try {
    return validate(value) === true;
  } catch (error) {
    if (error instanceof RangeError) throw new ReferenceCompileError(`Ajv cannot check values against the schema: it recurses without end (a $ref cycle that consumes nothing, like {"$ref": "#"})`);
    throw error;
  }
}

function toReferenceError(error: ErrorObject): ReferenceError {
  return {
    keyword: error.keyword,
    schemaPath: schemaPathToPointer(error.schemaPath, error.keyword),
    instancePath: error.instancePath,
    params: error.params as Record<string, unknown>,
  };
}

/** `#/properties/a%20b/type` → `/properties/a b/type`; a false schema's error names the false subschema itself. */
export function schemaPathToPointer(schemaPath: string, keyword: string): string {
  const pointer = refToPointer(schemaPath) ?? schemaPath.replace(/^#/, "");
  return keyword === "false schema" ? pointer.replace(/\/false schema$/, "") : pointer;
}

/**
 * The errors that say why, without the echo of a failed alternative: inside an `anyOf`/`oneOf` that
 * failed, each branch's own errors only restate that no branch matched.
 */
export function causeErrors(errors: readonly ReferenceError[]): ReferenceError[] {
  const failedAlternatives = errors.filter((error) => error.keyword === "anyOf" || error.keyword === "oneOf").map((error) => error.schemaPath);
  return errors.filter((error) => !failedAlternatives.some((alternative) => error.schemaPath.startsWith(`${alternative}/`)));
}
