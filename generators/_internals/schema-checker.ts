// The judge that filtered generation asks ("does this value match that subschema?"): oneOf
// exclusivity, not, if, enum candidates, residual allOf parts. Ajv 2020 + ajv-formats with
// multipleOf replaced by exact decimal arithmetic and own-properties-only `required`, so the filter
// follows the spec rather than Ajv's known divergences, and stays independent of lite: a lite bug
// must not quietly steer the fuzzer away from the values that would expose it.
// dependentSchemas is checked as the equivalent allOf/if/then: Ajv 8.20 reports `properties` names
// as unevaluated when a dependentSchemas trigger is absent (dependent-schemas-unevaluated.test.ts).
import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { JsonSchema } from "../../src/schema/types.js";
import { SUBSCHEMA_KEYWORDS } from "../../src/schema/walk-schema.js";
import { isExactMultiple } from "./decimal.js";

const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;
type AjvInstance = InstanceType<typeof Ajv2020>;
type Check = (value: unknown) => boolean;

export interface SchemaChecker {
  /** True when value is valid against schema, a subschema of (or merged from) the root. */
  accepts(schema: JsonSchema, value: unknown): boolean;
}

const LOCAL_ROOT_URI = "urn:schemalab:generator-root";

function createSpecAjv(): AjvInstance {
  // Unoptimised code: a schema's checks are compiled once and run a few thousand times, and
  // the optimiser made compiling them a third of a small target's generation time.
  const ajv = new Ajv2020({ strict: false, ownProperties: true, logger: false, validateSchema: false, code: { optimize: false } });
  addFormats(ajv);
  ajv.removeKeyword("multipleOf");
  ajv.addKeyword({
    keyword: "multipleOf",
    type: "number",
    schemaType: "number",
    errors: false,
    validate: (step: number, value: number) => isExactMultiple(value, step),
  });
  return ajv;
}

function rootUriOf(root: JsonSchema): string {
  const id = typeof root === "object" ? root.$id : undefined;
  return typeof id === "string" && /^[a-z][a-z0-9+.-]*:/i.test(id) ? id.replace(/#$/, "") : LOCAL_ROOT_URI;
}

/**
 * A copy of a subschema that compiles on its own: same-document refs point at the registered root,
 * and identifiers are dropped so they cannot collide with the root's.
 */
function detachSubschema(schema: JsonSchema, rootUri: string): JsonSchema {
  if (typeof schema !== "object" || schema === null) return schema;
  const copy: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === "$id" || keyword === "$anchor" || keyword === "$dynamicAnchor" || keyword === "$schema") continue;
    if (keyword === "dependentSchemas" && value !== null && typeof value === "object") {
      copy.allOf = [...((copy.allOf as unknown[]) ?? []), ...dependentSchemasAsConditions(value as Record<string, JsonSchema>, rootUri)];
      continue;
    }
    if (keyword === "allOf" && Array.isArray(value)) {
      copy.allOf = [...value.map((item) => detachSubschema(item as JsonSchema, rootUri)), ...((copy.allOf as unknown[]) ?? [])];
      continue;
    }
    if (keyword === "$ref" && typeof value === "string" && value.startsWith("#")) copy[keyword] = rootUri + value;
    else copy[keyword] = detachKeyword(keyword, value, rootUri);
  }
  return copy;
}

/** dependentSchemas {k: S} means allOf [{if: {required: [k]}, then: S}]. */
function dependentSchemasAsConditions(dependentSchemas: Record<string, JsonSchema>, rootUri: string): Record<string, unknown>[] {
  return Object.entries(dependentSchemas).map(([trigger, dependent]) => ({ if: { required: [trigger] }, then: detachSubschema(dependent, rootUri) }));
}

function detachKeyword(keyword: string, value: unknown, rootUri: string): unknown {
  const shape = SUBSCHEMA_KEYWORDS[keyword];
  if (shape === "schema" && !Array.isArray(value)) return detachSubschema(value as JsonSchema, rootUri);
  if (shape === "schema-list" || (keyword === "items" && Array.isArray(value))) {
    return Array.isArray(value) ? value.map((item) => detachSubschema(item as JsonSchema, rootUri)) : value;
  }
  if (shape === "schema-map" && value !== null && typeof value === "object") {
    const map: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) map[key] = Array.isArray(item) ? item : detachSubschema(item as JsonSchema, rootUri);
    return map;
  }
  return value;
}

export function createSchemaChecker(root: JsonSchema): SchemaChecker {
  const rootUri = rootUriOf(root);
  let ajv: AjvInstance | undefined;
  let detachedCount = 0;
  const checks = new WeakMap<object, Check>();

  const instance = (): AjvInstance => {
    if (!ajv) {
      ajv = createSpecAjv();
      ajv.addSchema(root as object, rootUri);
    }
    return ajv;
  };

  const compileCheck = (schema: object): Check => {
    const detached = detachSubschema(schema as JsonSchema, rootUri) as Record<string, unknown>;
    detached.$id = `urn:schemalab:generator-check:${detachedCount++}`;
    return instance().compile(detached) as Check;
  };

  return {
    accepts(schema, value) {
      if (typeof schema === "boolean") return schema;
      let check = checks.get(schema);
      if (!check) checks.set(schema, (check = compileCheck(schema)));
      return check(value);
    },
  };
}
