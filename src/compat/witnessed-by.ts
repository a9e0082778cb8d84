// When does a target error witness a structural candidate: it sits under one of the candidate's
// witness paths and agrees with its params (a `required` error names the candidate's property).
import { isPointerWithin } from "../schema/json-pointer.js";
import type { ReferenceError, StructuralCandidate } from "./compat-types.js";

export function witnessedBy(candidate: StructuralCandidate, error: ReferenceError): boolean {
  if (!candidate.witnessPaths.some((path) => isPointerWithin(error.schemaPath, path))) return false;
  return Object.entries(candidate.witnessParams ?? {}).every(([key, value]) => !(key in error.params) || error.params[key] === value);
}
