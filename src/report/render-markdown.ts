// summary.md, sized for a GitHub job summary or PR comment: a partial-run warning first, then
// regressions against the baseline, then headline numbers, then details folded in <details>.
// Tables are capped; index.html has everything.
import { buildCapabilityMatrix, columnLabel } from "./capability-matrix.js";
import type {
  CheckSection,
  CompatSection,
  ConformanceSection,
  DispatchSection,
  DriftItem,
  FuzzSection,
  ProbeStatus,
  ResultsDocument,
} from "./model.js";
import { sectionsOfKind } from "./model.js";
import { capped, codeBlock, details, formatCount, formatPercent, htmlText, markdownTable, markdownText as t } from "./markdown-text.js";
import { formatProbeProfileCounts, probeProfileCounts } from "./probe-profile-counts.js";
import { formatToolRuleFinding } from "../schema/sources/tool-rules.js";

const MAX_ROWS = 40;
const PROBE_STATUSES: readonly ProbeStatus[] = ["enforced", "ignored", "rejected", "altered", "error"];
const STATUS_MARK: Readonly<Record<ProbeStatus, string>> = { enforced: "✅", ignored: "⚠️", rejected: "⛔", altered: "🔀", error: "❓" };


function countBy<T extends string>(values: readonly T[]): Map<T, number> {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

function listCounts(counts: ReadonlyMap<string, number>, order: readonly string[]): string {
  return order.filter((key) => counts.get(key)).map((key) => `${formatCount(counts.get(key)!)} ${key}`).join(" · ") || "none";
}

function partialWarning(document: ResultsDocument): string[] {
  if (document.footer.complete) return [];
  return ["> **⚠️ Partial run:** the run did not finish (interrupted, or a step failed). The numbers below cover only what was written."];
}

function driftRows(items: readonly DriftItem[]): string {
  const { shown, note } = capped(items, MAX_ROWS);
  const rows = shown.map((d) => [d.regression ? "❌ regression" : "ok", t(d.kind), t(d.detail), t(d.before ?? "–"), t(d.after ?? "–")]);
  return markdownTable(["", "change", "what", "before", "after"], rows) + note;
}

function regressionsBlock(document: ResultsDocument): string[] {
  if (!document.drift) return [];
  const regressions = document.drift.items.filter((d) => d.regression);
  const baseline = t(document.drift.baseline);
  if (regressions.length === 0) return [`### ✅ No regressions since ${baseline}`];
  return [`### ❌ ${formatCount(regressions.length)} regression${regressions.length === 1 ? "" : "s"} since ${baseline}`, driftRows(regressions)];
}

function fuzzHeadline(s: FuzzSection): string[] {
  const adjudications = listCounts(countBy(s.findings.map((f) => f.adjudication)), ["candidate-wrong", "undecided", "reference-wrong"]);
  const shards = s.shard ? ` · shard ${s.shard.index} of ${s.shard.count}` : s.shards ? ` · shards ${s.shards.merged.join(", ")} of ${s.shards.count}` : "";
  const result = `${formatCount(s.cases)} cases · ${formatCount(s.findings.length)} findings (${adjudications}) · ${formatCount(s.unsupported.length)} unsupported${shards}`;
  return [`Fuzz: ${t(s.validator)} vs ${t(s.reference)}, seed ${s.seed}`, s.broken ? `BROKEN: ${t(s.broken)} · ${result}` : result];
}

function conformanceHeadline(s: ConformanceSection): string[] {
  const { passed, failed, skipped, errored } = s.totals;
  const totals = `${formatPercent(s.compliance)} compliance · ${passed} passed · ${failed} failed · ${skipped} skipped · ${errored} errored`;
  return [`Conformance: ${t(s.validator)}${s.dialect ? ` · ${t(s.dialect)}` : ""}`, s.broken ? `BROKEN: ${t(s.broken)} · ${totals}` : totals];
}

function headlineRows(document: ResultsDocument): string[][] {
  const matrix = buildCapabilityMatrix(document);
  const checkCounts = (s: CheckSection) => {
    const ready = s.targets.filter((a) => a.counts.rejected === 0).length;
    return `${ready} of ${s.targets.length} target(s) take the catalog · ${listCounts(countBy(s.results.map((r) => r.verdict)), ["native", "translated", "needs-local-validation", "rejected"])}`;
  };
  return [
    ...sectionsOfKind(document, "fuzz").map(fuzzHeadline),
    ...sectionsOfKind(document, "conformance").map(conformanceHeadline),
    ...matrix.columns.map((c) => [`Probe: ${t(columnLabel(c))}`, listCounts(countBy(Object.values(c.cells).map((cell) => cell.status)), PROBE_STATUSES)]),
    ...sectionsOfKind(document, "check").map((s) => [`Check (${s.source} profiles)`, checkCounts(s)]),
    ...sectionsOfKind(document, "dispatch").map((s) => [`Dispatch: ${t(s.dispatcher)}`, `${s.totals.passed} passed · ${s.totals.failed} failed`]),
    ...sectionsOfKind(document, "compat").map((s) => [compatLabel(s), listCounts(countBy(s.results.map((r) => r.verdict)), ["breaking", "undetermined", "compatible"])]),
  ];
}

function findingsDetails(s: FuzzSection): string {
  const { shown, note } = capped(s.findings, MAX_ROWS);
  const rows = shown.map((f) => [t(f.adjudication), t(f.direction), t(f.schemaId), t(f.feature), t(f.path), formatCount(f.count), t(f.explanation ?? "")]);
  const table = markdownTable(["adjudication", "direction", "schema", "feature", "path", "count", "why"], rows) + note;
  const replays = shown.filter((f) => f.adjudication !== "reference-wrong").map((f) => f.replay);
  const replayBlock = replays.length ? `\n\nReplay:\n\n${codeBlock(replays.join("\n"), "sh")}` : "";
  return details(`Fuzz findings of ${htmlText(s.validator)}, seed ${s.seed} (${s.findings.length})`, table + replayBlock);
}

/** Which near-miss families target each feature (a feature no value can break says why). */
function coverageDetails(s: FuzzSection): string {
  const rows = (s.coverage ?? []).map((row) => [t(row.feature), row.families.length ? t(row.families.join(", ")) : `n/a: ${t(row.reason ?? "no family")}`]);
  return details(`Near-miss coverage by feature (${rows.length})`, markdownTable(["feature", "families"], rows));
}

function conformanceDetails(s: ConformanceSection): string {
  const keywords = Object.entries(s.byKeyword).sort(([, a], [, b]) => b.failed + b.errored - (a.failed + a.errored));
  const { shown, note } = capped(keywords, MAX_ROWS);
  const rows = shown.map(([keyword, k]) => [t(keyword), String(k.passed), String(k.failed), String(k.skipped), String(k.errored)]);
  return details(`Conformance by keyword, ${htmlText(s.dialect ?? "draft2020-12")} (${Object.keys(s.byKeyword).length})`, markdownTable(["keyword", "passed", "failed", "skipped", "errored"], rows) + note);
}

function matrixDetails(document: ResultsDocument): string[] {
  const matrix = buildCapabilityMatrix(document);
  if (matrix.columns.length === 0) return [];
  const headers = ["feature", ...matrix.columns.map((c) => t(columnLabel(c)))];
  const rows = matrix.features.map((feature) => [
    t(feature),
    ...matrix.columns.map((c) => {
      const cell = c.cells[feature];
      if (!cell) return "–";
      const documented = c.differsFromProfile[feature];
      const gap = c.newToProfile[feature];
      return `${STATUS_MARK[cell.status]} ${cell.status}${documented ? ` (documented ${t(documented)})` : ""}${gap ? ` (new: profile ${t(gap)})` : ""}`;
    }),
  ]);
  return [details(`Capability matrix (${matrix.features.length} features × ${matrix.columns.length} columns)`, markdownTable(headers, rows))];
}

/** The per-target answer: can the catalog go there, what blocks it, what the app must do. */
function checkAnswers(s: CheckSection): string {
  const text = (id: string): string => s.notes[id] ?? id;
  const { shown, note } = capped(s.targets, MAX_ROWS);
  const rows = shown.map((a) => {
    const answer = a.counts.rejected > 0 ? "⛔ no" : a.counts["needs-local-validation"] > 0 || a.obligations.length > 0 ? "⚠️ yes, if the app acts" : "✅ yes";
    const blockers = a.blockers.slice(0, 3).map((b) => `${b.schemaId}: ${text(b.reason)}`);
    const more = a.blockers.length > 3 ? ` (+${a.blockers.length - 3})` : "";
    const duties = a.obligations.map((o) => `${o.kind} (${o.schemaIds.length})`).join(", ");
    return [t(a.target), answer, String(a.counts.native), String(a.counts.translated), String(a.counts["needs-local-validation"]), String(a.counts.rejected), t(blockers.join("; ") + more), t(duties)];
  });
  return markdownTable(["target", "can go?", "native", "translated", "local validation", "rejected", "blocked by", "app must"], rows) + note;
}

function checkDetails(s: CheckSection): string {
  const text = (id: string): string => s.notes[id] ?? id;
  const severity = ["rejected", "needs-local-validation", "translated", "native"];
  const sorted = s.results.filter((r) => r.verdict !== "native").sort((a, b) => severity.indexOf(a.verdict) - severity.indexOf(b.verdict));
  const { shown, note } = capped(sorted, MAX_ROWS);
  const rows = shown.map((r) => [t(r.schemaId), t(r.target), t(r.verdict), t(r.obligations.map((o) => o.kind).join(", ")), t(`${r.fallback.rung}: ${text(r.fallback.reason)}`)]);
  const bad = s.badFiles.length > 0 ? `\n\n${s.badFiles.length} bad catalog file(s), not checked: ${s.badFiles.slice(0, 5).map((b) => t(`${b.file} at ${b.place || "(root)"}`)).join("; ")}` : "";
  const toolList = s.toolListFindings ?? [];
  const rules = toolList.length === 0 ? [] : [`**Tool-list rules** (${toolList.length}; a tool breaking one fails the whole request on the targets named):\n\n${toolList.slice(0, MAX_ROWS).map((finding) => `- ${t(formatToolRuleFinding(finding))}`).join("\n")}${toolList.length > MAX_ROWS ? `\n- … ${toolList.length - MAX_ROWS} more` : ""}`];
  return [
    `### Check, ${s.source} profiles: can the catalog go there?`,
    ...rules,
    checkAnswers(s) + bad,
    details(`Pairs to act on, ${s.source} profiles (${sorted.length} of ${s.results.length})`, markdownTable(["schema", "target", "verdict", "obligations", "fallback"], rows) + note),
  ].join("\n\n");
}

function dispatchDetails(s: DispatchSection): string[] {
  const failed = s.cases.filter((c) => !c.passed);
  if (failed.length === 0) return [];
  const { shown, note } = capped(failed, MAX_ROWS);
  const rows = shown.map((c) => [t(c.provider), t(c.fixture), t(c.property), t(c.detail)]);
  return [details(`Dispatch failures (${failed.length})`, markdownTable(["provider", "fixture", "property", "detail"], rows) + note)];
}

/** "Compat: fitness 1.2.0 → 1.3.0": the catalog and the versions compared, when the results share them. */
function compatLabel(s: CompatSection): string {
  const catalogs = new Set(s.results.map((r) => r.schemaId.split("/")[0]));
  const versions = new Set(s.results.map((r) => `${r.oldVersion ?? "?"} → ${r.newVersion ?? "?"}`));
  const parts = [catalogs.size === 1 ? [...catalogs][0] : "", versions.size === 1 ? [...versions][0] : ""].filter(Boolean);
  return parts.length > 0 ? `Compat: ${parts.map((part) => t(part!)).join(" ")}` : "Compat";
}

function compatDetails(s: CompatSection): string {
  const { shown, note } = capped(s.results, MAX_ROWS);
  const rows = shown.map((r) => [
    t(r.schemaId),
    `${t(r.oldVersion ?? "?")} → ${t(r.newVersion ?? "?")}`,
    t(r.direction),
    t(r.verdict),
    r.versionBumped ? "yes" : "no",
    String(r.changes.length),
    r.cases === undefined ? "" : String(r.cases),
  ]);
  return details(`Compat (${s.results.length})`, markdownTable(["schema", "versions", "direction", "verdict", "bumped", "changes", "values checked"], rows) + note);
}

function runDetails(document: ResultsDocument): string {
  const h = document.header;
  const probes = sectionsOfKind(document, "probe");
  const lines = [
    `- schemalab ${t(h.schemalab)}, results version ${h.resultsVersion}, node ${t(h.node)} on ${t(h.platform)}`,
    `- started ${t(h.startedAt)}, finished ${t(document.footer.finishedAt)}, ${document.footer.complete ? "complete" : "**partial**"}`,
    `- seed ${h.seed ?? "not recorded"}; argv: ${t(h.argv.join(" ") || "(none)")}`,
    ...probes.map((p) => `- probe ${t(p.provider)} ${t(p.model)}: ${p.emulated ? "emulated" : `live${p.baseUrl ? ` at ${t(p.baseUrl)}` : ""}`}; ${t(formatProbeProfileCounts(probeProfileCounts(p)))}`),
  ];
  return details("Run", lines.join("\n"));
}

/** GitHub takes 65,536 characters in a job summary or comment: summary.md stays well under, whatever the catalog. */
export const SUMMARY_BUDGET = 60_000;

const MORE_IN_HTML = "_Folded out to stay within GitHub's size limit: index.html, next to this file, has it in full._";

/** The largest folded blocks give way to a pointer to index.html until the summary fits. */
function withinBudget(blocks: string[]): string[] {
  const fitted = [...blocks];
  let size = fitted.reduce((sum, block) => sum + block.length + 2, 0);
  const folded = fitted.map((block, index) => ({ block, index })).filter(({ block }) => block.startsWith("<details>")).sort((a, b) => b.block.length - a.block.length);
  for (const { block, index } of folded) {
    if (size <= SUMMARY_BUDGET) break;
    const title = /<summary>(.*?)<\/summary>/s.exec(block)?.[1] ?? "Details";
    fitted[index] = details(title, MORE_IN_HTML);
    size -= block.length - fitted[index]!.length;
  }
  // Unfolded text alone over the budget (a huge per-target table): cut it, saying so.
  const text = fitted.join("\n\n");
  return text.length <= SUMMARY_BUDGET ? fitted : [text.slice(0, SUMMARY_BUDGET - MORE_IN_HTML.length - 4), MORE_IN_HTML];
}

export function renderMarkdown(document: ResultsDocument): string {
  const headline = headlineRows(document);
  const blocks = [
    "## schemalab results",
    ...partialWarning(document),
    ...regressionsBlock(document),
    headline.length ? markdownTable(["area", "result"], headline) : "No results sections.",
    ...sectionsOfKind(document, "fuzz").filter((s) => s.findings.length).map(findingsDetails),
    ...sectionsOfKind(document, "fuzz").filter((s) => s.coverage?.length).map(coverageDetails),
    ...sectionsOfKind(document, "conformance").map(conformanceDetails),
    ...matrixDetails(document),
    ...sectionsOfKind(document, "check").map(checkDetails),
    ...sectionsOfKind(document, "dispatch").flatMap(dispatchDetails),
    ...sectionsOfKind(document, "compat").map(compatDetails),
    ...(document.drift?.items.length ? [details(`All changes since the baseline (${document.drift.items.length})`, driftRows(document.drift.items))] : []),
    runDetails(document),
  ];
  return `${withinBudget(blocks).join("\n\n")}\n`;
}
