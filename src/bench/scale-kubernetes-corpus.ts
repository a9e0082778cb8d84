// Kubernetes-shaped schemas, generated and deterministic: a kind (apiVersion, kind, metadata, spec,
// status) over `definitions` named as in the Kubernetes OpenAPI (io.k8s.api.<group>.v1.<Name>), the
// shared ObjectMeta / LabelSelector / Quantity / IntOrString, maps of strings, arrays of refs, long
// descriptions, and every seventh document a recursive JSONSchemaProps as CRDs carry.
import type { JsonSchema } from "../schema/types.js";

const META = "io.k8s.apimachinery.pkg.apis.meta.v1";
const GROUPS = ["core", "apps", "batch", "networking", "policy", "autoscaling", "storage", "rbac"];
const WORDS = ["container", "volume", "probe", "port", "selector", "template", "affinity", "toleration", "resource", "mount", "secret", "config", "endpoint", "rule", "policy", "status", "condition", "claim", "handler", "limit"];

/** A small deterministic generator (mulberry32): the same index gives the same document everywhere. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ref = (name: string) => ({ $ref: `#/definitions/${name}` });
const camel = (words: string[]) => words.map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join("");
const pascal = (words: string[]) => words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join("");

function describe(next: () => number, subject: string): string {
  const clauses = ["Defaults to unset.", "Cannot be updated.", "More info: https://kubernetes.io/docs/concepts/.", "This field is alpha-level and may change.", "Must be a DNS_LABEL."];
  const count = 1 + Math.floor(next() * 3);
  return `${subject} of this object. ${Array.from({ length: count }, () => clauses[Math.floor(next() * clauses.length)]).join(" ")}`;
}

function sharedDefinitions(): Record<string, unknown> {
  return {
    [`${META}.Time`]: { type: "string", format: "date-time", description: "Time is a wrapper around time.Time which supports correct marshaling to YAML and JSON." },
    "io.k8s.apimachinery.pkg.api.resource.Quantity": { type: "string", description: "Quantity is a fixed-point representation of a number.", pattern: "^[+-]?[0-9.]+([eE][+-]?[0-9]+)?(Ki|Mi|Gi|Ti|m|k|M|G|T)?$" },
    "io.k8s.apimachinery.pkg.util.intstr.IntOrString": { anyOf: [{ type: "integer" }, { type: "string" }], description: "IntOrString holds an int32 or a string." },
    [`${META}.OwnerReference`]: {
      type: "object",
      required: ["apiVersion", "kind", "name", "uid"],
      properties: { apiVersion: { type: "string" }, kind: { type: "string" }, name: { type: "string" }, uid: { type: "string" }, controller: { type: "boolean" } },
    },
    [`${META}.ObjectMeta`]: {
      type: "object",
      description: "ObjectMeta is metadata that all persisted resources must have.",
      properties: {
        name: { type: "string", maxLength: 253 },
        namespace: { type: "string" },
        labels: { type: "object", additionalProperties: { type: "string" } },
        annotations: { type: "object", additionalProperties: { type: "string" } },
        creationTimestamp: ref(`${META}.Time`),
        ownerReferences: { type: "array", items: ref(`${META}.OwnerReference`) },
        generation: { type: "integer", format: "int64" },
      },
    },
    [`${META}.LabelSelectorRequirement`]: {
      type: "object",
      required: ["key", "operator"],
      properties: { key: { type: "string" }, operator: { type: "string", enum: ["In", "NotIn", "Exists", "DoesNotExist"] }, values: { type: "array", items: { type: "string" } } },
    },
    [`${META}.LabelSelector`]: {
      type: "object",
      properties: { matchExpressions: { type: "array", items: ref(`${META}.LabelSelectorRequirement`) }, matchLabels: { type: "object", additionalProperties: { type: "string" } } },
    },
  };
}

const JSON_SCHEMA_PROPS = "io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps";

function jsonSchemaProps(): Record<string, unknown> {
  return {
    [JSON_SCHEMA_PROPS]: {
      type: "object",
      description: "JSONSchemaProps is a JSON-Schema following Specification Draft 4.",
      properties: {
        type: { type: "string" },
        description: { type: "string" },
        properties: { type: "object", additionalProperties: ref(JSON_SCHEMA_PROPS) },
        items: ref(JSON_SCHEMA_PROPS),
        allOf: { type: "array", items: ref(JSON_SCHEMA_PROPS) },
        required: { type: "array", items: { type: "string" } },
        "x-kubernetes-preserve-unknown-fields": { type: "boolean" },
      },
    },
  };
}

/** One generated definition: 3 to 12 properties of the kinds Kubernetes uses, refs to later definitions only (or to shared ones). */
function definition(next: () => number, names: readonly string[], index: number, recursive: boolean, shared: boolean): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const count = 3 + Math.floor(next() * 10);
  const later = (): string | undefined => names[index + 1 + Math.floor(next() * Math.max(1, names.length - index - 1))] ?? (shared ? `${META}.ObjectMeta` : undefined);
  const refOrString = (name: string | undefined) => (name === undefined ? { type: "string" } : ref(name));
  for (let k = 0; k < count; k++) {
    const name = camel([WORDS[Math.floor(next() * WORDS.length)]!, WORDS[Math.floor(next() * WORDS.length)]!]) + (k > 0 ? String(k) : "");
    const kind = Math.floor(next() * 10);
    const description = describe(next, name);
    if (kind < 3) properties[name] = { type: "string", description, ...(kind === 0 ? { enum: ["Always", "IfNotPresent", "Never"] } : {}) };
    else if (kind === 3) properties[name] = { type: "integer", format: "int32", description, minimum: 0 };
    else if (kind === 4) properties[name] = { type: "boolean", description };
    else if (kind === 5) properties[name] = { type: "object", additionalProperties: { type: "string" }, description };
    else if (kind === 6) properties[name] = { type: "array", items: refOrString(later()), description };
    else if (kind === 7) properties[name] = { ...refOrString(later()), description };
    else if (kind === 8) properties[name] = shared ? ref(next() < 0.5 ? "io.k8s.apimachinery.pkg.util.intstr.IntOrString" : "io.k8s.apimachinery.pkg.api.resource.Quantity") : { type: "integer" };
    else properties[name] = recursive ? ref(JSON_SCHEMA_PROPS) : { type: "array", items: { type: "string" }, description };
  }
  const required = Object.keys(properties).filter(() => next() < 0.3);
  return { type: "object", description: describe(next, names[index]!), properties, ...(required.length > 0 ? { required } : {}) };
}

