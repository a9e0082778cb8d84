// Any CandidateResult becomes a Verdict. A return that breaks the contract is a value the caller
// reports (errored / crash), never a silent "invalid".
import type { CandidateError, Verdict } from "./types.js";

export type NormalizedVerdict =
  | { readonly ok: true; readonly verdict: Verdict }
  | { readonly ok: false; readonly violation: string };

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `${typeof value} ${JSON.stringify(value) ?? String(value)}`;
}

function violation(detail: string): NormalizedVerdict {
  return { ok: false, violation: `validator contract violation: ${detail}` };
}

function readErrors(errors: unknown): CandidateError[] | string {
  if (!Array.isArray(errors)) return `'errors' must be an array, got ${describeType(errors)}`;
  for (const [index, error] of errors.entries()) {
    if (typeof error !== "object" || error === null || typeof (error as CandidateError).instancePath !== "string") {
      return `errors[${index}] must be an object with a string 'instancePath'`;
    }
  }
  return errors as CandidateError[];
}

export function normalizeVerdict(raw: unknown): NormalizedVerdict {
  if (typeof raw === "boolean") return { ok: true, verdict: { valid: raw } };
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return violation(`the validate function must return a boolean or { valid, errors? }, got ${describeType(raw)}`);
  }
  const { valid, errors } = raw as { valid?: unknown; errors?: unknown };
  if (typeof valid !== "boolean") return violation(`'valid' must be a boolean, got ${describeType(valid)}`);
  if (errors === undefined) return { ok: true, verdict: { valid } };
  const checked = readErrors(errors);
  if (typeof checked === "string") return violation(checked);
  return { ok: true, verdict: { valid, errors: checked, errorPaths: checked.map((error) => error.instancePath) } };
}
