// Public types of schemalab/lite. Errors use Ajv's field names and conventions so results compare field by field.
import type { Dialect } from "./dialect.js";

export interface LiteError {
  /** JSON Pointer to the failing value ("" for the root). */
  readonly instancePath: string;
  /** URI fragment JSON Pointer to the failing keyword in the schema, Ajv-style ("#/properties/a/type"). */
  readonly schemaPath: string;
  readonly keyword: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly message: string;
  /** Set on errors found while checking a property name against `propertyNames` (as Ajv does). */
  readonly propertyName?: string;
}

/** The `params` of each keyword's error, for consumers that `switch (error.keyword)`. */
export interface LiteErrorParams {
  type: { type: string | readonly string[] };
  enum: { allowedValues: readonly unknown[] };
  const: { allowedValue: unknown };
  required: { missingProperty: string };
  additionalProperties: { additionalProperty: string };
  unevaluatedProperties: { unevaluatedProperty: string };
  dependentRequired: { property: string; missingProperty: string; depsCount: number; deps: string };
  propertyNames: { propertyName: string };
  minProperties: { limit: number };
  maxProperties: { limit: number };
  minItems: { limit: number };
  maxItems: { limit: number };
  items: { limit: number };
  unevaluatedItems: { limit: number };
  uniqueItems: { i: number; j: number };
  contains: { minContains: number; maxContains?: number };
  minLength: { limit: number };
  maxLength: { limit: number };
  pattern: { pattern: string };
  format: { format: string };
  minimum: { comparison: ">="; limit: number };
  maximum: { comparison: "<="; limit: number };
  exclusiveMinimum: { comparison: ">"; limit: number };
  exclusiveMaximum: { comparison: "<"; limit: number };
  multipleOf: { multipleOf: number };
  anyOf: Record<string, never>;
  oneOf: { passingSchemas: readonly [number, number] | null };
  not: Record<string, never>;
  if: { failingKeyword: "then" | "else" };
  "false schema": Record<string, never>;
  /** A `$ref` cycle that re-enters the same schema on the same value (it would never end). */
  $ref: { ref: string };
  maxDepth: { limit: number };
}

/** A LiteError narrowed by its keyword: `if (e.keyword === "required") e.params.missingProperty`. */
export type KnownLiteError = {
  [K in keyof LiteErrorParams]: LiteError & { readonly keyword: K; readonly params: Readonly<LiteErrorParams[K]> };
}[keyof LiteErrorParams];

export interface CompileOptions {
  /** Report every failing field (default true: a model needs them all in one round). */
  readonly allErrors?: boolean;
  /** "assert" (default) checks formats; "ignore" treats `format` as an annotation. */
  readonly formats?: "assert" | "ignore";
  /**
   * Format checkers by name, added to the built-in ones (or replacing one of the same name); with
   * `schemalab/lite/core`, which has none built in, the only formats asserted.
   */
  readonly formatCheckers?: Readonly<Record<string, (text: string) => boolean>>;
  /** Values nested deeper than this fail with a `maxDepth` error instead of overflowing the stack (default 256). */
  readonly maxDepth?: number;
  /** Documents a `$ref` may point to, keyed by absolute URI (e.g. the official suite's remotes). */
  readonly remotes?: Readonly<Record<string, unknown>>;
  /**
   * Extra keywords to accept and ignore as annotations, e.g. Gemini's `propertyOrdering`. Keywords
   * lite checks and `$` core keywords cannot be named (InvalidSchemaError). `x-` vendor extensions
   * are always accepted.
   */
  readonly annotations?: readonly string[];
  /** Read the schema as this dialect whatever its `$schema` says (default: from the root's `$schema`, else draft 2020-12). */
  readonly dialect?: Dialect;
  /**
   * "refuse" (default): a keyword the dialect does not define is UnsupportedSchemaError (a typo such as
   * `minLenght` is not a rule). "annotate": accepted and ignored, and each one reported to `onUnknownKeyword`.
   */
  readonly unknownKeywords?: "refuse" | "annotate";
  /** Called at compile time for every unknown keyword accepted as an annotation (with `unknownKeywords: "annotate"`). */
  readonly onUnknownKeyword?: (keyword: string, schemaPath: string) => void;
}

export type ValidationResult = { readonly valid: true } | { readonly valid: false; readonly errors: readonly LiteError[] };

export type Validate = (value: unknown) => ValidationResult;

/** The schema uses something lite does not check; refused at compile time, never silently ignored. */
export class UnsupportedSchemaError extends Error {
  override readonly name = "UnsupportedSchemaError";
  constructor(
    readonly keyword: string,
    readonly schemaPath: string,
    detail?: string,
  ) {
    super(`unsupported keyword '${keyword}' at ${schemaPath || "#"}${detail ? `: ${detail}` : ""}`);
  }
}

/** The schema is malformed (wrong keyword type, invalid regex, dangling $ref). */
export class InvalidSchemaError extends Error {
  override readonly name = "InvalidSchemaError";
  constructor(
    readonly keyword: string,
    readonly schemaPath: string,
    detail: string,
  ) {
    super(`invalid schema at ${schemaPath || "#"} (${keyword}): ${detail}`);
  }
}
