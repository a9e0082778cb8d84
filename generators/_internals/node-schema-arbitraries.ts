// Object, array and composition schemas for schemaOver, nested to a depth, each satisfiable by
// construction: required names are declared, counts leave room for what is required, oneOf
// branches have disjoint types, contains asks for what items allow.
import fc from "fast-check";
import { disjointTypes, leafSchemaArbitrary, openLeafSchema, typed, type FeatureGate, type SchemaObjectArbitrary } from "./leaf-schema-arbitraries.js";

export interface NodeSettings {
  readonly maxProperties: number;
  /** limit:property-count: 20-60 properties (used at the root only, or schemas grow past memory). */
  readonly manyProperties?: boolean;
}

const NAMES = ["name", "email", "amount", "date", "kind", "note", "tags", "items", "meta", "score", "status", "unit", "source", "owner", "limit"];

/** The features every tool schema uses: an object root with declared, required properties. */
export const IMPLICIT_FEATURES = ["type:object", "properties", "required"];

function annotate(gate: FeatureGate, arbitrary: SchemaObjectArbitrary): SchemaObjectArbitrary {
  const annotations = ["description", "title", "examples", "default"].filter((a) => gate.has(a));
  if (annotations.length === 0) return arbitrary;
  return fc.tuple(arbitrary, fc.subarray(annotations)).map(([schema, chosen]) => {
    const copy = { ...schema };
    if (chosen.includes("description")) copy.description = "What the model should put here.";
    if (chosen.includes("title")) copy.title = "Field";
    if (chosen.includes("examples")) copy.examples = ["example"];
    if (chosen.includes("default")) copy.default = null;
    return copy;
  });
}

function propertyNamesSchema(gate: FeatureGate): Record<string, unknown> {
  if (gate.has("pattern")) return { pattern: "^[a-z_][a-z0-9_]*$" };
  if (gate.has("maxLength")) return { maxLength: 40 };
  return gate.has("type:string") ? { type: "string" } : {};
}

function closure(required: Set<string>, dependencies: Record<string, string[]>): Set<string> {
  const result = new Set(required);
  for (const [trigger, needed] of Object.entries(dependencies)) if (result.has(trigger)) needed.forEach((n) => result.add(n));
  return result;
}

interface ObjectChoices {
  readonly names: string[];
  readonly children: Record<string, unknown>[];
  readonly requiredFlags: boolean[];
  readonly additional: number;
  readonly extras: string[];
  readonly slack: number;
}

function buildObject(gate: FeatureGate, leaf: Record<string, unknown>, c: ObjectChoices): Record<string, unknown> {
  const properties = Object.fromEntries(c.names.map((name, i) => [name, c.children[i]]));
  const optionalAllowed = gate.has("optional");
  const required = new Set(c.names.filter((_, i) => !optionalAllowed || c.requiredFlags[i]));
  const optional = c.names.filter((name) => !required.has(name));
  const schema: Record<string, unknown> = { type: "object", properties, required: [...required] };
  const additionalChoices: unknown[] = [];
  if (gate.has("additionalProperties:false")) additionalChoices.push(false);
  if (gate.has("additionalProperties:true")) additionalChoices.push(true);
  if (gate.has("additionalProperties:schema")) additionalChoices.push(leaf);
  const dependencies: Record<string, string[]> = {};
  if (c.extras.includes("dependentRequired") && optional.length >= 2) dependencies[optional[0]!] = [optional[1]!];
  if (Object.keys(dependencies).length > 0) schema.dependentRequired = dependencies;
  if (c.extras.includes("dependentSchemas") && optional.length >= 2) schema.dependentSchemas = { [optional[1]!]: { required: [optional[0]!] } };
  if (c.extras.includes("if-then-else") && optional.length >= 2) Object.assign(schema, { if: { required: [optional[0]!] }, then: { required: [optional[1]!] }, else: {} });
  if (c.extras.includes("patternProperties")) schema.patternProperties = { "^x_": leaf };
  if (c.extras.includes("propertyNames")) schema.propertyNames = propertyNamesSchema(gate);
  if (additionalChoices.length > 0 && c.additional % 4 !== 3) schema.additionalProperties = additionalChoices[c.additional % additionalChoices.length];
  const mandatory = closure(required, dependencies).size;
  if (c.extras.includes("minProperties")) schema.minProperties = Math.min(c.names.length, mandatory + (c.slack % 2));
  // Room for what is required plus what then/dependentSchemas may add.
  if (c.extras.includes("maxProperties")) schema.maxProperties = mandatory + 2 + c.slack;
  return schema;
}

