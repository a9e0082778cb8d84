// How a conformance run talks to a validator: compile a group's schema, then validate each test.
// In-process for the built-ins; a user's module can run in a worker so a hang becomes "timeout".
import type { Dialect } from "../lite/dialect.js";
import { describeThrown } from "../validators/describe-thrown.js";
import { compileWithContext } from "../validators/compile-with-context.js";
import type { CandidateResult, ValidatorModule } from "../validators/types.js";

export type CompileOutcome = { readonly ok: true } | { readonly ok: false; readonly reason: string };
export type ValidateOutcome = { readonly ok: true; readonly result: unknown } | { readonly ok: false; readonly error: string };

/** Per suite file: whether `format` is asserted (optional/format) or an annotation (required format.json), and the draft. */
export interface GroupContext {
  readonly formatAssertion: boolean;
  readonly dialect?: Dialect;
  readonly unknownKeywords?: "refuse" | "annotate";
  /** Told of each keyword a validator accepted as an annotation. */
  readonly onUnknownKeyword?: (keyword: string, schemaPath: string) => void;
}

export interface GroupRunner {
  compile(schema: object | boolean, context: GroupContext): Promise<CompileOutcome>;
  validate(data: unknown): Promise<ValidateOutcome>;
  close(): Promise<void>;
  /** Set once the module is declared broken (circuit breaker, a contract broken): the run stops. */
  broken?(): string | null;
}

/**
 * Bowtie's rule for a compile that throws: the test is skipped only when the module declares the schema
 * unsupported (an error named UnsupportedSchemaError, or a message that says "unsupported"); any other
 * throw, a timeout or a contract violation is errored.
 */
export function declaresUnsupported(reason: string): boolean {
  return /^UnsupportedSchemaError\b/.test(reason) || /\bunsupported\b/i.test(reason);
}

/** "UnsupportedSchemaError: unsupported keyword ..." — the class name says whether it was a refusal or a crash. */
export { describeThrown };

export function inProcessRunner(module: ValidatorModule, remotes: Readonly<Record<string, unknown>>): GroupRunner {
  let validate: ((value: unknown) => CandidateResult) | null = null;
  return {
    async compile(schema, context) {
      validate = null;
      try {
        validate = compileWithContext(module, schema, { remotes, ...context });
        if (typeof validate !== "function") return { ok: false, reason: "validator contract violation: compile did not return a function" };
        return { ok: true };
      } catch (thrown) {
        return { ok: false, reason: describeThrown(thrown) };
      }
    },
    async validate(data) {
      if (!validate) return { ok: false, error: "no compiled schema" };
      try {
        return { ok: true, result: validate(data) };
      } catch (thrown) {
        return { ok: false, error: describeThrown(thrown) };
      }
    },
    async close() {},
  };
}
