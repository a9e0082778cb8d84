// schemalab/lite behind the validator contract. Compile errors propagate: UnsupportedSchemaError means
// "lite refuses this schema" (a skip), never a disagreement.
import { compile, type LiteError } from "../lite/index.js";
import type { CompileContext, RemoteAwareValidatorModule } from "./types.js";

export const LITE_VALIDATOR_NAME = "schemalab/lite";

/** Keywords the shipped catalogs carry as annotations (Gemini's field order, a catalog's version): accepted, never checked. */
export const LITE_ANNOTATIONS: readonly string[] = ["propertyOrdering", "schema_version"];

export const liteValidator: RemoteAwareValidatorModule = {
  name: LITE_VALIDATOR_NAME,
  supportsRemotes: true,
  compile(schema: object | boolean, context: CompileContext = {}) {
    const formats = context.formatAssertion === false ? "ignore" : "assert";
    const validate = compile(schema, {
      allErrors: true,
      annotations: LITE_ANNOTATIONS,
      remotes: context.remotes,
      formats,
      dialect: context.dialect,
      unknownKeywords: context.unknownKeywords,
      onUnknownKeyword: context.onUnknownKeyword,
    });
    return (value) => {
      const result = validate(value);
      if (result.valid) return { valid: true };
      const errors = result.errors.map((error: LiteError) => ({ instancePath: error.instancePath, keyword: error.keyword, message: error.message }));
      return { valid: false, errors };
    };
  },
};