/**
 * A Kubernetes-shaped kind with `definitionCount` generated definitions, plus the shared ones unless
 * `shared` is false (the smallest rungs of the size ladder: a kind of about 1 KB).
 */
export function kubernetesDocument(index: number, definitionCount: number, shared = true): JsonSchema {
  const next = random(index * 7919 + definitionCount);
  const group = GROUPS[index % GROUPS.length]!;
  const kind = pascal([WORDS[index % WORDS.length]!, WORDS[Math.floor(index / WORDS.length) % WORDS.length]!]);
  const names = Array.from({ length: definitionCount }, (_, k) => `io.k8s.api.${group}.v1.${kind}${k === 0 ? "Spec" : k === 1 ? "Status" : `Part${k}`}`);
  const recursive = index % 7 === 0;
  const definitions: Record<string, unknown> = shared ? { ...sharedDefinitions(), ...(recursive ? jsonSchemaProps() : {}) } : {};
  names.forEach((name, k) => (definitions[name] = definition(next, names, k, shared && recursive, shared)));
  return {
    type: "object",
    description: `${kind} is a ${group} resource.`,
    properties: {
      apiVersion: { type: "string", const: `${group}/v1` },
      kind: { type: "string", const: kind },
      ...(shared ? { metadata: ref(`${META}.ObjectMeta`) } : {}),
      spec: ref(names[0]!),
      ...(names.length > 1 ? { status: ref(names[1]!) } : {}),
      ...(shared ? { selector: ref(`${META}.LabelSelector`) } : {}),
    },
    required: ["apiVersion", "kind"],
    definitions,
  };
}
