// The `check` text view, answer first: one line per target (counts, what blocks it, what the app takes
// on), then a matrix of schemas × targets (one symbol a cell), output schemas and bad files; the lines
// per pair (changes, ignored features, rejections, obligations, fallback) only when asked for.
import type { CheckRunSummary, CheckTotals } from "../check/check-catalog-files.js";
import { describeObligation } from "../check/obligations.js";
import { MatrixFold, targetList } from "./check-fold.js";
import type { CheckBadFile, CheckResult, CheckSection, CheckTargetAnswer, CheckToolResult, CheckVerdict, NoteId, ObligationKind } from "../report/model.js";

const VERDICTS: readonly CheckVerdict[] = ["native", "translated", "needs-local-validation", "rejected"];

/** Note texts by id, as a section or a run summary carries them. */
export type NoteTexts = (id: NoteId) => string;

export function notesOf(notes: Readonly<Record<NoteId, string>>): NoteTexts {
  return (id) => notes[id] ?? id;
}

const where = (path: string): string => path || "(root)";

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + " ".repeat(width - text.length);
}

/** The tool's name inside its id (`<catalog>/<name>`). */
export function schemaName(schemaId: string): string {
  const slash = schemaId.indexOf("/");
  return slash < 0 ? schemaId : schemaId.slice(slash + 1);
}

/** The summary line from counts alone, for a check streamed without its results in memory. */
export function formatCheckTotals(source: CheckSection["source"], totals: CheckTotals): string {
  const counts = VERDICTS.map((verdict) => `${totals.verdicts[verdict]} ${verdict}`);
  return `check (${source} profiles): ${totals.schemas} schema(s), ${totals.targets} target(s), ${totals.pairs} pair(s): ${counts.join(", ")}\n`;
}

// One symbol a cell: what the app can rely on there.
const SYMBOL = { native: "=", translated: "~", obligation: "+", "needs-local-validation": "?", rejected: "x", none: "." } as const;

export const MATRIX_LEGEND = "= native   ~ translated, nothing to do   + translated, the app must act (see obligations)   ? validate answers locally   x rejected   . not paired\n";

export function cellSymbol(result: CheckResult | undefined): string {
  if (result === undefined) return SYMBOL.none;
  if (result.verdict === "translated") return result.obligations.length > 0 ? SYMBOL.obligation : SYMBOL.translated;
  return SYMBOL[result.verdict];
}

const SHOWN = 2;

function names(ids: readonly string[]): string {
  const shown = ids.slice(0, SHOWN).map(schemaName).join(", ");
  return ids.length > SHOWN ? `${shown} +${ids.length - SHOWN}` : shown;
}

/** The most frequent blocker reason, and the schemas it blocks. */
function mainBlocker(answer: CheckTargetAnswer): { reason: NoteId; ids: string[] } | undefined {
  const byReason = new Map<NoteId, string[]>();
  for (const blocker of answer.blockers) {
    const ids = byReason.get(blocker.reason);
    if (ids) ids.push(blocker.schemaId);
    else byReason.set(blocker.reason, [blocker.schemaId]);
  }
  let best: { reason: NoteId; ids: string[] } | undefined;
  for (const [reason, ids] of byReason) if (best === undefined || ids.length > best.ids.length) best = { reason, ids };
  return best;
}

const SHORT_DUTY: Readonly<Record<ObligationKind, string>> = { "drop-nulls-for-optional-fields": "drop nulls", "validate-locally": "validate", "map-tool-name": "map names" };