const OBJECT_EXTRAS = ["dependentRequired", "dependentSchemas", "if-then-else", "patternProperties", "propertyNames", "minProperties", "maxProperties"];

export function objectSchemaArbitrary(gate: FeatureGate, child: SchemaObjectArbitrary, leaf: SchemaObjectArbitrary, settings: NodeSettings): SchemaObjectArbitrary {
  const many = settings.manyProperties === true;
  const names = many
    ? fc.integer({ min: 20, max: 60 }).map((n) => Array.from({ length: n }, (_, i) => `field_${i}`))
    : fc.uniqueArray(fc.constantFrom(...NAMES), { minLength: 1, maxLength: settings.maxProperties });
  return names.chain((chosen) =>
    fc
      .record({
        children: fc.array(child, { minLength: chosen.length, maxLength: chosen.length }),
        requiredFlags: fc.array(fc.boolean(), { minLength: chosen.length, maxLength: chosen.length }),
        additional: fc.nat(),
        extras: fc.subarray(OBJECT_EXTRAS.filter((f) => gate.has(f))),
        slack: fc.nat({ max: 3 }),
        leafSchema: leaf,
      })
      .map(({ leafSchema, ...choices }) => buildObject(gate, leafSchema, { names: chosen, ...choices })),
  );
}

export function arraySchemaArbitrary(gate: FeatureGate, child: SchemaObjectArbitrary, leaf: SchemaObjectArbitrary): SchemaObjectArbitrary {
  const used = ["items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains"].filter((f) => gate.has(f));
  return fc.record({ items: child, prefix: fc.array(leaf, { minLength: 1, maxLength: 2 }), chosen: fc.subarray(used), min: fc.nat({ max: 2 }), extra: fc.nat({ max: 4 }) }).map(({ items, prefix, chosen, min, extra }) => {
    const schema: Record<string, unknown> = typed(gate, "array");
    const unique = chosen.includes("uniqueItems");
    // Unique items and contains need an item domain with room: an open scalar type.
    const itemSchema = unique || chosen.includes("contains") ? openLeafSchema(gate) : items;
    if (chosen.includes("items")) schema.items = itemSchema;
    // Unique items and contains are kept away from tuple positions, which may not leave them room.
    if (chosen.includes("prefixItems") && !unique && !chosen.includes("contains")) schema.prefixItems = prefix;
    if (unique) schema.uniqueItems = true;
    if (chosen.includes("minItems")) schema.minItems = min;
    if (chosen.includes("maxItems")) schema.maxItems = Math.max(min, 1) + extra;
    if (chosen.includes("contains")) {
      schema.contains = openLeafSchema(gate);
      schema.minContains = 1;
    }
    return schema;
  });
}

export function compositionSchemaArbitrary(gate: FeatureGate, child: SchemaObjectArbitrary, leaf: SchemaObjectArbitrary): SchemaObjectArbitrary | undefined {
  const kinds: SchemaObjectArbitrary[] = [];
  if (gate.has("anyOf")) kinds.push(fc.array(child, { minLength: 1, maxLength: 3 }).map((branches) => ({ anyOf: branches })));
  const types = disjointTypes(gate).filter((t) => t !== "object" && t !== "array");
  if (gate.has("oneOf") && types.length >= 2) {
    kinds.push(fc.uniqueArray(fc.constantFrom(...types), { minLength: 2, maxLength: Math.min(3, types.length) }).map((chosen) => ({ oneOf: chosen.map((type) => ({ type })) })));
  }
  if (gate.has("allOf")) kinds.push(leaf.map((schema) => ({ allOf: [schema, "type" in schema ? { type: schema.type } : {}] })));
  if (gate.has("not") && types.length >= 2) kinds.push(fc.constantFrom(...types).map((type) => ({ type, not: { type: types.find((t) => t !== type) } })));
  if (kinds.length === 0) return undefined;
  return kinds.length === 1 ? kinds[0] : fc.oneof(...kinds);
}

export { annotate };
