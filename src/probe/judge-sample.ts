// Whether a sample conforms to the probe's declared schema, judged with lite's exact reading of the spec
// (its formats follow the RFCs to the letter). Ajv (draft 2020-12 with ajv-formats) judges beside it:
// where it reads the sample otherwise (its formats are looser or stricter in places), the judgement says
// so. A schema lite refuses (an unknown keyword the probe means to send) is judged by Ajv alone.
import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { ErrorObject, ValidateFunction } from "ajv";
import { compile, type Validate } from "../lite/index.js";
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

/** Ajv's reading where it differs from lite's. */
export interface AjvReading {
  readonly valid: boolean;
  readonly errors?: readonly SampleError[];
}

export type Judgement =
  | { readonly valid: true; readonly by: "lite" | "ajv"; readonly ajvReadsOtherwise?: AjvReading }
  | { readonly valid: false; readonly errors: readonly SampleError[]; readonly by: "lite" | "ajv"; readonly ajvReadsOtherwise?: AjvReading };

const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false, validateFormats: true });
addFormats(ajv);
const ajvCompiled = new Map<string, ValidateFunction>();
const liteCompiled = new Map<string, Validate | null>();

export function judgeSample(schema: JsonSchema, sample: unknown): Judgement {
  const key = JSON.stringify(schema);
  const byAjv = judgeWithAjv(key, schema, sample);
  const lite = liteFor(key, schema);
  if (lite === null) return byAjv.valid ? { valid: true, by: "ajv" } : { valid: false, errors: byAjv.errors ?? [], by: "ajv" };
  const result = lite(sample);
  const byLite = result.valid ? { valid: true as const } : { valid: false as const, errors: result.errors.map((error) => ({ instancePath: error.instancePath, schemaPath: error.schemaPath, keyword: error.keyword, message: error.message })) };
  const otherwise = byAjv.valid === byLite.valid ? {} : { ajvReadsOtherwise: byAjv };
  return { ...byLite, by: "lite", ...otherwise };
}

function judgeWithAjv(key: string, schema: JsonSchema, sample: unknown): AjvReading & { valid: boolean } {
  let validate = ajvCompiled.get(key);
  if (validate === undefined) {
    validate = ajv.compile(schema as object | boolean);
    ajvCompiled.set(key, validate);
  }
  if (validate(sample)) return { valid: true };
  return { valid: false, errors: (validate.errors ?? []).map(toSampleError) };
}

function liteFor(key: string, schema: JsonSchema): Validate | null {
  if (!liteCompiled.has(key)) {
    try {
      liteCompiled.set(key, compile(schema, { unknownKeywords: "annotate" }));
    } catch {
      liteCompiled.set(key, null);
    }
  }
  return liteCompiled.get(key)!;
}

function toSampleError(error: ErrorObject): SampleError {
  return { instancePath: error.instancePath, schemaPath: error.schemaPath, keyword: error.keyword, message: error.message ?? error.keyword };
}

/** True when an error comes from one of these keywords, where it failed or on the way to it. */
export function errorsTouchKeywords(errors: readonly SampleError[], keywords: readonly string[]): boolean {
  return errors.some((error) => keywords.includes(error.keyword) || keywords.some((keyword) => error.schemaPath.split("/").includes(keyword)));
}