/** What a target's line says after its name: `NO   0 native, 2 translated, 4 validate, 1 rejected | blocked by Ticket (refuses …) | app: drop nulls 6, validate 5`. */
function answerText(answer: CheckTargetAnswer, notes: NoteTexts, countWidth: number): string {
  const n = (count: number): string => String(count).padStart(countWidth);
  const { counts } = answer;
  const tally = `${n(counts.native)} native, ${n(counts.translated)} translated, ${n(counts["needs-local-validation"])} validate, ${n(counts.rejected)} rejected`;
  const verdict = counts.rejected > 0 ? "NO" : counts["needs-local-validation"] > 0 || answer.obligations.length > 0 ? "yes, if" : "yes";
  const parts = [`${pad(verdict, 7)} ${tally}`];
  const blocker = mainBlocker(answer);
  if (blocker !== undefined) {
    const others = answer.blockers.length - blocker.ids.length;
    parts.push(`blocked by ${names(blocker.ids)} (${notes(blocker.reason)})${others > 0 ? ` +${others} more` : ""}`);
  }
  if (answer.obligations.length > 0) parts.push(`app: ${answer.obligations.map((obligation) => `${SHORT_DUTY[obligation.kind]} ${obligation.schemaIds.length}`).join(", ")}`);
  return parts.join(" | ");
}

function countWidthOf(answers: readonly CheckTargetAnswer[]): number {
  return String(Math.max(0, ...answers.flatMap((answer) => VERDICTS.map((verdict) => answer.counts[verdict])))).length;
}

/** One line per target: `13 openai:chat.tools.strict  NO   0 native, 2 translated, 4 validate, 1 rejected | blocked by Ticket (refuses …) | app: drop nulls 6, validate 5`. */
export function formatTargetAnswers(answers: readonly CheckTargetAnswer[], notes: NoteTexts): string {
  const width = Math.max(6, ...answers.map((answer) => answer.target.length));
  const number = String(answers.length).length;
  const countWidth = countWidthOf(answers);
  return answers.map((answer, index) => `${String(index + 1).padStart(number)} ${pad(answer.target, width)}  ${answerText(answer, notes, countWidth)}\n`).join("");
}

const LIST_WIDTH = 120;

/**
 * One numbered line per group of targets with the same answer on every schema, its targets listed under
 * it by provider; a group of one names its target on the line.
 */
export function formatGroupedAnswers(answers: readonly CheckTargetAnswer[], groups: readonly (readonly number[])[], notes: NoteTexts): string {
  const number = String(groups.length).length;
  const countWidth = countWidthOf(groups.map((group) => answers[group[0]!]!));
  const indent = " ".repeat(number + 3);
  return groups
    .map((group, index) => {
      const label = String(index + 1).padStart(number);
      const text = answerText(answers[group[0]!]!, notes, countWidth);
      const members = group.map((member) => answers[member]!.target);
      if (members.length === 1) return `${label} ${members[0]}  ${text}\n`;
      const head = `${label} ${text}`;
      return [`${head} | ${members.length} targets:`, ...targetList(members, LIST_WIDTH, indent)].join("\n") + "\n";
    })
    .join("");
}

/** A schema's cells as one symbol per target, in target order (results of one schema arrive together). */
export function matrixSymbols(cells: ReadonlyMap<number, CheckResult>, targets: number): string {
  return Array.from({ length: targets }, (_, index) => cellSymbol(cells.get(index))).join("");
}

/** Targets with at least one pair: a target of a role the catalog does not have is left out of the view. */
export function pairedTargets(answers: readonly CheckTargetAnswer[]): number[] {
  return answers.flatMap((answer, index) => (VERDICTS.some((verdict) => answer.counts[verdict] > 0) ? [index] : []));
}

/** The matrix: a header of group numbers (as in the per-target lines), one row per distinct row of symbols. */
export function formatMatrix(rows: readonly { ids: readonly string[]; count: number; symbols: string }[], columns: readonly number[]): string {
  const label = (row: { ids: readonly string[]; count: number }): string => (row.count > row.ids.length ? `${row.ids.join(", ")} +${row.count - row.ids.length}` : row.ids.join(", "));
  const labels = rows.map(label);
  const nameWidth = Math.max(15, ...labels.map((text) => Math.min(text.length, 70)));
  const header = `${pad("schema \\ target", nameWidth)}  ${columns.map((_, index) => String(index + 1).padStart(2)).join(" ")}\n`;
  return header + rows.map((row, index) => `${pad(labels[index]!, nameWidth)}  ${columns.map((column) => (row.symbols[column] ?? SYMBOL.none).padStart(2)).join(" ")}\n`).join("");
}

