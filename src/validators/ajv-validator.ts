// The reference: Ajv 2020 (draft 2020-12) with ajv-formats, strict off, all errors.
// Known divergences (shared/known-divergences.md) stay as Ajv has them, so adjudication can name them:
// multipleOf by float division (0.01 rejects 19.99), `required` counts inherited properties
// (`required: ["toString"]` passes `{}`), deep recursion overflows the stack, catastrophic regexes hang.
import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { ErrorObject } from "ajv";
import type { CandidateError, CandidateResult, CompileContext, RemoteAwareValidatorModule } from "./types.js";

// ajv and ajv-formats are CommonJS: under NodeNext the class sits on `.default`.
const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;
export type AjvInstance = InstanceType<typeof Ajv2020>;

export const AJV_REFERENCE_NAME = "ajv@8.20.0 (draft 2020-12, ajv-formats 3.0.1)";

export interface AjvValidatorOptions {
  /**
   * "shared" (default): one instance per remotes set, each compiled schema removed afterwards so
   * `$id`s never collide (~0.35 ms per compile). "fresh": a new instance per compile (~8 ms), for
   * when a shared instance is suspected of leaking state between schemas.
   */
  readonly isolation?: "shared" | "fresh";
}

/** A bare instance configured as the reference, for callers that need Ajv itself (the benchmark). */
export function createReferenceAjv(remotes?: Readonly<Record<string, unknown>>, formatAssertion = true): AjvInstance {
  const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false, validateFormats: formatAssertion });
  addFormats(ajv);
  for (const [uri, document] of Object.entries(remotes ?? {})) {
    // Remotes written for other drafts name meta-schemas Ajv2020 lacks: add them unvalidated, and
    // drop the few it cannot take at all (only tests referring to them fail, as they would anyway).
    try {
      ajv.addSchema(document as object, uri, undefined, false);
    } catch {
      continue;
    }
  }
  return ajv;
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

export function createAjvValidator(options: AjvValidatorOptions = {}): RemoteAwareValidatorModule {
  // One shared instance per (remotes set, format assertion on/off).
  const sharedByRemotes = [new WeakMap<object, AjvInstance>(), new WeakMap<object, AjvInstance>()] as const;
  const noRemotes = {};
  const instanceFor = (context: CompileContext): AjvInstance => {
    const formatAssertion = context.formatAssertion !== false;
    if (options.isolation === "fresh") return createReferenceAjv(context.remotes, formatAssertion);
    const key = context.remotes ?? noRemotes;
    const shared = sharedByRemotes[formatAssertion ? 1 : 0];
    let ajv = shared.get(key);
    if (!ajv) shared.set(key, (ajv = createReferenceAjv(context.remotes, formatAssertion)));
    return ajv;
  };
  return {
    name: AJV_REFERENCE_NAME,
    supportsRemotes: true,
    compile: (schema: object | boolean, context: CompileContext = {}) => compileAndForget(instanceFor(context), schema),
  };
}

export const ajvValidator: RemoteAwareValidatorModule = createAjvValidator();
