// The emulator's constrained decoding: bend a value minimally until it fits a schema, node by node. A
// part of the value that already conforms to its part of the schema is kept as written; a part that does
// not is repaired (drop undeclared properties, fill required ones, clamp bounds, pick an enum value, fix
// types...), and only a part whose repair still fails is generated afresh. So one unrepairable corner
// never wipes the rest of the answer. `MISSING` asks for a fresh minimal value. The caller holds the
// whole result to Ajv.
import { repairArray } from "./emulator-repair-array.js";
import { repairObject } from "./emulator-repair-object.js";
import { repairNumber, repairString, type FormatCheck } from "./emulator-repair-scalar.js";
import { repairAnyOf, repairOneOf } from "./emulator-repair-union.js";
import {
  allowedTypes,
  asList,
  isRecord,
  MAX_DEPTH,
  MISSING,
  resolveRef,
  sameJson,
  typeMatches,
  type JsonType,
  type Schema,
  type Value,
} from "../schema-rules/emulator-schema-facts.js";
import type { SubschemaJudge } from "../schema-rules/emulator-subschema-judge.js";

export { MISSING } from "../schema-rules/emulator-schema-facts.js";

export interface RepairOptions {
  /** The whole schema document, for local `$ref`s. */
  readonly root: unknown;
  readonly formatOk: FormatCheck;
  /** Whether a value already fits a subschema of `root` (judged in place, see emulator-subschema-judge.ts). */
  readonly conforms: SubschemaJudge;
  /** Fresh values for a subschema whose repair failed (the generator), judged before use. */
  readonly regenerate?: (schema: unknown) => Iterable<unknown>;
  /** Told each time a part of the value is generated rather than repaired. */
  readonly onRegenerated?: (schema: unknown) => void;
}

/** What the per-type repair modules call back into. */
export interface RepairScope {
  readonly options: RepairOptions;
  /** Repair one part: kept when it conforms, else repaired, else generated. */
  repair(value: Value, schema: unknown, depth: number): unknown;
}

export function repairValue(value: Value, schema: unknown, options: RepairOptions): unknown {
  const scope: RepairScope = { options, repair: (part, subschema, depth) => repair(part, subschema, scope, depth) };
  return scope.repair(value, schema, 0);
}

function repair(value: Value, schema: unknown, scope: RepairScope, depth: number): unknown {
  const { conforms } = scope.options;
  if (value !== MISSING && conforms(schema, value)) return value;
  const repaired = repairNode(value, schema, scope, depth);
  if (depth > MAX_DEPTH || conforms(schema, repaired)) return repaired;
  const fresh = regenerate(schema, scope, depth);
  return fresh === MISSING ? repaired : fresh;
}

/** The smallest failing part, made afresh: the generator's values first, then the minimal value. */
function regenerate(schema: unknown, scope: RepairScope, depth: number): Value {
  const { conforms, regenerate: generated, onRegenerated } = scope.options;
  for (const candidate of generated?.(schema) ?? []) {
    if (conforms(schema, candidate)) {
      onRegenerated?.(schema);
      return candidate;
    }
  }
  const minimal = repairNode(MISSING, schema, scope, depth);
  if (!conforms(schema, minimal)) return MISSING;
  onRegenerated?.(schema);
  return minimal;
}

function repairNode(value: Value, schema: unknown, scope: RepairScope, depth: number): unknown {
  if (!isRecord(schema) || depth > MAX_DEPTH) return value === MISSING ? null : value;
  let current: Value = value;
  let own: Schema = schema;
  if (typeof schema.$ref === "string") {
    current = scope.repair(current, resolveRef(schema.$ref, scope.options.root), depth + 1);
    const { $ref: _ref, ...siblings } = schema;
    own = siblings;
  }
  if ("const" in own) return structuredClone(own.const);
  if (Array.isArray(own.enum) && own.enum.length > 0) return pickEnum(current, own.enum);
  for (const sub of asList(own.allOf)) current = scope.repair(current, sub, depth + 1);
  if (asList(own.anyOf).length > 0) current = repairAnyOf(current, asList(own.anyOf), scope, depth + 1);
  if (asList(own.oneOf).length > 0) current = repairOneOf(current, asList(own.oneOf), scope, depth + 1);
  const typed = repairByType(coerceType(current, allowedTypes(own), own), own, scope, depth);
  return repairConditional(typed, own, scope, depth);
}

function repairByType(value: unknown, schema: Schema, scope: RepairScope, depth: number): unknown {
  if (typeof value === "string") return repairString(value, schema, scope.options.formatOk);
  if (typeof value === "number") {
    const types = allowedTypes(schema);
    return repairNumber(value, schema, types !== null && types.includes("integer") && !types.includes("number"));
  }
  if (Array.isArray(value)) return repairArray(value, schema, scope, depth);
  if (isRecord(value)) return repairObject(value, schema, scope, depth);
  return value;
}

/** `if`/`then`/`else`: repair toward the branch the value's `if` reading selects. */
function repairConditional(value: unknown, schema: Schema, scope: RepairScope, depth: number): unknown {
  if (schema.if === undefined) return value;
  const branch = scope.options.conforms(schema.if, value) ? schema.then : schema.else;
  return branch === undefined ? value : scope.repair(value, branch, depth + 1);
}

function coerceType(value: Value, types: JsonType[] | null, schema: Schema): unknown {
  if (types === null) return value === MISSING ? defaultFor(inferType(schema)) : value;
  if (value !== MISSING && typeMatches(value, types)) return value;
  if (value !== MISSING) {
    for (const type of types) {
      const converted = convert(value, type);
      if (converted !== MISSING) return converted;
    }
  }
  return defaultFor(types.find((type) => type !== "null") ?? types[0] ?? "null");
}

function convert(value: unknown, type: JsonType): Value {
  if ((type === "number" || type === "integer") && typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) {
    return type === "integer" ? Math.round(Number(value)) : Number(value);
  }
  if (type === "integer" && typeof value === "number" && Number.isFinite(value)) return Math.round(value);
  if (type === "string" && (typeof value === "number" || typeof value === "boolean")) return String(value);
  if (type === "boolean" && (value === "true" || value === "false")) return value === "true";
  return MISSING;
}

function inferType(schema: Schema): JsonType {
  if (["properties", "required", "additionalProperties", "minProperties", "dependentRequired"].some((key) => key in schema)) return "object";
  if (["items", "prefixItems", "minItems", "contains"].some((key) => key in schema)) return "array";
  if ("minLength" in schema || "maxLength" in schema || "pattern" in schema || "format" in schema) return "string";
  if ("minimum" in schema || "maximum" in schema || "multipleOf" in schema) return "number";
  return "null";
}

function defaultFor(type: JsonType): unknown {
  const defaults: Record<JsonType, unknown> = { null: null, boolean: false, integer: 0, number: 0, string: "", array: [], object: {} };
  return structuredClone(defaults[type]);
}

function pickEnum(value: Value, values: readonly unknown[]): unknown {
  const exact = values.findIndex((option) => sameJson(option, value));
  if (exact >= 0) return structuredClone(values[exact]);
  if (typeof value === "string") {
    const folded = values.find((option) => typeof option === "string" && option.toLowerCase() === value.toLowerCase());
    if (folded !== undefined) return folded;
  }
  return structuredClone(values[0]);
}
