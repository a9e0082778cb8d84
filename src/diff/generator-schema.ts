// What the generators build values from: a target's draft 2020-12 reading. Its own module (deep
// imports, no barrel) because fuzz workers import it, and a worker loads only what its cases need.
import { toDraft2020 } from "../schema/dialects/to-draft2020.js";
import type { JsonSchema } from "../schema/types.js";
import type { FuzzTarget } from "./fuzz-protocol.js";

/** The target's 2020-12 reading (the generators know no other dialect). */
export function generatorSchemaOf(target: FuzzTarget): object | boolean {
  return target.dialect === undefined ? target.schema : (toDraft2020(target.schema as JsonSchema, target.dialect).schema as object | boolean);
}
