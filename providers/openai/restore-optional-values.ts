// The value side of the optional → required + nullable rewrite (make-optional-nullable.ts):
// `fillOptionalValues` sends an absent optional property as null, `dropNullsForOptionalFields` drops the
// nulls the rewrite introduced, so `drop(fill(v)) = v` for values valid under the declared schema.
// Both follow the declared schema through properties, items, local $refs and compositions; an anyOf /
// oneOf branch is picked by the value's type and property names, which is exact when branches differ so.
import { optionalPropertyNames } from "../../src/schema/measure-schema.js";
import { createLocalRefResolver, type LocalRefResolver } from "../../src/schema/resolve-ref.js";
import type { JsonSchema } from "../../src/schema/types.js";
import { isSchemaObject } from "../../src/schema/walk-schema.js";
import { admitsNull, type SchemaNode } from "../translation/schema-node-kinds.js";

type PlainObject = Record<string, unknown>;
type ObjectStep = (value: PlainObject, node: SchemaNode) => void;

const MAX_DEPTH = 64;

/**
 * Discharges check's `drop-nulls-for-optional-fields` obligation: OpenAI strict mode makes every optional
 * property required and nullable, so an absent field arrives as null. This returns the arguments (or
 * structured answer) with those nulls removed, following `declared` (the schema as the app declared it,
 * before translation) through properties, items, local $refs and compositions. A null the declared
 * schema itself admits is kept. Call it on every answer before validating it or calling the handler.
 * Never mutates its input.
 *
 * @example
 * const declared = { type: "object", properties: { path: { type: "string" }, tail: { type: "number" } }, required: ["path"] };
 * dropNullsForOptionalFields({ path: "a.txt", tail: null }, declared); // → { path: "a.txt" }
 */
export function dropNullsForOptionalFields(value: unknown, declared: JsonSchema): unknown {
  return mapValue(value, declared, createLocalRefResolver(declared), dropIntroducedNulls, 0);
}

/** A value valid under the declared schema as the native schema carries it (absent → null). Never mutates its input. */
export function fillOptionalValues(value: unknown, declared: JsonSchema): unknown {
  return mapValue(value, declared, createLocalRefResolver(declared), fillAbsentWithNull, 0);
}

function dropIntroducedNulls(value: PlainObject, node: SchemaNode): void {
  const properties = isSchemaObject(node.properties) ? node.properties : {};
  for (const name of optionalPropertyNames(node)) {
    if (value[name] === null && !admitsNull(properties[name])) delete value[name];
  }
}

function fillAbsentWithNull(value: PlainObject, node: SchemaNode): void {
  for (const name of optionalPropertyNames(node)) if (!(name in value)) value[name] = null;
}

function isPlainObject(value: unknown): value is PlainObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function mapValue(value: unknown, schema: unknown, refs: LocalRefResolver, step: ObjectStep, depth: number): unknown {
  if (depth > MAX_DEPTH || !isSchemaObject(schema)) return value;
  let current = value;
  if (typeof schema.$ref === "string") {
    const target = refs.resolve(schema.$ref);
    if (target) current = mapValue(current, target.schema, refs, step, depth + 1);
  }
  if (Array.isArray(schema.allOf)) for (const branch of schema.allOf) current = mapValue(current, branch, refs, step, depth + 1);
  const branch = pickBranch(current, schema.anyOf ?? schema.oneOf, refs);
  if (branch !== undefined) current = mapValue(current, branch, refs, step, depth + 1);
  if (Array.isArray(current)) return current.map((item, index) => mapValue(item, itemSchema(schema, index), refs, step, depth + 1));
  if (isPlainObject(current) && isSchemaObject(schema.properties)) return mapObject(current, schema, refs, step, depth);
  return current;
}

function mapObject(value: PlainObject, schema: SchemaNode, refs: LocalRefResolver, step: ObjectStep, depth: number): PlainObject {
  const properties = schema.properties as SchemaNode;
  const extras = isSchemaObject(schema.additionalProperties) ? schema.additionalProperties : undefined;
  const mapped: PlainObject = {};
  for (const [name, item] of Object.entries(value)) {
    const own = Object.prototype.hasOwnProperty.call(properties, name) ? properties[name] : extras;
    mapped[name] = mapValue(item, own, refs, step, depth + 1);
  }
  step(mapped, schema);
  return mapped;
}

function itemSchema(schema: SchemaNode, index: number): unknown {
  if (Array.isArray(schema.prefixItems) && index < schema.prefixItems.length) return schema.prefixItems[index];
  return schema.items;
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function typeFits(value: unknown, node: SchemaNode): boolean {
  const types = typeof node.type === "string" ? [node.type] : Array.isArray(node.type) ? node.type : null;
  if (!types) return true;
  const type = jsonType(value);
  return types.includes(type) || (type === "integer" && types.includes("number"));
}

function namesFit(value: unknown, node: SchemaNode): boolean {
  if (!isPlainObject(value) || !isSchemaObject(node.properties) || node.additionalProperties !== false) return true;
  const declared = node.properties;
  return Object.keys(value).every((name) => Object.prototype.hasOwnProperty.call(declared, name));
}

function pickBranch(value: unknown, branches: unknown, refs: LocalRefResolver): unknown {
  if (!Array.isArray(branches)) return undefined;
  return branches.find((branch) => {
    const node = isSchemaObject(branch) && typeof branch.$ref === "string" ? refs.resolve(branch.$ref)?.schema : branch;
    return isSchemaObject(node) && typeFits(value, node) && namesFit(value, node);
  });
}
