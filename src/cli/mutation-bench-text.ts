// The readable view of a mutation benchmark: one line per mutant (found at which case, by which
// family), then the totals and the median time to detect. It only formats.
import type { MutationBenchResult } from "../diff/index.js";

export function formatMutationBenchText(result: MutationBenchResult): string {
  const lines = [`mutation bench: lite mutants against ajv · seed ${result.seed} · up to ${result.runsPerSchema} cases per schema`];
  if (result.baselineFinding) lines.push(`  warning: lite itself fails on ${result.baselineFinding.schemaId} (${result.baselineFinding.feature}): detections may not be the mutants'`);
  for (const mutant of result.mutants) {
    const where = mutant.finding ? `case ${mutant.firstCase} · ${mutant.finding.family} → ${mutant.finding.direction} ${mutant.finding.feature} on ${mutant.finding.schemaId}` : "not found";
    lines.push(`  ${mutant.found ? "found" : "MISSED"}  ${mutant.id.padEnd(36)} ${String(mutant.schemas).padStart(3)} schemas  ${where}`);
  }
  lines.push("", `${result.found} of ${result.total} mutants found; median cases to the first finding: ${result.medianFirstCase ?? "-"}`);
  return `${lines.join("\n")}\n`;
}
