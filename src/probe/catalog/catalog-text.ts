// The text view of `probe --catalog`: per tool and target, check's prediction beside the measured
// verdict, the sites that did not read as check predicted, then every difference.
import type { ProbeCatalogResult } from "../../report/model.js";

export function catalogLines(results: readonly ProbeCatalogResult[] | undefined): string[] {
  if (results === undefined) return [];
  const lines = [`  catalog: ${results.length} tool × target pairs, ${results.reduce((sum, result) => sum + result.requests, 0)} requests`];
  for (const result of results) {
    const counts = new Map<string, number>();
    for (const site of result.sites) counts.set(site.status, (counts.get(site.status) ?? 0) + 1);
    const sites = [...counts].map(([status, count]) => `${count} ${status}`).join(" · ") || "no sites";
    const mark = result.differences.length > 0 ? "≠" : "=";
    lines.push(`    ${result.schemaId} on ${result.target}: check ${result.predicted} ${mark} measured ${result.measured} (${sites}; ${result.requests} requests)`);
  }
  const differences = results.flatMap((result) => result.differences);
  lines.push(differences.length === 0 ? "  no differences from check" : `  ${differences.length} differences from check:`);
  for (const difference of differences) lines.push(`    ${difference}`);
  return lines;
}
