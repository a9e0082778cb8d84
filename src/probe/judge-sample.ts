// Ajv (draft 2020-12 with formats) decides whether a sample conforms to the probe's declared schema:
// the reference the design names, so "enforced" means what it means everywhere else in the lab.
import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { ErrorObject, ValidateFunction } from "ajv";
import type { JsonSchema } from "../schema/types.js";

// ajv and ajv-formats are CommonJS: under NodeNext the class and the plugin sit on `.default`.
const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;

export interface SampleError {
  readonly instancePath: string;
  readonly schemaPath: string;
  readonly keyword: string;
  readonly message: string;
}

export type Judgement = { readonly valid: true } | { readonly valid: false; readonly errors: readonly SampleError[] };

const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false, validateFormats: true });
addFormats(ajv);
const compiled = new Map<string, ValidateFunction>();

export function judgeSample(schema: JsonSchema, sample: unknown): Judgement {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (validate === undefined) {
    validate = ajv.compile(schema as object | boolean);
    compiled.set(key, validate);
  }
  if (validate(sample)) return { valid: true };
  return { valid: false, errors: (validate.errors ?? []).map(toSampleError) };
}

function toSampleError(error: ErrorObject): SampleError {
  return { instancePath: error.instancePath, schemaPath: error.schemaPath, keyword: error.keyword, message: error.message ?? error.keyword };
}

/** True when an error comes from one of these keywords, where it failed or on the way to it. */
export function errorsTouchKeywords(errors: readonly SampleError[], keywords: readonly string[]): boolean {
  return errors.some((error) => keywords.includes(error.keyword) || keywords.some((keyword) => error.schemaPath.split("/").includes(keyword)));
}
