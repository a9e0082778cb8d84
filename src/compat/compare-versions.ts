// One schema, two versions, one direction: the structural diff suspects, the search witnesses, and the
// verdict combines them. Breaking means witnessed: a value Ajv accepts under the version that must
// keep accepting and rejects under the other. A structural candidate the search cannot witness is
// reported as unconfirmed (for review) and does not break: the structural diff reads schemas as
// written and over-reports (an alternative no value used), while a witness is a proof.
import { deepEqual } from "../lite/deep-equal.js";
import type { CompatChange, CompatResult } from "../report/model.js";
import type { DeclaredSchema } from "../schema/types.js";
import { attributeBreaks } from "./attribute-breaks.js";
import type { CompatDirection, Witness } from "./compat-types.js";
import { searchBreaks } from "./differential-search.js";
import { compileReferenceCheck } from "./reference-check.js";
import { planSearches } from "./search-plans.js";
import { diffStructure } from "./structural-diff.js";
import { classifyVersionMove } from "./version-bump.js";

export interface CompareSettings {
  /** Values drawn per search round. */
  readonly runs: number;
  readonly seed: number;
  /** The command line that reproduces this run, attached to every counterexample. */
  readonly replay: string;
}

/** Distinct breaks one search plan reports before it stops: enough for a checklist, bounded in time. */
const MAX_BREAKS_PER_PLAN = 6;

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
  if (deepEqual(oldSchema.schema, newSchema.schema)) return { ...base, verdict: "compatible", changes: [], notes: ["unchanged"] };
  const [source, target] = direction === "backward" ? [oldSchema.schema, newSchema.schema] : [newSchema.schema, oldSchema.schema];
  const candidates = diffStructure(source, target);
  const [sourceCheck, targetCheck] = [compileReferenceCheck(source), compileReferenceCheck(target)];
  const { plans, skipped } = planSearches(source, target, candidates, { seed: settings.seed, scope: `${newSchema.id} ${direction}` });
  const witnesses: Witness[] = [];
  const notes = skipped.map((reason) => `search skipped ${reason}`);
  for (const plan of plans) {
    const outcome = searchBreaks(sourceCheck, targetCheck, plan, { runs: settings.runs, maxBreaks: MAX_BREAKS_PER_PLAN });
    witnesses.push(...outcome.witnesses);
    notes.push(...outcome.problems.map((problem) => `search stopped early on ${problem}`));
  }
  const changes = orderChanges(attributeBreaks(candidates, witnesses, direction, settings.replay));
  const confirmed = changes.filter((change) => change.status === "confirmed");
  const counterexample = confirmed.find((change) => change.counterexample)?.counterexample;
  return {
    ...base,
    verdict: confirmed.length > 0 ? "breaking" : "compatible",
    changes,
    ...(counterexample ? { counterexample } : {}),
    ...(notes.length > 0 ? { notes } : {}),
  };
}

/** Confirmed breaks first (structural, then search), then what stayed unconfirmed; each group by path. */
function orderChanges(changes: readonly CompatChange[]): CompatChange[] {
  const rank = (change: CompatChange) => (change.status === "unconfirmed" ? 2 : change.method === "search" ? 1 : 0);
  return [...changes].sort((x, y) => rank(x) - rank(y) || (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
}
