// Warnings about how far a fuzz run can be trusted per schema: a schema that met fewer than 5 near
// misses was hardly tested for what validators get wrong. Derived from the per-schema source counts,
// so a merge of shards recomputes the same warnings as the unsharded run.
import type { FuzzSection, FuzzTargetTotals } from "./model.js";

export const MIN_NEAR_MISSES = 5;

export function fewNearMissWarnings(targets: readonly FuzzTargetTotals[]): NonNullable<FuzzSection["warnings"]> {
  return targets
    .filter((target) => target.sources !== undefined && target.cases > 0 && target.sources.nearMiss < MIN_NEAR_MISSES)
    .map((target) => {
      const nearMiss = target.sources!.nearMiss;
      // 13 cases of the even mix hold at least 5 near-miss slots: fewer means the generators found no place.
      const why = target.cases < 13 ? "too few cases for this schema: raise --runs" : "the near-miss generators found few places for a defect in this schema";
      return { schemaId: target.schemaId, kind: "few-near-misses" as const, message: `${nearMiss} near misses in ${target.cases} cases (fewer than ${MIN_NEAR_MISSES}): ${why}` };
    });
}
