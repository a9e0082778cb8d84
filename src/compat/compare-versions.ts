// One schema, two versions, one direction. The structural diff suspects; each suspicion whose witness
// the diff knows is built and checked first; then the search draws values by count. Three outcomes:
// breaking (a value Ajv accepts under the version that must keep accepting and rejects under the
// other), compatible (the search ran to its count and found none: suspicions no value witnessed are
// listed as unconfirmed, since the structural diff reads schemas as written and over-reports), and
// undetermined (a search that could not run, so a suspicion stays open).
import { deepEqual } from "../lite/deep-equal.js";
import type { CompatChange, CompatResult } from "../report/model.js";
import type { DeclaredSchema, JsonSchema } from "../schema/types.js";
import { isSchemaObject, walkSchema } from "../schema/walk-schema.js";
import { attributeBreaks } from "./attribute-breaks.js";
import type { CompatDirection, StructuralCandidate, Witness } from "./compat-types.js";
import { constructWitnesses } from "./construct-witness.js";
import { searchBreaks, type SearchOutcome } from "./differential-search.js";
import { compileReferenceCheck } from "./reference-check.js";
import { planSearches } from "./search-plans.js";
import { diffStructure } from "./structural-diff.js";
import { classifyVersionMove } from "./version-bump.js";
import { witnessedBy } from "./witnessed-by.js";
import { causeErrors } from "./reference-check.js";

export interface CompareSettings {
  /** Values drawn per search round. */
  readonly runs: number;
  readonly seed: number;
  /** The command line that reproduces this run, attached to every counterexample. */
  readonly replay: string;
}

/** Distinct breaks one search plan reports before it stops: enough for a checklist. */
const MAX_BREAKS_PER_PLAN = 6;
/** Shrink candidates tried per counterexample found by the search. */
const SHRINK_STEPS = 400;

export function compareVersions(oldSchema: DeclaredSchema, newSchema: DeclaredSchema, direction: CompatDirection, settings: CompareSettings): CompatResult {
  const move = classifyVersionMove(oldSchema.version, newSchema.version);
  const base = {
    schemaId: newSchema.id,
    oldVersion: oldSchema.version,
    newVersion: newSchema.version,
    direction,
    versionBumped: move.announcesBreak,
    versionChange: move.change,
  };
  if (deepEqual(oldSchema.schema, newSchema.schema)) return { ...base, verdict: "compatible", changes: [], cases: 0, notes: ["unchanged"] };
  if (deepEqual(withoutAnnotations(oldSchema.schema), withoutAnnotations(newSchema.schema))) {
    return { ...base, verdict: "compatible", changes: [], cases: 0, notes: ["only annotations changed (descriptions, titles, examples...)"] };
  }
  const [source, target] = direction === "backward" ? [oldSchema.schema, newSchema.schema] : [newSchema.schema, oldSchema.schema];
  if (source === false) return { ...base, verdict: "compatible", changes: [], cases: 0, notes: ["the side that must keep accepting accepts nothing"] };
  const candidates = diffStructure(source, target);
  const [sourceCheck, targetCheck] = [compileReferenceCheck(source), compileReferenceCheck(target)];
  const construction = constructWitnesses(candidates, sourceCheck, targetCheck);
  const open = candidates.filter((candidate) => !isWitnessed(candidate, construction.witnesses));
  const planned = planSearches(source, target, open, settings.seed);
  const witnesses: Witness[] = [...construction.witnesses];
  const notes = [...construction.notes, ...planned.notes];
  const outcomes = new Map<string, SearchOutcome>();
  for (const plan of planned.plans) {
    const outcome = searchBreaks(sourceCheck, targetCheck, plan, { runs: settings.runs, maxBreaks: MAX_BREAKS_PER_PLAN, shrinkSteps: SHRINK_STEPS });
    outcomes.set(plan.label, outcome);
    witnesses.push(...outcome.witnesses);
    notes.push(...outcome.problems.map((problem) => `search stopped early on ${problem}`));
  }
  const cases = construction.cases + [...outcomes.values()].reduce((sum, outcome) => sum + outcome.cases, 0);
  const changes = orderChanges(attributeBreaks(candidates, witnesses, direction, settings.replay));
  const confirmed = changes.filter((change) => change.status === "confirmed");
  const counterexample = confirmed.find((change) => change.counterexample)?.counterexample;
  const undetermined = confirmed.length > 0 ? [] : openQuestions(candidates, witnesses, planned, outcomes);
  return {
    ...base,
    verdict: confirmed.length > 0 ? "breaking" : undetermined.length > 0 ? "undetermined" : "compatible",
    changes,
    cases,
    ...(undetermined.length > 0 ? { undetermined } : {}),
    ...(counterexample ? { counterexample } : {}),
    ...(notes.length > 0 ? { notes: [...new Set(notes)] } : {}),
  };
}

const ANNOTATIONS = ["title", "description", "examples", "default", "$comment", "deprecated", "readOnly", "writeOnly"];

/** A copy without the keywords no validator checks, read as schema keywords only (a property named `description` stays). */
function withoutAnnotations(schema: JsonSchema): JsonSchema {
  const copy = structuredClone(schema);
  walkSchema(copy, ({ schema: sub }) => {
    if (isSchemaObject(sub)) for (const keyword of ANNOTATIONS) delete sub[keyword];
  });
  return copy;
}

function isWitnessed(candidate: StructuralCandidate, witnesses: readonly Witness[]): boolean {
  return witnesses.some((witness) => (witness.foundBy === "constructed" ? witness.errors : causeErrors(witness.errors)).some((error) => witnessedBy(candidate, error)));
}

/**
 * Why nothing can be concluded: the valid-value search could not run to its count, and a suspected
 * change was not witnessed and not searched to the end by a plan aimed at it.
 */
function openQuestions(
  candidates: readonly StructuralCandidate[],
  witnesses: readonly Witness[],
  planned: ReturnType<typeof planSearches>,
  outcomes: ReadonlyMap<string, SearchOutcome>,
): string[] {
  const valid = outcomes.get("valid");
  if (valid?.complete === true) return [];
  const reasons = [`the search of values valid under the accepting version could not run: ${planned.validProblem ?? valid?.problems.join("; ") ?? "no plan"}`];
  for (const candidate of candidates) {
    if (isWitnessed(candidate, witnesses) || planned.unreachable.has(candidate)) continue;
    const aimed = planned.plans.find((plan) => plan.aims.includes(candidate));
    if (aimed && outcomes.get(aimed.label)?.complete === true) continue;
    reasons.push(`${candidate.path || "(root)"} (${candidate.topic}) suspected, not witnessed, and no search of it ran`);
  }
  return reasons;
}

/** Confirmed breaks first (structural, then search), then what stayed unconfirmed; each group by path. */
function orderChanges(changes: readonly CompatChange[]): CompatChange[] {
  const rank = (change: CompatChange) => (change.status === "unconfirmed" ? 2 : change.method === "search" ? 1 : 0);
  return [...changes].sort((x, y) => rank(x) - rank(y) || (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
}
