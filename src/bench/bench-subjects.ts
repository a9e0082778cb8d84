// What the benchmark times: each validator at its own API, without the contract's adapters, so the
// ratios compare the libraries and not the wrapping. A user's module has only the contract, so that is used.
import { AJV_REFERENCE_NAME, createReferenceAjv } from "../validators/ajv-validator.js";
import type { ValidatorModule } from "../validators/types.js";

export interface BenchSubject {
  readonly name: string;
  compile(schema: object | boolean): (value: unknown) => unknown;
  /** Drops what compile registered (Ajv's shared instance), outside the timed part. */
  forget?(schema: object | boolean): void;
}

/** Imported on demand, so timing only a user's module does not load lite. */
export async function liteSubject(): Promise<BenchSubject> {
  const { compile } = await import("../lite/index.js");
  const { LITE_ANNOTATIONS: annotations } = await import("../validators/lite-validator.js");
  return { name: "schemalab/lite", compile: (schema) => compile(schema, { allErrors: true, annotations }) };
}

/** One shared instance, as an application would hold it; each compiled schema is removed afterwards. */
export function ajvSubject(): BenchSubject {
  const ajv = createReferenceAjv();
  return {
    name: AJV_REFERENCE_NAME,
    compile: (schema) => ajv.compile(schema),
    forget: (schema) => {
      if (typeof schema === "object") ajv.removeSchema(schema);
    },
  };
}

export function moduleSubject(module: ValidatorModule): BenchSubject {
  return { name: module.name, compile: (schema) => module.compile(schema) };
}
