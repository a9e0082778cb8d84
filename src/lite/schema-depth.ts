// How deep schema objects may nest. Compiling (and the $ref registry's scan) recurse, so a deeper
// schema is refused with InvalidSchemaError naming the path, never a bare RangeError.
import { InvalidSchemaError } from "./types.js";

/** Levels of subschemas (and of `$ref`s followed while compiling) lite accepts. */
export const MAX_SCHEMA_DEPTH = 500;

export function schemaTooDeep(path: string): InvalidSchemaError {
  return new InvalidSchemaError("schema", path, `nested deeper than ${MAX_SCHEMA_DEPTH} levels (MAX_SCHEMA_DEPTH)`);
}
