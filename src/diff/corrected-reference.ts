// A third opinion for adjudication: the reference (Ajv) with one known divergence corrected. When the
// corrected reference sides with the candidate, that divergence explains the disagreement.
import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { isExactMultipleOf } from "./exact-multiple-of.js";
import type { CorrectionName } from "./known-divergences.js";

const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;
type Ajv = InstanceType<typeof Ajv2020>;

// ajv-formats' e-mail expression with the domain's dots made optional (RFC 5321 allows "jx@X").
const DOTLESS_EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/** The reference's options (src/validators/ajv-validator.ts) plus the correction. */
function correctedAjv(correction: CorrectionName): Ajv {
  const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false, ownProperties: correction === "own-properties" });
  addFormats(ajv);
  if (correction === "exact-multiple-of") {
    ajv.removeKeyword("multipleOf");
    ajv.addKeyword({ keyword: "multipleOf", type: "number", schemaType: "number", errors: false, validate: (divisor: number, value: number) => isExactMultipleOf(value, divisor) });
  }
  if (correction === "dotless-email-domain") ajv.addFormat("email", DOTLESS_EMAIL);
  return ajv;
}

/** The corrected verdict and, when invalid, the distinct failing instance paths (sorted). */
export interface CorrectedVerdict {
  readonly valid: boolean;
  readonly errorPaths: readonly string[];
}

export type CorrectedValidate = (value: unknown) => CorrectedVerdict;

/** Compiles lazily, once per correction, and remembers a compile failure as "no opinion". */
export class CorrectedReference {
  private readonly compiled = new Map<CorrectionName, CorrectedValidate | null>();

  constructor(private readonly schema: object | boolean) {}

  /** The corrected verdict, or null when the corrected reference cannot judge this schema. */
  verdict(correction: CorrectionName, value: unknown): CorrectedVerdict | null {
    const validate = this.validatorFor(correction);
    if (!validate) return null;
    try {
      return validate(value);
    } catch {
      return null;
    }
  }

  private validatorFor(correction: CorrectionName): CorrectedValidate | null {
    if (!this.compiled.has(correction)) {
      try {
        const validate = correctedAjv(correction).compile(this.schema);
        this.compiled.set(correction, (value) => {
          const valid = validate(value) === true;
          return { valid, errorPaths: valid ? [] : [...new Set((validate.errors ?? []).map((error) => error.instancePath))].sort() };
        });
      } catch {
        this.compiled.set(correction, null);
      }
    }
    return this.compiled.get(correction) ?? null;
  }
}
