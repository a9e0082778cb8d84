// The `check` text view: a schema × target table with verdicts and fallback rungs, then, per row that
// is not native, the lines to act on (changes, ignored features, rejections) with their paths.
import type { CheckTotals } from "../check/check-catalog-files.js";
import type { CheckResult, CheckSection, CheckVerdict, FallbackRung } from "../report/model.js";

const VERDICTS: readonly CheckVerdict[] = ["native", "translated", "needs-local-validation", "rejected"];

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + " ".repeat(width - text.length);
}

const where = (path: string): string => path || "(root)";

export function formatCheckSummary(section: CheckSection): string {
  const verdicts = Object.fromEntries(VERDICTS.map((verdict) => [verdict, section.results.filter((result) => result.verdict === verdict).length]));
  const schemas = new Set(section.results.map((result) => result.schemaId)).size;
  const targets = new Set(section.results.map((result) => result.target)).size;
  return formatCheckTotals(section.source, { schemas, targets, pairs: section.results.length, verdicts: verdicts as CheckTotals["verdicts"] });
}

/** The summary line from counts alone, for a check streamed without its results in memory. */
export function formatCheckTotals(source: CheckSection["source"], totals: CheckTotals): string {
  const counts = VERDICTS.map((verdict) => `${totals.verdicts[verdict]} ${verdict}`);
  return `check (${source} profiles): ${totals.schemas} schema(s), ${totals.targets} target(s), ${totals.pairs} pair(s): ${counts.join(", ")}\n`;
}

const TABLE_HEADER = ["schema", "target", "verdict", "fallback"] as const;
const RUNGS: readonly FallbackRung[] = ["strict-native", "compatible-fallback-model", "validate-and-retry", "human-review", "no-action"];

/** Column widths known before the first row: the longest id, the longest target, the longest verdict. */
export function tableWidths(longestId: number, targets: readonly string[]): number[] {
  return [Math.max(TABLE_HEADER[0].length, longestId), Math.max(TABLE_HEADER[1].length, ...targets.map((target) => target.length)), Math.max(...VERDICTS.map((verdict) => verdict.length)), Math.max(...RUNGS.map((rung) => rung.length))];
}

function tableLine(cells: readonly string[], widths: readonly number[]): string {
  return cells.map((cell, column) => pad(cell, widths[column]!)).join("  ").trimEnd() + "\n";
}

export function formatTableHeader(widths: readonly number[]): string {
  return tableLine(TABLE_HEADER, widths) + tableLine(widths.map((width, column) => "-".repeat(Math.max(width, TABLE_HEADER[column]!.length))), widths);
}

export function formatTableRow(result: CheckResult, widths: readonly number[]): string {
  return tableLine([result.schemaId, result.target, result.verdict, result.fallback.rung], widths);
}

function formatTable(results: readonly CheckResult[]): string {
  const rows = results.map((result) => [result.schemaId, result.target, result.verdict, result.fallback.rung]);
  const widths = TABLE_HEADER.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  return formatTableHeader(widths) + results.map((result) => formatTableRow(result, widths)).join("");
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

export const CHECK_LEGEND = "~ lossless change   ! lossy change (validate locally)   ? not enforced   x rejected   -> fallback\n";

/** The lines to act on for one pair; empty for a native one. */
export function formatDetails(result: CheckResult): string {
  if (result.verdict === "native") return "";
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
  return [formatCheckSummary(section), formatTable(section.results), details.length > 0 ? CHECK_LEGEND : "", ...details].filter(Boolean).join("\n");
}
