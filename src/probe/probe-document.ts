// The schema document a probe request carries: one or more probes side by side as properties of a root
// object (each under its own key), their $defs hoisted to the root, and the scaffold shaped to the
// mode's documented rules (objects closed where the mode demands `additionalProperties: false`), so a
// probe is refused for its feature, not for the scaffold around it.
import type { JsonSchema } from "../schema/types.js";
import type { ModeProfile } from "../../providers/profiles/profile-types.js";
import type { FeatureProbe } from "./probe-suite.js";

export interface ProbeScaffold {
  /** Add `additionalProperties: false` to every object that does not say otherwise. */
  readonly closeObjects: boolean;
  /** Make every property required in the probes that ask for it (`requireWhereDemanded`). */
  readonly requireAll?: boolean;
}

export interface ProbeDocument {
  readonly schema: JsonSchema;
  /** The value the prompt asks for. */
  readonly value: unknown;
  /** The property key of each probe (empty for a root probe). */
  readonly keys: ReadonlyMap<string, string>;
  /** A batch's echo: a plain string part asked back verbatim, to see whether the model followed the request at all. */
  readonly echo?: { readonly key: string; readonly value: string };
}

/** The echo a batch carries: any provider that follows the request returns it unchanged. */
export const BATCH_ECHO = { key: "p_echo", value: "schemalab-echo-1" } as const;

export function scaffoldFor(mode: ModeProfile | undefined): ProbeScaffold {
  return { closeObjects: mode?.rules.additionalPropertiesFalseRequired === true, requireAll: mode?.rules.allPropertiesRequired === true };
}

/** `minLength` → `p_minLength`, `$ref:local` → `p_ref_local`: unique, and safe in any provider's error text. */
export function probeKey(feature: string): string {
  return `p_${feature.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_+|_+$/g, "")}`;
}

export function buildProbeDocument(probes: readonly FeatureProbe[], scaffold: ProbeScaffold): ProbeDocument {
  const [first] = probes;
  if (first !== undefined && first.placement === "root") {
    if (probes.length > 1) throw new Error("a root probe is sent alone");
    return { schema: shapeProbe(first, scaffold).schema, value: first.tempting, keys: new Map([[first.feature, ""]]) };
  }
  const properties: Record<string, JsonSchema> = {};
  const value: Record<string, unknown> = {};
  const defs: Record<string, JsonSchema> = {};
  const keys = new Map<string, string>();
  for (const probe of probes) {
    const key = probeKey(probe.feature);
    const shaped = shapeProbe(probe, scaffold);
    properties[key] = shaped.schema;
    Object.assign(defs, shaped.defs);
    value[key] = probe.tempting;
    keys.set(probe.feature, key);
  }
  const batched = probes.length > 1;
  if (batched) {
    properties[BATCH_ECHO.key] = { type: "string" };
    value[BATCH_ECHO.key] = BATCH_ECHO.value;
  }
  const root: Record<string, unknown> = { type: "object", properties, required: [...keys.values(), ...(batched ? [BATCH_ECHO.key] : [])] };
  if (scaffold.closeObjects) root.additionalProperties = false;
  if (Object.keys(defs).length > 0) root.$defs = defs;
  return { schema: root, value, keys, ...(batched ? { echo: BATCH_ECHO } : {}) };
}

/** The probe's own schema, standalone (its defs at its root): what Ajv judges a sample against. */
export function standaloneProbeSchema(probe: FeatureProbe): JsonSchema {
  const { schema, defs } = shapeProbe(probe, { closeObjects: false });
  if (Object.keys(defs).length === 0) return schema;
  return { $defs: defs, ...(schema as Record<string, unknown>) };
}

interface ShapedProbe {
  readonly schema: JsonSchema;
  readonly defs: Record<string, JsonSchema>;
}

function shapeProbe(probe: FeatureProbe, scaffold: ProbeScaffold): ShapedProbe {
  const prefix = probe.placement === "root" ? "" : `${probeKey(probe.feature)}-`;
  const rename = (name: string): string => `${prefix}${name}`;
  const require = scaffold.requireAll === true && probe.requireWhereDemanded;
  const close = (schema: JsonSchema, keepTopOpen: boolean): JsonSchema => {
    const closed = scaffold.closeObjects ? closeObjects(schema, keepTopOpen) : schema;
    return require ? requireAllProperties(closed) : closed;
  };
  const schema = close(renameRefs(structuredClone(probe.schema), rename), probe.open);
  const defs: Record<string, JsonSchema> = {};
  for (const [name, def] of Object.entries(probe.defs ?? {})) defs[rename(name)] = close(renameRefs(structuredClone(def), rename), false);
  if (probe.placement === "root" && Object.keys(defs).length > 0) return { schema: { ...(schema as object), $defs: defs }, defs: {} };
  return { schema, defs };
}

function renameRefs(node: unknown, rename: (name: string) => string): JsonSchema {
  if (Array.isArray(node)) return node.map((item) => renameRefs(item, rename)) as unknown as JsonSchema;
  if (node === null || typeof node !== "object") return node as JsonSchema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    const match = key === "$ref" && typeof value === "string" ? /^#\/\$defs\/(.+)$/.exec(value) : null;
    out[key] = match ? `#/$defs/${rename(match[1]!)}` : renameRefs(value, rename);
  }
  return out as JsonSchema;
}

/** Subschemas that describe the same instance as their parent (or a property name): closing them would change the meaning. */
const NOT_INSTANCE_OBJECTS = new Set(["if", "then", "else", "not", "allOf", "dependentSchemas", "propertyNames", "contains"]);
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs"]);
const SCHEMA_LISTS = new Set(["anyOf", "oneOf", "prefixItems"]);
const SCHEMA_SINGLES = new Set(["items", "additionalProperties", "unevaluatedItems", "unevaluatedProperties"]);

function closeObjects(schema: JsonSchema, keepOpen: boolean): JsonSchema {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return schema;
  const node = schema as Record<string, unknown>;
  for (const [keyword, value] of Object.entries(node)) {
    if (NOT_INSTANCE_OBJECTS.has(keyword)) continue;
    if (SCHEMA_MAPS.has(keyword) && isObject(value)) for (const key of Object.keys(value)) value[key] = closeObjects(value[key] as JsonSchema, false);
    if (SCHEMA_LISTS.has(keyword) && Array.isArray(value)) value.forEach((item, index) => (value[index] = closeObjects(item as JsonSchema, false)));
    if (SCHEMA_SINGLES.has(keyword) && isObject(value)) node[keyword] = closeObjects(value as JsonSchema, false);
  }
  const isObjectNode = node.type === "object" || "properties" in node;
  if (isObjectNode && !keepOpen && !("additionalProperties" in node)) node.additionalProperties = false;
  return node;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Every object's properties all listed in its `required`, through the same subschemas closeObjects walks. */
function requireAllProperties(schema: JsonSchema): JsonSchema {
  if (!isObject(schema)) return schema;
  for (const [keyword, value] of Object.entries(schema)) {
    if (SCHEMA_MAPS.has(keyword) && isObject(value)) for (const key of Object.keys(value)) value[key] = requireAllProperties(value[key] as JsonSchema);
    if (SCHEMA_LISTS.has(keyword) && Array.isArray(value)) value.forEach((item, index) => (value[index] = requireAllProperties(item as JsonSchema)));
    if (SCHEMA_SINGLES.has(keyword) && isObject(value)) schema[keyword] = requireAllProperties(value as JsonSchema);
  }
  if (isObject(schema.properties)) schema.required = Object.keys(schema.properties);
  return schema;
}
