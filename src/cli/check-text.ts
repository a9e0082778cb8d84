// The `check` text view: a schema × target table with verdicts and fallback rungs, then, per row that
// is not native, the lines to act on (changes, ignored features, rejections) with their paths.
import type { CheckResult, CheckSection, CheckVerdict } from "../report/model.js";

const VERDICTS: readonly CheckVerdict[] = ["native", "translated", "needs-local-validation", "rejected"];

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + " ".repeat(width - text.length);
}

const where = (path: string): string => path || "(root)";

export function formatCheckSummary(section: CheckSection): string {
  const counts = VERDICTS.map((verdict) => `${section.results.filter((result) => result.verdict === verdict).length} ${verdict}`);
  const schemas = new Set(section.results.map((result) => result.schemaId)).size;
  const targets = new Set(section.results.map((result) => result.target)).size;
  return `check (${section.source} profiles): ${schemas} schema(s), ${targets} target(s), ${section.results.length} pair(s): ${counts.join(", ")}\n`;
}

function formatTable(results: readonly CheckResult[]): string {
  const header = ["schema", "target", "verdict", "fallback"];
  const rows = results.map((result) => [result.schemaId, result.target, result.verdict, result.fallback.rung]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: readonly string[]): string => cells.map((cell, column) => pad(cell, widths[column]!)).join("  ").trimEnd();
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join("\n") + "\n";
}

const PLACES_SHOWN = 4;

function places(entry: CheckResult["ignored"][number]): string {
  const all = [entry.path, ...(entry.alsoAt ?? [])].map(where);
  const more = all.length > PLACES_SHOWN ? ` and ${all.length - PLACES_SHOWN} more` : "";
  return `${all.slice(0, PLACES_SHOWN).join(", ")}${more}`;
}

/** Ignored features grouped by why; those a lossy change already shows (`!`) are not repeated. */
function formatIgnored(result: CheckResult): string[] {
  const shown = new Set(result.changes.filter((change) => change.lossy).map((change) => `${change.feature ?? change.keyword}\u0000${change.path}`));
  const byNote = new Map<string, string[]>();
  for (const entry of result.ignored) {
    if (shown.has(`${entry.feature}\u0000${entry.path}`)) continue;
    const note = entry.note ?? "not enforced";
    const line = `      ${entry.feature} at ${places(entry)}`;
    const lines = byNote.get(note);
    if (lines) lines.push(line);
    else byNote.set(note, [line]);
  }
  return [...byNote].flatMap(([note, lines]) => [`  ? ${note}:`, ...lines]);
}

function formatDetails(result: CheckResult): string {
  const lines = [`${result.schemaId} on ${result.target}: ${result.verdict}`];
  for (const change of result.changes) {
    lines.push(`  ${change.lossy ? "! " : "~ "}${where(change.path)}  ${change.keyword} ${change.kind}${change.lossy ? " (lossy)" : ""}: ${change.reason}`);
  }
  lines.push(...formatIgnored(result));
  for (const entry of result.rejected) lines.push(`  x ${where(entry.path)}  ${entry.feature} rejected: ${entry.error}`);
  lines.push(`  -> ${result.fallback.rung}: ${result.fallback.reason}`);
  return lines.join("\n") + "\n";
}

export function formatCheckText(section: CheckSection): string {
  const details = section.results.filter((result) => result.verdict !== "native").map(formatDetails);
  const legend = "~ lossless change   ! lossy change (validate locally)   ? not enforced   x rejected   -> fallback\n";
  return [formatCheckSummary(section), formatTable(section.results), details.length > 0 ? legend : "", ...details].filter(Boolean).join("\n");
}
