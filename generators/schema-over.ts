// schemaOver: random draft 2020-12 schemas that use only the given features (plus what every tool
// schema uses: an object root with declared, required properties), to fuzz validators beyond the
// declared catalogs. Satisfiable by construction, so validValue always finds values.
import fc from "fast-check";
import type { FeatureId } from "../src/schema/features.js";
import type { JsonSchema } from "../src/schema/types.js";
import { leafSchemaArbitrary, typed, type FeatureGate, type SchemaObjectArbitrary } from "./_internals/leaf-schema-arbitraries.js";
import { annotate, arraySchemaArbitrary, compositionSchemaArbitrary, IMPLICIT_FEATURES as ROOT_FEATURES, objectSchemaArbitrary } from "./_internals/node-schema-arbitraries.js";

/**
 * Features a schema may show without being asked for: an object root's type, properties and required,
 * and `type:any` wherever no enabled feature gives a node a type (a `{}` leaf when no type:* is enabled).
 * `keyword:other` is never generated: schemas use taxonomy keywords only.
 */
export const IMPLICIT_FEATURES: readonly string[] = [...ROOT_FEATURES, "type:any"];

/** Features that cannot be used without another: a recursive $ref is a local $ref too. */
export const IMPLIED_FEATURES: Readonly<Record<string, readonly string[]>> = { "$ref:recursive": ["$ref:local"] };

export interface SchemaOverConstraints {
  /** Object/array/composition levels below the root (default 2; limit:nesting-depth adds 3). */
  readonly maxDepth?: number;
  /** Properties per object (default 5; limit:property-count asks for 20-60). */
  readonly maxProperties?: number;
  /** "object" (default): an object root like a tool's arguments; "any": any kind of root. */
  readonly root?: "object" | "any";
}

type SchemaRecord = Record<string, unknown>;

function nodeArbitraries(gate: FeatureGate, depth: number, maxProperties: number): SchemaObjectArbitrary[] {
  const leaf = leafSchemaArbitrary(gate) ?? fc.constant({});
  const byDepth: SchemaObjectArbitrary[] = [annotate(gate, leaf)];
  const arrays = ["items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains", "type:array"].some((f) => gate.has(f));
  for (let level = 1; level <= depth; level++) {
    const child = byDepth[level - 1]!;
    const kinds: fc.WeightedArbitrary<SchemaRecord>[] = [{ weight: 4, arbitrary: leaf }, { weight: 2, arbitrary: objectSchemaArbitrary(gate, child, leaf, { maxProperties }) }];
    if (arrays) kinds.push({ weight: 2, arbitrary: arraySchemaArbitrary(gate, child, leaf) });
    const composition = compositionSchemaArbitrary(gate, child, leaf);
    if (composition) kinds.push({ weight: 2, arbitrary: composition });
    byDepth.push(annotate(gate, fc.oneof(...kinds)));
  }
  return byDepth;
}

/** A tree of nodes reached through $defs: children may be empty, so recursion always ends. */
function recursiveDefinition(gate: FeatureGate, label: SchemaRecord): SchemaRecord | undefined {
  const ref = { $ref: "#/$defs/tree_node" };
  if (gate.has("items")) {
    const required = gate.has("optional") ? ["label"] : ["label", "children"];
    return { type: "object", properties: { label, children: { ...typed(gate, "array"), items: ref } }, required };
  }
  if (gate.has("optional")) return { type: "object", properties: { label, child: ref }, required: ["label"] };
  return undefined;
}

/** Moves the first property (or the whole root) into $defs behind a $ref; adds a recursive tree. */
function withReferences(gate: FeatureGate, root: SchemaRecord, label: SchemaRecord): SchemaRecord {
  const schema: SchemaRecord = { ...root };
  const defs: SchemaRecord = {};
  const properties = schema.properties as SchemaRecord | undefined;
  if (gate.has("$ref:local")) {
    const name = properties ? Object.keys(properties)[0] : undefined;
    if (name !== undefined && properties) {
      const shared = properties[name] as SchemaRecord;
      defs.shared = shared;
      const sibling = gate.has("$ref:siblings") && "type" in shared ? { type: shared.type } : {};
      schema.properties = { ...properties, [name]: { $ref: "#/$defs/shared", ...sibling } };
    } else {
      return { $defs: { shared: root }, $ref: "#/$defs/shared" };
    }
  }
  const tree = gate.has("$ref:recursive") && properties ? recursiveDefinition(gate, label) : undefined;
  if (tree) {
    defs.tree_node = tree;
    schema.properties = { ...(schema.properties as SchemaRecord), tree: { $ref: "#/$defs/tree_node" } };
    if (!gate.has("optional")) schema.required = [...((schema.required as string[]) ?? []), "tree"];
  }
  if (Object.keys(defs).length > 0) schema.$defs = defs;
  return schema;
}

export function schemaOver(features: readonly FeatureId[], constraints: SchemaOverConstraints = {}): fc.Arbitrary<JsonSchema> {
  const enabled = new Set([...features, ...features.flatMap((f) => IMPLIED_FEATURES[f] ?? []), ...IMPLICIT_FEATURES]);
  const gate: FeatureGate = { has: (feature) => enabled.has(feature) };
  const depth = (constraints.maxDepth ?? 2) + (gate.has("limit:nesting-depth") ? 3 : 0);
  const maxProperties = constraints.maxProperties ?? 5;
  const nodes = nodeArbitraries(gate, depth, maxProperties);
  const objectRoot = objectSchemaArbitrary(gate, nodes[depth]!, leafSchemaArbitrary(gate) ?? fc.constant({}), { maxProperties, manyProperties: gate.has("limit:property-count") });
  const anyRoot = constraints.root === "any" || gate.has("root:non-object");
  const root = anyRoot ? fc.oneof(objectRoot, nodes[depth]!) : objectRoot;
  const label = gate.has("type:string") ? fc.constant({ type: "string" }) : (leafSchemaArbitrary(gate) ?? fc.constant({}));
  return fc.tuple(root, label).map(([schema, labelSchema]) => withReferences(gate, schema, labelSchema));
}
