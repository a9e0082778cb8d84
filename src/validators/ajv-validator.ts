// The reference: Ajv with the class for the schema's dialect (ajv-draft-04, Ajv's draft-07 class for
// draft-06 and -07, Ajv2019, Ajv2020), ajv-formats, strict off, all errors. OpenAPI 3.0 is read
// through the lab's translation to 2020-12. Keywords a class applies that its dialect never defined
// (Ajv's draft-04 class applies `const`, the draft-07 class `if` in draft-06) are removed, so an
// unknown word is an annotation, as the spec reads it.
// Known divergences (shared/known-divergences.md) stay as Ajv has them, so adjudication can name them:
// multipleOf by float division (0.01 rejects 19.99), `required` counts inherited properties
// (`required: ["toString"]` passes `{}`), deep recursion overflows the stack, catastrophic regexes hang.
import { createRequire } from "node:module";
import AjvDraft07Module from "ajv";
import Ajv2019Module from "ajv/dist/2019.js";
import Ajv2020Module from "ajv/dist/2020.js";
import type AjvCoreModule from "ajv/dist/core.js";
import type { ErrorObject } from "ajv";
import AjvDraft04Module from "ajv-draft-04";
import addFormatsModule from "ajv-formats";
import { DEFAULT_DIALECT, type Dialect } from "../lite/dialect.js";
import { schemaAsDraft2020 } from "../schema/dialects/to-draft2020.js";
import { UNDEFINED_IN } from "../schema/dialects/dialect-keywords.js";
import type { JsonSchema } from "../schema/types.js";
import type { CandidateError, CandidateResult, CompileContext, RemoteAwareValidatorModule } from "./types.js";

// ajv and its plugins are CommonJS: under NodeNext the class sits on `.default`.
const AjvDraft07 = AjvDraft07Module.default;
const Ajv2019 = Ajv2019Module.default;
const Ajv2020 = Ajv2020Module.default;
const AjvDraft04 = AjvDraft04Module.default;
const addFormats = addFormatsModule.default;
const require = createRequire(import.meta.url);
type AjvCore = AjvCoreModule.default;

export type AjvInstance = AjvCore;

export const AJV_REFERENCE_NAME = "ajv@8.20.0 (class per dialect, ajv-formats 3.0.1)";

/** The Ajv class that reads each JSON Schema draft (OpenAPI 3.0 is translated to 2020-12 first). */
const CLASS_OF: Readonly<Record<Dialect, new (options: object) => AjvCore>> = {
  draft4: AjvDraft04 as unknown as new (options: object) => AjvCore,
  draft6: AjvDraft07,
  draft7: AjvDraft07,
  "draft2019-09": Ajv2019,
  "draft2020-12": Ajv2020,
  "openapi-3.0": Ajv2020,
};

// `id` is a draft-04 word Ajv's later classes refuse to compile, though those drafts read it as an
// annotation. (Ajv also reads OpenAPI's `nullable` in every draft, inside its `type` check, where no
// keyword removal reaches: a known divergence, suites/known-divergences.json.)
const NOT_AFTER_DRAFT4 = ["id"];
// Words 2019-09 and 2020-12 left behind (`dependencies`) or gave another spelling ($recursiveRef in 2020-12).
const LEFT_BEHIND: Partial<Record<Dialect, readonly string[]>> = {
  "draft2019-09": ["dependencies", "$dynamicRef", "$dynamicAnchor"],
  "draft2020-12": ["dependencies", "$recursiveRef", "$recursiveAnchor"],
  "openapi-3.0": ["dependencies", "$recursiveRef", "$recursiveAnchor"],
};

function removeKeywords(ajv: AjvCore, dialect: Dialect): void {
  const undefinedHere = dialect === "openapi-3.0" ? [] : [...UNDEFINED_IN[dialect]];
  const words = [...(dialect === "draft4" ? [] : NOT_AFTER_DRAFT4), ...(LEFT_BEHIND[dialect] ?? []), ...undefinedHere];
  for (const word of words) {
    if (word.startsWith("$") || !ajv.getKeyword(word)) continue;
    ajv.removeKeyword(word);
  }
}

