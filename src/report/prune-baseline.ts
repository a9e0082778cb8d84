// `report --prune-baseline`: the baseline without what the current run no longer finds (fuzz
// findings whose cause is gone, for validators both fuzzed). Everything else of the baseline stays:
// pruning never accepts a new finding, it only forgets fixed ones.
import { findingCauseKey } from "./compute-drift.js";
import type { ResultsDocument, Section } from "./model.js";
import { sectionsOfKind } from "./model.js";

export function pruneBaseline(baseline: ResultsDocument, current: ResultsDocument): ResultsDocument {
  const fuzzed = new Set(sectionsOfKind(current, "fuzz").map((section) => section.validator));
  const stillFound = new Set(sectionsOfKind(current, "fuzz").flatMap((section) => section.findings.map((finding) => findingCauseKey(section.validator, finding))));
  const sections = baseline.sections.map((section): Section => {
    if (section.kind !== "fuzz" || !fuzzed.has(section.validator)) return section;
    return { ...section, findings: section.findings.filter((finding) => stillFound.has(findingCauseKey(section.validator, finding))) };
  });
  const { drift: _drift, ...rest } = baseline;
  return { ...rest, sections };
}
