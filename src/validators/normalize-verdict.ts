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

function violation(message: string): NormalizedVerdict {
  return { ok: false, violation: message };
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
  const checked = checkVerdict(raw);
  if (typeof checked === "string") return violation(checked);
  const { valid, errors } = checked;
  return { ok: true, verdict: errors === undefined ? { valid } : { valid, errors, errorPaths: errors.map((error) => error.instancePath) } };
}

/**
 * The contract check alone, without the copies normalizeVerdict adds (`errorPaths`): what the fuzz
 * loop calls on every case. A string says how the return breaks the contract.
 */
export function checkVerdict(raw: unknown): { readonly valid: boolean; readonly errors?: readonly CandidateError[] } | string {
  if (typeof raw === "boolean") return raw ? VALID : INVALID;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return `validator contract violation: the validate function must return a boolean or { valid, errors? }, got ${describeType(raw)}`;
  }
  const { valid, errors } = raw as { valid?: unknown; errors?: unknown };
  if (typeof valid !== "boolean") return `validator contract violation: 'valid' must be a boolean, got ${describeType(valid)}`;
  if (errors === undefined) return valid ? VALID : INVALID;
  const checked = readErrors(errors);
  if (typeof checked === "string") return `validator contract violation: ${checked}`;
  return { valid, errors: checked };
}

// Shared, typed readonly (not frozen: a frozen object's map differs from the verdicts built above).
const VALID: { readonly valid: boolean } = { valid: true };
const INVALID: { readonly valid: boolean } = { valid: false };
