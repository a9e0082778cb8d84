// Declared schemas built inline and checked against the documented profiles, for the rule tests.
import { loadProfiles, resolveTarget } from "../../../providers/profiles/load-profiles.js";
import type { DeclaredSchema, JsonSchema } from "../../schema/types.js";
import { checkSchemas } from "../check-schemas.js";
import { readableResults, type ReadableResult } from "../readable-results.js";

export interface DeclareOptions {
  readonly name?: string;
  readonly role?: DeclaredSchema["role"];
  readonly risk?: DeclaredSchema["risk"];
  readonly file?: string;
}

export function declare(schema: JsonSchema, options: DeclareOptions = {}): DeclaredSchema {
  const name = options.name ?? "probe_tool";
  const file = options.file ?? "inline.json";
  return {
    id: `inline/${name}`,
    name,
    version: null,
    ...(options.risk ? { risk: options.risk } : {}),
    source: { file, format: "schema", pointer: "" },
    schema,
    role: options.role ?? "tool-input",
    dialect: "draft2020-12",
  };
}

/** Every result for these schemas on one target (roles not matched: the test picks the target), notes in words, one change per path. */
export function checkOn(target: string, schemas: readonly DeclaredSchema[], unsupported: "strip" | "reject" = "strip"): ReadableResult[] {
  const profiles = loadProfiles();
  return readableResults(checkSchemas(schemas, [resolveTarget(target, profiles)], { unsupported, profiles, matchRoles: false }));
}

export function checkOne(target: string, schema: JsonSchema, unsupported: "strip" | "reject" = "strip", options: DeclareOptions = {}): ReadableResult {
  return checkOn(target, [declare(schema, options)], unsupported)[0]!;
}

/** An object schema as strict modes want it: every property required, closed. */
export function closedObject(properties: Record<string, JsonSchema>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: "object", properties, required: Object.keys(properties), additionalProperties: false, ...extra };
}
