// The emulator's constrained decoding: bend a value minimally until it fits a schema (drop undeclared
// properties, fill required ones, clamp bounds, pick an enum value, fix types). `MISSING` asks for a
// fresh minimal value. The caller checks the result with Ajv; keywords this cannot repair (`not`,
// `if`, `propertyNames`...) are left to that check and the generator fallback.
import { refToPointer, resolvePointer } from "../src/schema/json-pointer.js";
import { repairNumber, repairString, type FormatCheck } from "./emulator-repair-scalar.js";

export const MISSING: unique symbol = Symbol("missing");
type Value = unknown | typeof MISSING;
type Schema = Record<string, unknown>;

export interface RepairOptions {
  /** The whole schema document, for local `$ref`s. */
  readonly root: unknown;
  readonly formatOk: FormatCheck;
  /** Whether a value already fits a subschema, so a union keeps the branch it satisfies. */
  readonly conforms?: (schema: unknown, value: unknown) => boolean;
}

const MAX_DEPTH = 40;

export function repairValue(value: Value, schema: unknown, options: RepairOptions): unknown {
  return repair(value, schema, options, 0);
}

function repair(value: Value, schema: unknown, options: RepairOptions, depth: number): unknown {
  if (schema === true || schema === undefined || schema === false || !isRecord(schema) || depth > MAX_DEPTH) {
    return value === MISSING ? null : value;
  }
  let current: Value = value;
  let own: Schema = schema;
  if (typeof schema.$ref === "string") {
    current = repair(current, resolveRef(schema.$ref, options.root), options, depth + 1);
    const { $ref: _ref, ...siblings } = schema;
    own = siblings;
  }
  if ("const" in own) return structuredClone(own.const);
  if (Array.isArray(own.enum) && own.enum.length > 0) return pickEnum(current, own.enum);
  for (const sub of asList(own.allOf)) current = repair(current, sub, options, depth + 1);
  const branches = [...asList(own.anyOf), ...asList(own.oneOf)];
  if (branches.length > 0) current = repair(current, chooseBranch(current, branches, options), options, depth + 1);
  current = coerceType(current, allowedTypes(own), own);
  return repairByType(current, own, options, depth);
}

function repairByType(value: unknown, schema: Schema, options: RepairOptions, depth: number): unknown {
  if (typeof value === "string") return repairString(value, schema, options.formatOk);
  if (typeof value === "number") {
    const types = allowedTypes(schema);
    return repairNumber(value, schema, types !== null && types.includes("integer") && !types.includes("number"));
  }
  if (Array.isArray(value)) return repairArray(value, schema, options, depth);
  if (isRecord(value)) return repairObject(value, schema, options, depth);
  return value;
}

function repairObject(value: Schema, schema: Schema, options: RepairOptions, depth: number): Schema {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const patterns = Object.entries(isRecord(schema.patternProperties) ? schema.patternProperties : {});
  const additional = schema.additionalProperties;
  const out: Schema = {};
  for (const key of Object.keys(properties)) if (key in value) out[key] = repair(value[key], properties[key], options, depth + 1);
  for (const [key, item] of Object.entries(value)) {
    if (key in properties) continue;
    const matching = patterns.filter(([pattern]) => safeTest(pattern, key));
    if (matching.length > 0) out[key] = matching.reduce<unknown>((acc, [, sub]) => repair(acc, sub, options, depth + 1), item);
    else if (additional === false) continue;
    else out[key] = isRecord(additional) ? repair(item, additional, options, depth + 1) : item;
  }
  const required = new Set(asList(schema.required).filter((key): key is string => typeof key === "string"));
  for (const [key, deps] of Object.entries(isRecord(schema.dependentRequired) ? schema.dependentRequired : {})) {
    if (key in out) for (const dep of asList(deps)) if (typeof dep === "string") required.add(dep);
  }
  for (const key of required) if (!(key in out)) out[key] = fillValue(properties[key] ?? additional, options, depth);
  trimProperties(out, schema, required);
  return orderLike(out, Object.keys(properties));
}

/** A missing required property: null where the schema allows it (the documented alteration), else minimal. */
function fillValue(schema: unknown, options: RepairOptions, depth: number): unknown {
  return allowsNull(schema, options.root) ? null : repair(MISSING, schema === false ? true : schema, options, depth + 1);
}

function trimProperties(out: Schema, schema: Schema, required: ReadonlySet<string>): void {
  const max = typeof schema.maxProperties === "number" ? schema.maxProperties : Infinity;
  for (const key of Object.keys(out).reverse()) {
    if (Object.keys(out).length <= max) break;
    if (!required.has(key)) delete out[key];
  }
}

/** Schema key order first (OpenAI and Gemini emit in that order, providers.md 8.3), then the rest. */
function orderLike(value: Schema, order: readonly string[]): Schema {
  const out: Schema = {};
  for (const key of order) if (key in value) out[key] = value[key];
  for (const [key, item] of Object.entries(value)) if (!(key in out)) out[key] = item;
  return out;
}

