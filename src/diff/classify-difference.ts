// Which class a differing case falls in: the feature at the failing path, the path with array indexes
// folded, and the direction. Cases in one class are one finding; shrinking must stay in the class.
import { FEATURES } from "../schema/features.js";
import type { CandidateError } from "../validators/types.js";
import { errorAt, errorPathDifference, type Difference, type Outcome } from "./compare-outcomes.js";

/** What a generator says about a case: its family, where its one defect is, and the ground truth. */
export interface FuzzCase {
  readonly value: unknown;
  readonly family: string;
  /** JSON Pointer into the instance where the defect sits ("" for valid cases). */
  readonly path: string;
  /** Feature id of the defect ("" for valid cases). */
  readonly feature: string;
  /** Valid by construction (true), invalid by construction (false), or unknown (null). */
  readonly expectedValid: boolean | null;
}

/** Families whose values carry no defect: their class comes from the validators' errors instead. */
export const DEFECT_FREE_FAMILIES: ReadonlySet<string> = new Set(["valid", "faker", "regression"]);

export interface DifferenceClass {
  readonly direction: Difference;
  readonly feature: string;
  readonly path: string;
  readonly pathPattern: string;
}

/** `/items/3/tags/0` → `/items/*\/tags/*`: one class for every index. */
export function pathPatternOf(path: string): string {
  return path.replace(/\/(0|[1-9][0-9]*)(?=\/|$)/g, "/*");
}

export function classifyDifference(fuzzCase: FuzzCase, difference: Difference, candidate: Outcome, reference: Outcome): DifferenceClass {
  const located = locateDifference(fuzzCase, difference, candidate, reference);
  return { direction: difference, ...located, pathPattern: pathPatternOf(located.path) };
}

/** What tells crashes apart: the error text with numbers and quoted parts blanked, first line only. */
export function crashSignature(error: string | undefined): string {
  return (error ?? "").split("\n")[0]!.replace(/\d+/g, "#").replace(/"[^"]*"|'[^']*'/g, "…").slice(0, 120);
}

function locateDifference(fuzzCase: FuzzCase, difference: Difference, candidate: Outcome, reference: Outcome): { feature: string; path: string } {
  // A throw is about the validator, not about one feature of the value: one class per kind of error.
  if (difference === "crash") return { feature: "any", path: "" };
  if (difference === "reference-crash") return { feature: "reference", path: "" };
  if (difference === "error-location") {
    const { candidateOnly, referenceOnly } = errorPathDifference(candidate, reference);
    const path = [...candidateOnly, ...referenceOnly].sort()[0] ?? "";
    const error = errorAt(candidateOnly.includes(path) ? candidate : reference, path);
    return { feature: error?.keyword ?? "unknown", path };
  }
  // The side that said "invalid" names the keyword; the other side has nothing to say.
  const deciding = difference === "too-lax" ? reference : difference === "too-strict" ? candidate : undefined;
  const errors = deciding?.kind === "verdict" ? (deciding.errors ?? []) : [];
  const hasDefect = !DEFECT_FREE_FAMILIES.has(fuzzCase.family) && fuzzCase.feature !== "";
  // A near miss names its class only when the errors are about its defect: a value can also differ
  // somewhere else (a valid part the two validators read differently).
  if (hasDefect && (errors.length === 0 || errors.some((error) => defectExplains(fuzzCase, error)))) return { feature: fuzzCase.feature, path: fuzzCase.path };
  const error = errors[0];
  if (error) return { feature: error.keyword ?? "unknown", path: error.instancePath };
  return { feature: hasDefect ? fuzzCase.feature : "any", path: fuzzCase.path };
}

/** The error sits at the defect (or inside it), or at its parent with one of the defect's own keywords. */
function defectExplains(fuzzCase: FuzzCase, error: CandidateError): boolean {
  const defect = fuzzCase.path;
  if (error.instancePath === defect || error.instancePath.startsWith(`${defect}/`)) return true;
  const parent = defect.slice(0, Math.max(0, defect.lastIndexOf("/")));
  const keywords = FEATURES.find((feature) => feature.id === fuzzCase.feature)?.keywords ?? [];
  return defect !== "" && error.instancePath === parent && error.keyword !== undefined && keywords.includes(error.keyword);
}