export function formatToolResults(toolResults: readonly CheckToolResult[], notes: NoteTexts): string {
  if (toolResults.length === 0) return "";
  const flagged = toolResults.filter((entry) => !entry.valid || entry.notes.length > 0);
  const valid = toolResults.filter((entry) => entry.valid).length;
  const lines = [`MCP output schemas (the shape of tool results, never sent to a provider): ${toolResults.length}, ${valid} valid, ${flagged.length} with notes\n`];
  for (const entry of flagged.slice(0, 5)) {
    const first = entry.notes[0];
    lines.push(`  ${entry.valid ? "?" : "x"} ${entry.schemaId}: ${first ? `${first.feature} at ${first.paths.map(where).join(", ")}: ${notes(first.note)}` : "invalid"}${entry.notes.length > 1 ? ` (+${entry.notes.length - 1} more)` : ""}\n`);
  }
  if (flagged.length > 5) lines.push(`  ... and ${flagged.length - 5} more (--format json)\n`);
  return lines.join("");
}

export function formatBadFiles(badFiles: readonly CheckBadFile[]): string {
  if (badFiles.length === 0) return "";
  return [`${badFiles.length} bad catalog file(s), not checked (the others were):\n`, ...badFiles.map((bad) => `  ${bad.error.split("\n")[0]}\n`)].join("");
}

const PLACES_SHOWN = 4;

function places(paths: readonly string[], total = paths.length): string {
  const all = paths.map(where);
  const more = total > PLACES_SHOWN ? ` and ${total - Math.min(PLACES_SHOWN, all.length)} more` : "";
  return `${all.slice(0, PLACES_SHOWN).join(", ")}${more}`;
}

export const CHECK_LEGEND = "~ lossless change   + change the app must undo (=>)   ! lossy change (validate locally)   ? not enforced   x rejected   => the app must   -> fallback\n";

/** The lines to act on for one pair; empty for a native one. */
export function formatDetails(result: CheckResult, notes: NoteTexts): string {
  if (result.verdict === "native") return "";
  const name = schemaName(result.schemaId);
  const lines = [`${result.schemaId} on ${result.target}: ${result.verdict}`];
  for (const change of result.changes) {
    const mark = change.lossy ? "! " : change.obligation !== undefined ? "+ " : "~ ";
    lines.push(`  ${mark}${places(change.paths, change.count)}  ${change.keyword} ${change.kind}${change.lossy ? " (lossy)" : ""}: ${notes(change.reason)}`);
  }
  // Ignored features a lossy change already shows are not repeated.
  const shown = new Set(result.changes.filter((change) => change.lossy).flatMap((change) => change.paths.map((path) => `${change.feature}\u0000${path}`)));
  const byNote = new Map<string, string[]>();
  for (const entry of result.ignored) {
    const rest = entry.paths.filter((path) => !shown.has(`${entry.feature}\u0000${path}`));
    if (rest.length === 0) continue;
    const note = notes(entry.note);
    const line = entry.feature === "*" ? "      every feature, everywhere in the schema" : `      ${entry.feature} at ${places(rest, rest.length + entry.count - entry.paths.length)}`;
    const group = byNote.get(note);
    if (group) group.push(line);
    else byNote.set(note, [line]);
  }
  for (const [note, group] of byNote) lines.push(`  ? ${note}:`, ...group);
  for (const entry of result.rejected) lines.push(`  x ${where(entry.path)}  ${entry.feature} rejected: ${notes(entry.error)}`);
  for (const obligation of result.obligations) lines.push(`  => ${describeObligation(obligation, name)}`);
  lines.push(`  -> ${result.fallback.rung}: ${notes(result.fallback.reason)}`);
  return lines.join("\n") + "\n";
}

export interface TextViewOptions {
  /** Per-pair lines for these results (every non-native pair with --details). */
  readonly details?: (result: CheckResult) => boolean;
  /** Most distinct matrix rows shown; the rest are counted. */
  readonly matrixRows?: number;
}

export const MATRIX_ROWS = 40;