/** A bare instance configured as the reference for `dialect`, for callers that need Ajv itself (the benchmark, compat). */
export function createReferenceAjv(remotes?: Readonly<Record<string, unknown>>, formatAssertion = true, dialect: Dialect = DEFAULT_DIALECT): AjvInstance {
  // Unoptimised code (the optimiser only drops unused names and folds constants, V8 does the same):
  // compiling the 24 default targets takes 85 ms instead of 190, validating a value the same time.
  const ajv = new CLASS_OF[dialect]({ strict: false, allErrors: true, logger: false, validateFormats: formatAssertion, code: { optimize: false } });
  addFormats(ajv as Parameters<typeof addFormats>[0]);
  removeKeywords(ajv, dialect);
  // Draft-06 schemas (and remotes) name their own metaschema, which the draft-07 class can read.
  if (dialect === "draft6" || dialect === "draft7") ajv.addMetaSchema(require("ajv/dist/refs/json-schema-draft-06.json"));
  for (const [uri, document] of Object.entries(remotes ?? {})) {
    // Remotes written for other drafts name meta-schemas a class lacks: add them unvalidated, and
    // drop the few it cannot take at all (only tests referring to them fail, as they would anyway).
    try {
      ajv.addSchema(document as object, uri, undefined, false);
    } catch {
      continue;
    }
  }
  return ajv;
}

/**
 * The schema as the reference compiles it: OpenAPI 3.0 as its 2020-12 translation; any other dialect
 * as written, except a root `$schema` the class already stands for (Ajv knows one spelling of each
 * metaschema URI: "https://json-schema.org/draft-07/schema" would be "no schema with key or ref").
 */
export function referenceSchemaOf(schema: object | boolean, dialect: Dialect): object | boolean {
  if (dialect === "openapi-3.0") return schemaAsDraft2020(schema as JsonSchema, dialect) as object | boolean;
  if (typeof schema !== "object" || !("$schema" in schema)) return schema;
  const { $schema: _declared, ...rest } = schema as Record<string, unknown>;
  return rest;
}

function toCandidateErrors(errors: readonly ErrorObject[] | null | undefined): CandidateError[] {
  return (errors ?? []).map((error) => ({ instancePath: error.instancePath, keyword: error.keyword, message: error.message }));
}

/** Compiles with the given instance and unregisters the schema, even when compiling throws. */
function compileAndForget(ajv: AjvInstance, schema: object | boolean): (value: unknown) => CandidateResult {
  try {
    const validate = ajv.compile(schema);
    return (value) => (validate(value) ? { valid: true } : { valid: false, errors: toCandidateErrors(validate.errors) });
  } finally {
    if (typeof schema === "object") ajv.removeSchema(schema);
  }
}

export interface AjvValidatorOptions {
  /**
   * "shared" (default): one instance per (dialect, remotes set, format assertion), each compiled
   * schema removed afterwards so `$id`s never collide (~0.35 ms per compile). "fresh": a new
   * instance per compile (~8 ms), for when a shared instance is suspected of leaking state.
   */
  readonly isolation?: "shared" | "fresh";
}

export function createAjvValidator(options: AjvValidatorOptions = {}): RemoteAwareValidatorModule {
  const shared = new Map<string, WeakMap<object, AjvInstance>>();
  const noRemotes = {};
  const instanceFor = (context: CompileContext, dialect: Dialect): AjvInstance => {
    const formatAssertion = context.formatAssertion !== false;
    if (options.isolation === "fresh") return createReferenceAjv(context.remotes, formatAssertion, dialect);
    const key = `${dialect}/${formatAssertion}`;
    let byRemotes = shared.get(key);
    if (!byRemotes) shared.set(key, (byRemotes = new WeakMap()));
    const remotes = context.remotes ?? noRemotes;
    let ajv = byRemotes.get(remotes);
    if (!ajv) byRemotes.set(remotes, (ajv = createReferenceAjv(context.remotes, formatAssertion, dialect)));
    return ajv;
  };
  return {
    name: AJV_REFERENCE_NAME,
    supportsRemotes: true,
    compile: (schema: object | boolean, context: CompileContext = {}) => {
      const dialect = context.dialect ?? DEFAULT_DIALECT;
      return compileAndForget(instanceFor(context, dialect), referenceSchemaOf(schema, dialect));
    },
  };
}

export const ajvValidator: RemoteAwareValidatorModule = createAjvValidator();
