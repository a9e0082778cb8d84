// Structural breaks witnessed before any search: where the diff knows what the target rejects (the
// removed enum value, values past the new bound, the new required property left out, another shape
// under a newly declared name...), its focus pins that part of the value and forcePath makes the way
// to it mandatory; the rest of the value is filled in with a fixed seed, so the witness does not
// depend on the run's seed or `--runs`. The reference judges every value: the source must accept it
// and the target reject it with an error at the candidate's own place.
import type { StructuralCandidate, Witness } from "./compat-types.js";
import { findCounterexample } from "./differential-search.js";
import { drawableValues } from "./drawable-schema.js";
import { forcePath } from "./force-path.js";
import { replaceSubschema } from "./focus-schema.js";
import type { ReferenceCheck } from "./reference-check.js";
import { witnessedBy } from "./witnessed-by.js";

/** Values filled in around the pinned part before a candidate counts as not constructible. */
const CONSTRUCTION_DRAWS = 40;
const CONSTRUCTION_SEED = 0x0c0de;
const CONSTRUCTION_SHRINK_STEPS = 400;

export interface Construction {
  readonly witnesses: readonly Witness[];
  /** Values checked, shrink steps aside. */
  readonly cases: number;
  /** Candidates with a focus no value could be built for, and why. */
  readonly notes: readonly string[];
}

export function constructWitnesses(candidates: readonly StructuralCandidate[], source: ReferenceCheck, target: ReferenceCheck): Construction {
  const witnesses: Witness[] = [];
  const notes: string[] = [];
  let cases = 0;
  for (const candidate of candidates) {
    if (candidate.focus === undefined) continue;
    if (witnesses.some((witness) => witness.errors.some((error) => witnessedBy(candidate, error)))) continue;
    // Every error counts, those inside a failed anyOf/oneOf too: the focus steered the value into that branch.
    const wanted = (value: unknown) => source(value).valid && target(value).errors.some((error) => witnessedBy(candidate, error));
    const outcome = constructOne(candidate, wanted);
    cases += outcome.cases;
    if (outcome.value !== undefined) witnesses.push({ value: outcome.value, errors: target(outcome.value).errors, foundBy: "constructed" });
    notes.push(...outcome.notes);
  }
  return { witnesses, cases, notes };
}

function constructOne(candidate: StructuralCandidate, wanted: (value: unknown) => boolean): { value?: unknown; cases: number; notes: string[] } {
  const focus = candidate.focus!;
  let cases = 0;
  const notes: string[] = [];
  // The values the diff knows come first: the rest of the value is drawn around each pinned one.
  const pinned = (focus.pins ?? []).map((pin) => replaceSubschema(focus.root, focus.at, { const: pin }));
  for (const root of [...pinned.map((schema) => forcePath(schema, focus.at)), forcePath(focus.root, focus.at), focus.root]) {
    const drawable = drawableValues(root);
    notes.push(...drawable.leftOut);
    if (!drawable.ok) continue;
    const found = findCounterexample(drawable.arbitrary, wanted, { seed: CONSTRUCTION_SEED, runs: CONSTRUCTION_DRAWS, shrinkSteps: CONSTRUCTION_SHRINK_STEPS });
    cases += found.cases;
    if (found.value !== undefined) return { value: found.value.value, cases, notes };
  }
  return { cases, notes };
}