function repairArray(value: unknown[], schema: Schema, options: RepairOptions, depth: number): unknown[] {
  const prefix = asList(schema.prefixItems);
  const items = schema.items;
  const itemSchema = (index: number): unknown => (index < prefix.length ? prefix[index] : items);
  let out = value.map((item, index) => repair(item, itemSchema(index), options, depth + 1));
  if (items === false) out = out.slice(0, prefix.length);
  if (schema.uniqueItems === true) out = out.filter((item, index) => out.findIndex((other) => sameJson(other, item)) === index);
  if (typeof schema.maxItems === "number") out = out.slice(0, schema.maxItems);
  if (schema.contains !== undefined && out.length === 0) out.push(repair(MISSING, schema.contains, options, depth + 1));
  const min = typeof schema.minItems === "number" ? schema.minItems : 0;
  for (let index = out.length; index < min; index += 1) {
    out.push(distinctFill(itemSchema(index), out, index, schema.uniqueItems === true, options, depth));
  }
  return out;
}

/** A padding item; under uniqueItems, try a few seeds until one differs from what is there. */
function distinctFill(schema: unknown, existing: readonly unknown[], index: number, unique: boolean, options: RepairOptions, depth: number): unknown {
  const seeds: Value[] = [MISSING, index, index + 1, String(index), "a".repeat(index + 1), [index], { item: index }];
  for (const seed of seeds) {
    const candidate = repair(seed, schema, options, depth + 1);
    if (!unique || !existing.some((item) => sameJson(item, candidate))) return candidate;
  }
  return repair(MISSING, schema, options, depth + 1);
}

type JsonType = "null" | "boolean" | "integer" | "number" | "string" | "array" | "object";

function allowedTypes(schema: Schema): JsonType[] | null {
  if (typeof schema.type === "string") return [schema.type as JsonType];
  if (Array.isArray(schema.type)) return schema.type.filter((type): type is JsonType => typeof type === "string");
  return null;
}

function typeMatches(value: unknown, types: readonly JsonType[]): boolean {
  return types.some((type) => {
    if (type === "integer") return typeof value === "number" && Number.isInteger(value);
    if (type === "number") return typeof value === "number";
    if (type === "null") return value === null;
    if (type === "array") return Array.isArray(value);
    if (type === "object") return isRecord(value);
    return typeof value === type;
  });
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
  if ("properties" in schema || "required" in schema || "additionalProperties" in schema) return "object";
  if ("items" in schema || "prefixItems" in schema || "minItems" in schema) return "array";
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

/** A branch the value already satisfies; else the one it most looks like (type, discriminators, required keys). */
function chooseBranch(value: Value, branches: readonly unknown[], options: RepairOptions): unknown {
  if (value !== MISSING && options.conforms !== undefined) {
    const fitting = branches.find((branch) => options.conforms!(withDefinitions(branch, options.root), value));
    if (fitting !== undefined) return fitting;
  }
  let best = branches[0];
  let bestScore = -Infinity;
  for (const branch of branches) {
    const resolved = isRecord(branch) && typeof branch.$ref === "string" ? resolveRef(branch.$ref, options.root) : branch;
    const score = value === MISSING ? (allowsNull(resolved, options.root) ? 0 : 1) : branchScore(value, resolved);
    if (score > bestScore) [best, bestScore] = [branch, score];
  }
  return best;
}

/** A branch checked alone still needs the root's definitions for its `#/$defs/...` refs. */
function withDefinitions(branch: unknown, root: unknown): unknown {
  if (!isRecord(branch) || !isRecord(root)) return branch;
  const defs: Schema = {};
  if (root.$defs !== undefined) defs.$defs = root.$defs;
  if (root.definitions !== undefined) defs.definitions = root.definitions;
  return { ...defs, ...branch };
}

function branchScore(value: unknown, branch: unknown): number {
  if (!isRecord(branch)) return branch === false ? -100 : 0;
  const types = allowedTypes(branch);
  let score = types === null || typeMatches(value, types) ? 10 : 0;
  if (!isRecord(value) || !isRecord(branch.properties)) return score;
  for (const [key, sub] of Object.entries(branch.properties)) {
    if (!isRecord(sub) || !(key in value)) continue;
    if ("const" in sub) score += sameJson(sub.const, value[key]) ? 5 : -5;
    if (Array.isArray(sub.enum)) score += sub.enum.some((option) => sameJson(option, value[key])) ? 5 : -5;
  }
  for (const key of asList(branch.required)) score += typeof key === "string" && key in value ? 1 : -1;
  return score;
}

function allowsNull(schema: unknown, root: unknown, depth = 0): boolean {
  if (schema === true || schema === undefined) return true;
  if (!isRecord(schema) || depth > MAX_DEPTH) return false;
  if (typeof schema.$ref === "string") return allowsNull(resolveRef(schema.$ref, root), root, depth + 1);
  if ("const" in schema) return schema.const === null;
  if (Array.isArray(schema.enum)) return schema.enum.includes(null);
  const branches = [...asList(schema.anyOf), ...asList(schema.oneOf)];
  if (branches.length > 0) return branches.some((branch) => allowsNull(branch, root, depth + 1));
  const types = allowedTypes(schema);
  return types !== null && types.includes("null");
}

function resolveRef(ref: string, root: unknown): unknown {
  const pointer = refToPointer(ref);
  return pointer === null ? true : (resolvePointer(root, pointer) ?? true);
}

function safeTest(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, "u").test(text);
  } catch {
    return false;
  }
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function isRecord(value: unknown): value is Schema {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
