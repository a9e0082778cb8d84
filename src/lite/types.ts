// Public types of schemalab/lite. Errors use Ajv's field names and conventions so results compare field by field.

export interface LiteError {
  /** JSON Pointer to the failing value ("" for the root). */
  readonly instancePath: string;
  /** URI fragment JSON Pointer to the failing keyword in the schema, Ajv-style ("#/properties/a/type"). */
  readonly schemaPath: string;
  readonly keyword: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly message: string;
}

export interface CompileOptions {
  /** Report every failing field (default true: a model needs them all in one round). */
  readonly allErrors?: boolean;
  /** "assert" (default) checks formats; "ignore" treats `format` as an annotation. */
  readonly formats?: "assert" | "ignore";
  /** Values nested deeper than this fail with a `maxDepth` error instead of overflowing the stack (default 256). */
  readonly maxDepth?: number;
  /** Documents a `$ref` may point to, keyed by absolute URI (e.g. the official suite's remotes). */
  readonly remotes?: Readonly<Record<string, unknown>>;
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
