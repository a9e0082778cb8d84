// What the benchmark times: each validator at its own API, configured as its users run it, without
// the contract's adapters, so the ratios compare the libraries and not the wrapping. A user's module
// has only the contract, so that is used.
import type { Dialect } from "../lite/dialect.js";
import type { ValidatorModule } from "../validators/types.js";

/** How a compiled validator is used: the valid task (first failure is enough) or the invalid one (every error). */
export interface CompileMode {
  /** The schema's dialect (never openapi-3.0: such schemas reach the subjects as their 2020-12 reading). */
  readonly dialect: Exclude<Dialect, "openapi-3.0">;
  readonly allErrors: boolean;
  /** The case's id (`catalog/tool`), for subjects that register schemas under a URI. */
  readonly schemaId: string;
}

export type BenchValidator = (value: unknown) => unknown;

export interface BenchSubject {
  readonly name: string;
  /** How it is configured, in a few words, for the report. */
  readonly setup: string;
  compile(schema: object | boolean, mode: CompileMode): BenchValidator | Promise<BenchValidator>;
  /** A peer is context: a schema it refuses leaves it out of that corpus, not the schema out of the corpus. */
  readonly peer?: boolean;
  /**
   * Ajv (defaults) and lite: the values they judge otherwise than the reference Ajv are left out of
   * the corpus (bench-corpus.ts, agreedInstances). A user's module or a peer never shrinks it.
   */
  readonly referee?: boolean;
  /** Set when compile returns a promise (the compile task then awaits it). */
  readonly asyncCompile?: boolean;
  /** Drops what compile registered (a shared instance's schema), outside the timed part. */
  forget?(schema: object | boolean, mode: CompileMode): void;
}

/** lite as its README shows it: default options (all errors, formats asserted), the catalogs' annotation words accepted. Imported on demand. */
export async function liteSubject(): Promise<BenchSubject> {
  const { compile } = await import("../lite/index.js");
  const { LITE_ANNOTATIONS: annotations } = await import("../validators/lite-validator.js");
  return {
    name: "schemalab/lite",
    referee: true,
    setup: `compile(schema, { dialect, annotations: [${annotations.join(", ")}] }); defaults otherwise (all errors, formats asserted)`,
    compile: (schema, mode) => compile(schema, { annotations, dialect: mode.dialect }),
  };
}

export function moduleSubject(module: ValidatorModule): BenchSubject {
  return { name: module.name, setup: "the module's compile (validator contract)", compile: (schema) => module.compile(schema) };
}
