// A schema for "breaks this part", built so the generator can construct it: simple bounds flip to
// their opposite (maxLength 12 → minLength 13), anything else stays a `not`. A part with several
// keywords is broken when any one of them is (anyOf of the negations), which the generator
// handles by choosing a branch instead of filtering.
import type { SchemaObject } from "./merge-schemas.js";

const ANNOTATIONS = new Set(["title", "description", "default", "examples", "$comment", "deprecated", "readOnly", "writeOnly"]);

const OPPOSITES: Readonly<Record<string, (bound: number) => SchemaObject | undefined>> = {
  maxLength: (n) => ({ type: "string", minLength: n + 1 }),
  minLength: (n) => (n > 0 ? { type: "string", maxLength: n - 1 } : undefined),
  maxItems: (n) => ({ type: "array", minItems: n + 1 }),
  minItems: (n) => (n > 0 ? { type: "array", maxItems: n - 1 } : undefined),
  maxProperties: (n) => ({ type: "object", minProperties: n + 1 }),
  minProperties: (n) => (n > 0 ? { type: "object", maxProperties: n - 1 } : undefined),
  maximum: (n) => ({ type: "number", exclusiveMinimum: n }),
  minimum: (n) => ({ type: "number", exclusiveMaximum: n }),
  exclusiveMaximum: (n) => ({ type: "number", minimum: n }),
  exclusiveMinimum: (n) => ({ type: "number", maximum: n }),
};

const cache = new WeakMap<object, SchemaObject>();

export function negateSchema(schema: unknown): SchemaObject {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return { not: schema };
  let negated = cache.get(schema);
  if (!negated) cache.set(schema, (negated = build(schema as SchemaObject)));
  return negated;
}

function build(schema: SchemaObject): SchemaObject {
  const keywords = Object.keys(schema).filter((keyword) => !ANNOTATIONS.has(keyword));
  // Keywords that only make sense together ($ref with $defs, if with then) are negated as a whole.
  if (keywords.length === 0 || keywords.some((keyword) => !(keyword in OPPOSITES))) return { not: schema };
  const branches = keywords.map((keyword) => (typeof schema[keyword] === "number" ? OPPOSITES[keyword]!(schema[keyword] as number) : undefined) ?? { not: { [keyword]: schema[keyword] } });
  return branches.length === 1 ? branches[0]! : { anyOf: branches };
}
