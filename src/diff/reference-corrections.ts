// How each known divergence is corrected for a third opinion: a rewrite of the schema, of the
// instance, or an Ajv option or format. Each applies only where the schema could meet it.
import type { Dialect } from "../lite/dialect.js";
import { refIgnoresSiblings } from "../schema/dialects/dialect-keywords.js";
import { isSchemaObject } from "../schema/walk-schema.js";
import type { CorrectionName } from "./known-divergences.js";
import { rewriteSchema } from "./mutation-bench/rewrite-schema.js";

const PROTOTYPE_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * Which corrections can change anything for this schema (cheap text test: a miss costs only time).
 * `declared` is the schema as written in `dialect`, `schema` its 2020-12 reading.
 */
export function relevantCorrections(schema: unknown, declared: unknown = schema, dialect: Dialect = "draft2020-12"): Set<CorrectionName> {
  const text = JSON.stringify(schema) ?? "";
  const uses = (word: string) => text.includes(`"${word}"`);
  const relevant = new Set<CorrectionName>();
  const declaredText = declared === schema ? text : (JSON.stringify(declared) ?? "");
  if (refIgnoresSiblings(dialect) && dialect !== "openapi-3.0" && declaredText.includes('"$ref"')) relevant.add("ref-siblings-ignored");
  if (dialect !== "openapi-3.0" && declaredText.includes('"nullable"')) relevant.add("nullable-not-a-keyword");
  if (uses("multipleOf")) relevant.add("exact-multiple-of");
  // Inherited properties only pass `required` for names Object.prototype has ("toString"...).
  if ((uses("required") || uses("dependentRequired")) && [...PROTOTYPE_NAMES].some(uses)) relevant.add("own-properties");
  if (uses("email")) relevant.add("dotless-email-domain");
  if (uses("dependentSchemas")) relevant.add("dependent-schemas-as-if-then");
  if (uses("unevaluatedProperties")) relevant.add("rename-prototype-keys");
  if (uses("date-time")) relevant.add("strict-date-time-separator");
  if (uses("duration")) relevant.add("rfc3339-duration");
  if (uses("uri")) relevant.add("rfc3986-numeric-port");
  return relevant;
}

/**
 * `dependentSchemas: { k: S }` spelled `allOf: [{ if: { required: [k] }, then: S }]`, which means the
 * same; Ajv forgets the sibling `properties` annotations when a dependentSchemas entry is not triggered.
 */
export function dependentSchemasAsIfThen(schema: unknown): unknown {
  return rewriteSchema(schema, (node) => {
    const dependent = node.dependentSchemas;
    if (!isSchemaObject(dependent)) return node;
    const { dependentSchemas: _moved, ...rest } = node;
    const conditions = Object.entries(dependent).map(([name, then]) => ({ if: { required: [name] }, then }));
    return { ...rest, allOf: [...(Array.isArray(rest.allOf) ? rest.allOf : []), ...conditions] };
  });
}

/**
 * The instance with own keys named like Object.prototype members ("constructor", "__proto__"...)
 * renamed, where the schema never names them: Ajv's dynamic evaluated-property maps look names up
 * on a plain object, so those keys pass unevaluatedProperties: false. Renamed, they are just keys.
 */
export function renamePrototypeKeys(value: unknown, schema: unknown): unknown {
  const text = JSON.stringify(schema) ?? "";
  const rename = (current: unknown): unknown => {
    if (Array.isArray(current)) return current.map(rename);
    if (current === null || typeof current !== "object") return current;
    const entries = Object.keys(current).map((key) => {
      const renamed = PROTOTYPE_NAMES.has(key) && !text.includes(`"${key}"`) ? `${key}\u0000renamed` : key;
      return [renamed, rename((current as Record<string, unknown>)[key])] as const;
    });
    // fromEntries defines own properties, so even "__proto__" stays a plain key.
    return Object.fromEntries(entries);
  };
  return rename(value);
}

/** The schema without OpenAPI's `nullable`, which no JSON Schema draft defines (Ajv reads it in every draft). */
export function withoutNullable(schema: unknown): unknown {
  return rewriteSchema(schema, ({ nullable: _nullable, ...rest }) => rest);
}
