// Objects under constrained decoding: keep the properties the schema allows (repaired through every
// subschema that applies to them), fill what is required (with dependentRequired / dependentSchemas of
// the properties present), add properties up to minProperties, drop optional ones down to
// maxProperties. Schema key order first (OpenAI and Gemini emit in that order, providers.md 8.3).
import type { RepairScope } from "./emulator-repair-value.js";
import { stringsMatching } from "./emulator-repair-scalar.js";
import { allowsNull, isRecord, MISSING, safeTest, stringsOf, type Schema, type Value } from "../schema-rules/emulator-schema-facts.js";

export function repairObject(value: Schema, schema: Schema, scope: RepairScope, depth: number): Schema {
  const out: Schema = {};
  const required = requiredKeys(value, schema);
  for (const [key, item] of Object.entries(value)) {
    const schemas = schemasForKey(key, schema, value);
    // A property whose schema is `false` (an unrolled recursion's cut) can only be left out.
    if (!required.has(key) && (schemas.includes(false) || !nameAllowed(key, schema, scope))) continue;
    out[key] = schemas.reduce<unknown>((part, subschema) => scope.repair(part, subschema, depth + 1), item);
  }
  fillRequired(out, schema, scope, depth);
  addUpToMinProperties(out, schema, scope, depth);
  dropDownToMaxProperties(out, schema);
  return orderLike(out, Object.keys(declared(schema)));
}

/** `required`, plus what dependentRequired and dependentSchemas ask of the keys present (or required), to a fixed point. */
function requiredKeys(present: Schema, schema: Schema): Set<string> {
  const required = new Set(stringsOf(schema.required));
  const dependentRequired = isRecord(schema.dependentRequired) ? schema.dependentRequired : {};
  const dependentSchemas = isRecord(schema.dependentSchemas) ? schema.dependentSchemas : {};
  let size = -1;
  while (size !== required.size) {
    size = required.size;
    for (const key of [...Object.keys(present), ...required]) {
      const dependent = dependentSchemas[key];
      for (const name of [...stringsOf(dependentRequired[key]), ...(isRecord(dependent) ? stringsOf(dependent.required) : [])]) required.add(name);
    }
  }
  return required;
}

/**
 * Every subschema that applies to a property: `properties`, matching `patternProperties`, else
 * `additionalProperties`; and the `properties` of each dependentSchemas entry whose key is present.
 */
function schemasForKey(key: string, schema: Schema, present: Schema): unknown[] {
  const own = declared(schema);
  const schemas: unknown[] = key in own ? [own[key]] : [];
  for (const [pattern, subschema] of Object.entries(isRecord(schema.patternProperties) ? schema.patternProperties : {})) {
    if (safeTest(pattern, key)) schemas.push(subschema);
  }
  if (schemas.length === 0 && schema.additionalProperties !== undefined && schema.additionalProperties !== false) schemas.push(schema.additionalProperties);
  for (const [trigger, dependent] of Object.entries(isRecord(schema.dependentSchemas) ? schema.dependentSchemas : {})) {
    if (trigger in present && isRecord(dependent) && isRecord(dependent.properties) && key in dependent.properties) schemas.push(dependent.properties[key]);
  }
  return schemas;
}

/** Whether a property may appear at all: declared, or matching a pattern, or let in by an open object and propertyNames. */
function nameAllowed(key: string, schema: Schema, scope: RepairScope): boolean {
  if (schema.propertyNames !== undefined && !scope.options.conforms(schema.propertyNames, key)) return false;
  if (key in declared(schema)) return true;
  if (Object.keys(isRecord(schema.patternProperties) ? schema.patternProperties : {}).some((pattern) => safeTest(pattern, key))) return true;
  if (schema.additionalProperties !== undefined) return schema.additionalProperties !== false;
  // Nothing else here can evaluate the property, so `unevaluatedProperties: false` refuses it.
  return !(schema.unevaluatedProperties === false && !["allOf", "anyOf", "oneOf", "$ref", "if", "dependentSchemas"].some((keyword) => keyword in schema));
}

function fillRequired(out: Schema, schema: Schema, scope: RepairScope, depth: number): void {
  for (let missing = missingKeys(out, schema); missing.length > 0; missing = missingKeys(out, schema)) {
    for (const key of missing) out[key] = fillValue(schemasForKey(key, schema, out), scope, depth);
  }
}

function missingKeys(out: Schema, schema: Schema): string[] {
  return [...requiredKeys(out, schema)].filter((key) => !(key in out));
}

/**
 * A property the answer lacks: null where every schema that applies allows it (the documented
 * optional-fields alteration), else the minimal value repaired through each of them.
 */
function fillValue(schemas: readonly unknown[], scope: RepairScope, depth: number): unknown {
  if (schemas.every((subschema) => allowsNull(subschema, scope.options.root))) return null;
  return schemas.reduce<Value>((part, subschema) => scope.repair(part, subschema, depth + 1), MISSING);
}

function addUpToMinProperties(out: Schema, schema: Schema, scope: RepairScope, depth: number): void {
  const min = typeof schema.minProperties === "number" ? schema.minProperties : 0;
  if (Object.keys(out).length >= min) return;
  for (const name of candidateNames(schema, scope)) {
    if (Object.keys(out).length >= min) return;
    if (name in out || !nameAllowed(name, schema, scope)) continue;
    out[name] = fillValue(schemasForKey(name, schema, out), scope, depth);
    fillRequired(out, schema, scope, depth);
  }
}

/** Names to add, most expected first: declared properties, then names matching a pattern, then free names. */
function* candidateNames(schema: Schema, scope: RepairScope): Generator<string> {
  yield* Object.keys(declared(schema));
  for (const pattern of Object.keys(isRecord(schema.patternProperties) ? schema.patternProperties : {})) yield* stringsMatching(pattern).slice(0, 8);
  const names = isRecord(schema.propertyNames) ? schema.propertyNames : {};
  if (Array.isArray(names.enum)) yield* stringsOf(names.enum);
  if (typeof names.const === "string") yield names.const;
  for (let index = 1; index <= 8; index += 1) {
    const name = scope.repair(index === 1 ? "extra" : `extra_${index}`, schema.propertyNames, 0);
    if (typeof name === "string") yield name;
  }
}

/** Drop optional properties from the end; a dropped key no longer asks for its dependents. */
function dropDownToMaxProperties(out: Schema, schema: Schema): void {
  const max = typeof schema.maxProperties === "number" ? schema.maxProperties : Infinity;
  while (Object.keys(out).length > max) {
    const required = requiredKeys(out, schema);
    const victim = Object.keys(out).reverse().find((key) => !required.has(key));
    if (victim === undefined) return;
    delete out[victim];
  }
}

function orderLike(value: Schema, order: readonly string[]): Schema {
  const out: Schema = {};
  for (const key of order) if (key in value) out[key] = value[key];
  for (const [key, item] of Object.entries(value)) if (!(key in out)) out[key] = item;
  return out;
}

function declared(schema: Schema): Schema {
  return isRecord(schema.properties) ? schema.properties : {};
}
