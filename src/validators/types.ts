// The validator module contract (public, see README "Validator modules").
import type { Dialect } from "../lite/dialect.js";

export interface CandidateError {
  readonly instancePath: string;
  readonly keyword?: string;
  readonly message?: string;
}

export type CandidateResult = boolean | { readonly valid: boolean; readonly errors?: readonly CandidateError[] };

/** What a user's module default-exports for `--validator PATH`. */
export interface ValidatorModule {
  readonly name: string;
  compile(schema: object | boolean): (value: unknown) => CandidateResult;
}

/** A verdict normalised from any CandidateResult. */
export interface Verdict {
  readonly valid: boolean;
  /** Failing instance paths (JSON Pointers), when the validator reports them. */
  readonly errorPaths?: readonly string[];
  readonly errors?: readonly CandidateError[];
}

/** What a caller may offer to `compile` beyond the schema; only for modules that declare `supportsRemotes`. */
export interface CompileContext {
  /** Documents a `$ref` may point to, keyed by absolute URI (e.g. the official suite's remotes). */
  readonly remotes?: Readonly<Record<string, unknown>>;
  /**
   * false when `format` must be an annotation only (draft 2020-12's default, which the suite's
   * required format.json tests); true or absent when formats are asserted (optional/format, fuzzing).
   */
  readonly formatAssertion?: boolean;
  /** The dialect the lab read the schema as (from `$schema`, the catalog format, or `--dialect`). */
  readonly dialect?: Dialect;
  /** "annotate": accept keywords the dialect does not define as annotations (and list them); default "refuse". */
  readonly unknownKeywords?: "refuse" | "annotate";
  /** With `unknownKeywords: "annotate"`: told of each keyword so treated (and its schema path), so the caller can list them. */
  readonly onUnknownKeyword?: (keyword: string, schemaPath: string) => void;
}

/**
 * An optional extension of the contract: a module that sets `supportsRemotes: true` is called as
 * `compile(schema, { remotes })`. Modules without the flag are only ever called with the schema.
 */
export interface RemoteAwareValidatorModule extends ValidatorModule {
  readonly supportsRemotes: true;
  compile(schema: object | boolean, context?: CompileContext): (value: unknown) => CandidateResult;
}
