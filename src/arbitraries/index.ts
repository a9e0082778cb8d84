// schemalab/arbitraries: fast-check arbitraries for any JSON Schema, in every dialect the lab reads
// (draft-04 to 2020-12, OpenAPI 3.0): values valid by construction, near misses that each break one
// named keyword at one site, and random schemas over a feature set. All of them shrink.
import fc from "fast-check";
import { nearMiss, NEAR_MISS_FAMILIES, NoNearMissError, type NearMissFamilyId } from "../../generators/near-miss.js";
import { schemaOver, type SchemaOverConstraints } from "../../generators/schema-over.js";
import { validValue, GenerationExhaustedError, UnsatisfiableSchemaError, type ValidValueConstraints } from "../../generators/valid-value.js";
import { DEFAULT_DIALECT, type Dialect } from "../lite/dialect.js";
import { toDraft2020 } from "../schema/dialects/to-draft2020.js";
import { FEATURE_IDS } from "../schema/features.js";
import type { JsonSchema } from "../schema/types.js";
import { keywordOf } from "./near-miss-keyword.js";

export { NEAR_MISS_FAMILIES, NoNearMissError, GenerationExhaustedError, UnsatisfiableSchemaError, FEATURE_IDS, type NearMissFamilyId };

export interface ValidValuesOptions extends ValidValueConstraints {
  /** The dialect the schema is written in (default draft 2020-12; `$schema` is not read here). */
  readonly dialect?: Dialect;
}

export interface NearMissesOptions extends ValidValuesOptions {
  /** Families to draw from (default: every family the schema gives a site). */
  readonly families?: readonly NearMissFamilyId[];
  /**
   * "invalid" (default): only values the spec says are invalid. "all": also the boundary values that
   * are valid (an integer written 1.0, a string exactly at maxLength) and those another keyword may
   * neutralise (`expectedValid: null`).
   */
  readonly include?: "invalid" | "all";
}

export interface NearMiss {
  readonly value: unknown;
  /** JSON text of the value when the defect lives in the text only (an integer written `1.0`): send this. */
  readonly json?: string;
  readonly family: NearMissFamilyId;
  /** JSON Pointer of the defect in the value (of the removed property, for required-removed). */
  readonly site: string;
  /** The keyword it breaks, as the schema's dialect names it (`dependencies` in draft-07, `dependentRequired` in 2020-12). */
  readonly keyword: string;
  /** The taxonomy feature id the defect tests (`type:integer`, `format:date`, `additionalProperties:false`...). */
  readonly feature: string;
  /** What the spec says: false (invalid); with `include: "all"` also true, or null when another keyword may neutralise the defect. */
  readonly expectedValid: boolean | null;
  readonly detail: string;
}

/** The 2020-12 reading of a schema, which the generators read; the same object for 2020-12 itself. */
function reading(schema: JsonSchema, dialect: Dialect): JsonSchema {
  return toDraft2020(schema, dialect).schema;
}

/**
 * Values valid against `schema` by construction (no generate-and-filter over the whole value). Throws
 * UnsatisfiableSchemaError now when the schema admits no value it can build (false, contradictions);
 * GenerationExhaustedError while generating when a bounded filter (oneOf, not) keeps rejecting.
 *
 * @example
 * fc.assert(fc.property(validValues(tool.parameters, { dialect: "draft7" }), (args) => { handler(args); }));
 */
export function validValues(schema: JsonSchema, options: ValidValuesOptions = {}): fc.Arbitrary<unknown> {
  const { dialect = DEFAULT_DIALECT, ...constraints } = options;
  return validValue(reading(schema, dialect), constraints);
}

/**
 * Values one defect away from valid, each naming its family, site and the keyword it breaks. Throws
 * NoNearMissError when the schema gives no family a site (`true`, `{}`).
 *
 * @example
 * fc.assert(fc.property(nearMisses(schema), (miss) => expect(myValidator(schema, miss.value)).toBe(false)));
 */
export function nearMisses(schema: JsonSchema, options: NearMissesOptions = {}): fc.Arbitrary<NearMiss> {
  const { dialect = DEFAULT_DIALECT, include = "invalid", ...constraints } = options;
  const read = reading(schema, dialect);
  const cases = nearMiss(read, constraints);
  const kept = include === "all" ? cases : cases.filter((miss) => miss.expectedValid === false);
  return kept.map((miss) => ({
    value: miss.value,
    ...(miss.json === undefined ? {} : { json: miss.json }),
    family: miss.family,
    site: miss.path,
    keyword: keywordOf(read, miss.json === undefined ? miss.value : JSON.parse(miss.json), miss.path, miss.feature, dialect),
    feature: miss.feature,
    expectedValid: miss.expectedValid,
    detail: miss.detail,
  }));
}

export interface SchemasOptions extends SchemaOverConstraints {}

/**
 * Draft 2020-12 schemas using only the given taxonomy features (FEATURE_IDS; types and properties are
 * always available), shrinking toward smaller schemas.
 *
 * @example
 * fc.property(schemas(["minimum", "pattern", "required"]).chain((schema) => fc.tuple(fc.constant(schema), validValues(schema))), ...)
 */
export function schemas(features: readonly string[], options: SchemasOptions = {}): fc.Arbitrary<JsonSchema> {
  const unknown = features.filter((feature) => !FEATURE_IDS.includes(feature));
  if (unknown.length > 0) throw new RangeError(`schemas: not feature ids of the taxonomy: ${unknown.join(", ")} (see FEATURE_IDS)`);
  return schemaOver(features, options);
}
