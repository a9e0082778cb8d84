// A third opinion for adjudication: the reference (Ajv) with one known divergence corrected. When the
// corrected reference sides with the candidate, that divergence explains the disagreement.
import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { DEFAULT_DIALECT, type Dialect } from "../lite/dialect.js";
import { toDraft2020 } from "../schema/dialects/to-draft2020.js";
import type { JsonSchema } from "../schema/types.js";
import { isExactMultipleOf } from "./exact-multiple-of.js";
import type { CorrectionName } from "./known-divergences.js";
import { dependentSchemasAsIfThen, relevantCorrections, renamePrototypeKeys, withoutNullable } from "./reference-corrections.js";

const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;
type Ajv = InstanceType<typeof Ajv2020>;

// ajv-formats' e-mail expression with the domain's dots made optional (RFC 5321 allows "jx@X").
const DOTLESS_EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

// RFC 3339 Appendix A's duration grammar: a unit may only follow the next larger one (no "PT1H1S").
const RFC3339_DURATION =
  /^P(?:(?:[0-9]+D|[0-9]+M(?:[0-9]+D)?|[0-9]+Y(?:[0-9]+M(?:[0-9]+D)?)?)(?:T(?:[0-9]+H(?:[0-9]+M(?:[0-9]+S)?)?|[0-9]+M(?:[0-9]+S)?|[0-9]+S))?|T(?:[0-9]+H(?:[0-9]+M(?:[0-9]+S)?)?|[0-9]+M(?:[0-9]+S)?|[0-9]+S)|[0-9]+W)$/;

const AJV_DATE_TIME = fullFormats["date-time"] as { validate: (text: string) => boolean };
const AJV_URI = fullFormats.uri as (text: string) => boolean;

// RFC 3986 3.2.3: port = *DIGIT. Ajv's uri expression takes any characters after the host's colon.
const NON_NUMERIC_PORT = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(?:\[[^\]]*\]|[^:/?#[\]@]*):[^/?#]*[^0-9/?#]/i;

/**
 * The reference's options (src/validators/ajv-validator.ts, unoptimised code too) plus the correction. Schemas are not
 * checked against the meta-schema again (the reference compiled them already): a third of the
 * compile time, and corrected references are compiled for each schema in each worker.
 */
function correctedAjv(correction: CorrectionName): Ajv {
  const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false, validateSchema: false, ownProperties: correction === "own-properties", code: { optimize: false } });
  addFormats(ajv);
  if (correction === "exact-multiple-of") {
    ajv.removeKeyword("multipleOf");
    ajv.addKeyword({ keyword: "multipleOf", type: "number", schemaType: "number", errors: false, validate: (divisor: number, value: number) => isExactMultipleOf(value, divisor) });
  }
  if (correction === "dotless-email-domain") ajv.addFormat("email", DOTLESS_EMAIL);
  if (correction === "rfc3339-duration") ajv.addFormat("duration", RFC3339_DURATION);
  if (correction === "rfc3986-numeric-port") ajv.addFormat("uri", (text: string) => AJV_URI(text) && !NON_NUMERIC_PORT.test(text));
  if (correction === "strict-date-time-separator") ajv.addFormat("date-time", (text: string) => /^\d{4}-\d\d-\d\d[Tt]/.test(text) && AJV_DATE_TIME.validate(text));
  return ajv;
}

/** The corrected verdict and, when invalid, the distinct failing instance paths (sorted). */
export interface CorrectedVerdict {
  readonly valid: boolean;
  readonly errorPaths: readonly string[];
}

// One instance per correction for the whole worker: a fresh Ajv with formats costs tens of milliseconds.
const shared = new Map<CorrectionName, Ajv>();

function sharedAjv(correction: CorrectionName): Ajv {
  let ajv = shared.get(correction);
  if (!ajv) shared.set(correction, (ajv = correctedAjv(correction)));
  return ajv;
}

/** Compiled, then unregistered, so two schemas with the same $id never collide. */
function compileAndForget(ajv: Ajv, schema: object | boolean) {
  try {
    return ajv.compile(schema);
  } finally {
    if (typeof schema === "object") ajv.removeSchema(schema);
  }
}

export type CorrectedValidate = (value: unknown) => CorrectedVerdict;

/** One call's verdict. Only error-location adjudication reads the paths, so they are worked out on demand. */
function verdictOf(valid: boolean, errors: readonly { readonly instancePath: string }[]): CorrectedVerdict {
  let paths: readonly string[] | undefined;
  return {
    valid,
    get errorPaths() {
      return (paths ??= [...new Set(errors.map((error) => error.instancePath))].sort());
    },
  };
}

/**
 * Compiles lazily, once per correction, and remembers a compile failure as "no opinion". Every
 * correction reads the schema as the spec reads its dialect: its 2020-12 translation (`$ref`'s
 * siblings gone in drafts up to 7), without OpenAPI's `nullable` outside OpenAPI.
 */
export class CorrectedReference {
  private readonly compiled = new Map<CorrectionName, CorrectedValidate | null>();
  /** The corrections that can matter for this schema; the others are never asked. */
  readonly relevant: ReadonlySet<CorrectionName>;
  private readonly schema: object | boolean;

  constructor(declared: object | boolean, dialect: Dialect = DEFAULT_DIALECT) {
    const reading = toDraft2020(declared as JsonSchema, dialect).schema;
    this.schema = (dialect === "openapi-3.0" ? reading : withoutNullable(reading)) as object | boolean;
    this.relevant = relevantCorrections(this.schema, declared, dialect);
  }

  /** The corrected verdict, or null when the correction has no opinion on this schema. */
  verdict(correction: CorrectionName, value: unknown): CorrectedVerdict | null {
    if (!this.relevant.has(correction)) return null;
    const validate = this.validatorFor(correction);
    if (!validate) return null;
    try {
      return validate(correction === "rename-prototype-keys" ? renamePrototypeKeys(value, this.schema) : value);
    } catch {
      return null;
    }
  }

  private validatorFor(correction: CorrectionName): CorrectedValidate | null {
    if (!this.compiled.has(correction)) {
      try {
        const schema = (correction === "dependent-schemas-as-if-then" ? dependentSchemasAsIfThen(this.schema) : this.schema) as object | boolean;
        const validate = compileAndForget(sharedAjv(correction), schema);
        this.compiled.set(correction, (value) => {
          const valid = validate(value) === true;
          return verdictOf(valid, valid ? [] : (validate.errors ?? []));
        });
      } catch {
        this.compiled.set(correction, null);
      }
    }
    return this.compiled.get(correction) ?? null;
  }
}