/** The whole text view of a section held in memory (the streamed writer produces the same text). */
export function formatCheckText(section: CheckSection, options: TextViewOptions = {}): string {
  const notes = notesOf(section.notes);
  const verdicts = Object.fromEntries(VERDICTS.map((verdict) => [verdict, section.results.filter((result) => result.verdict === verdict).length])) as Record<CheckVerdict, number>;
  const totals: CheckTotals = { schemas: new Set(section.results.map((result) => result.schemaId)).size, targets: section.targets.length, pairs: section.results.length, verdicts };
  const summary: ViewSummary = { totals, targets: section.targets, toolResults: section.toolResults, badFiles: section.badFiles };
  const fold = foldSection(section);
  const details = options.details ? section.results.filter(options.details).map((result) => formatDetails(result, notes)).filter(Boolean) : [];
  return formatCheckView(section.source, summary, notes, fold, details.join("\n"), options.matrixRows ?? MATRIX_ROWS);
}

/** The section's matrix, folded: one row of symbols per schema, columns per target. */
export function foldSection(section: Pick<CheckSection, "targets" | "results">): MatrixFold {
  const targetIndex = new Map(section.targets.map((answer, index) => [answer.target, index]));
  const cells = new Map<string, Map<number, CheckResult>>();
  for (const result of section.results) {
    let row = cells.get(result.schemaId);
    if (row === undefined) cells.set(result.schemaId, (row = new Map()));
    row.set(targetIndex.get(result.target) ?? -1, result);
  }
  const fold = new MatrixFold(section.targets.length);
  for (const [schemaId, row] of cells) fold.add(schemaId, matrixSymbols(row, section.targets.length));
  return fold;
}

/** The per-target answer lines alone, folded as in the check view (run's terminal shows these). */
export function formatFoldedAnswers(section: Pick<CheckSection, "targets" | "results" | "notes">): string {
  const groups = foldSection(section).groups(section.targets, pairedTargets(section.targets));
  return formatGroupedAnswers(section.targets, groups, notesOf(section.notes));
}

/** The view's parts in order: totals, the per-target answer, the matrix, output schemas, bad files, details. */
export type ViewSummary = Pick<CheckRunSummary, "totals" | "targets" | "toolResults" | "badFiles">;

export function formatCheckView(source: CheckSection["source"], run: ViewSummary, notes: NoteTexts, fold: MatrixFold, details: string, matrixRows = MATRIX_ROWS): string {
  const groups = fold.groups(run.targets, pairedTargets(run.targets));
  const shown = groups.reduce((sum, group) => sum + group.length, 0);
  const folded = shown > groups.length ? ` (${shown} targets in ${groups.length} lines: targets with the same answer on every schema share one)` : "";
  const parts = [formatCheckTotals(source, run.totals), `\ncan the catalog go there?${folded}\n`, formatGroupedAnswers(run.targets, groups, notes)];
  const unpaired = run.targets.length - shown;
  if (unpaired > 0) parts.push(`(${unpaired} more target(s) take schemas of a role this catalog has none of: --format json lists them)\n`);
  const { rows, hidden } = fold.distinctRows(matrixRows);
  const columns = groups.map((group) => group[0]!);
  if (rows.length > 0 && columns.length > 0) {
    parts.push("\n", formatMatrix(rows, columns));
    if (hidden > 0) parts.push(`... and ${hidden} more distinct row(s): --tool NAME for one schema, --format json for all\n`);
    parts.push(MATRIX_LEGEND);
  }
  const toolResults = formatToolResults(run.toolResults, notes);
  if (toolResults !== "") parts.push("\n", toolResults);
  const bad = formatBadFiles(run.badFiles);
  if (bad !== "") parts.push("\n", bad);
  if (details !== "") parts.push("\n", CHECK_LEGEND, "\n", details);
  else if (run.totals.pairs > 0) parts.push(DETAILS_HINT);
  return parts.join("");
}

export const DETAILS_HINT = "\nper-pair changes, obligations and fallbacks: --details, --tool NAME or --target T\n";
