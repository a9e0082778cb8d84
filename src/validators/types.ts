// The validator module contract (public, see README "Validator modules").

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
