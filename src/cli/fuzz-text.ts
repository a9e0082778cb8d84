// The readable view of a fuzz section: the run in one line, then the findings that fail the run, the
// ones the reference is blamed for, and a count of softer error-location differences. It only formats.
import { notFuzzedLine } from "../diff/not-fuzzed.js";
import { failsRun, type FuzzProgress } from "../diff/index.js";
import type { FuzzFinding, FuzzSection } from "../report/model.js";

const EXAMPLE_WIDTH = 160;

const percent = (share: number): string => `${Math.round(share * 100)}%`;
const rate = (perSecond: number): string => (perSecond >= 10_000 ? `${Math.round(perSecond / 1000)}k` : String(Math.round(perSecond)));

function brief(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > EXAMPLE_WIDTH ? `${text.slice(0, EXAMPLE_WIDTH - 3)}...` : text;
}

export function formatFuzzProgress(progress: FuzzProgress): string {
  return `fuzz: ${progress.cases} cases, ${rate(progress.casesPerSecond)} cases/s, ${progress.findings} finding${progress.findings === 1 ? "" : "s"}`;
}

function headline(section: FuzzSection, seedWasRandom: boolean): string[] {
  const shard = section.shard ? ` · shard ${section.shard.index}/${section.shard.count}` : "";
  const { stats } = section;
  return [
    `fuzz: ${section.validator} against ${section.reference} · seed ${section.seed}${seedWasRandom ? " (random)" : ""}${shard}`,
    `  ${section.cases} cases over ${section.targets.length} schemas in ${(stats.durationMs / 1000).toFixed(1)} s (${rate(stats.casesPerSecond)} cases/s), ${percent(stats.validShare)} valid`,
    ...timeSplitLine(section),
    ...sourceShareLine(section),
  ];
}

/** Schemas per dialect ("draft2020-12 ×20, draft7 ×3"), when any is not 2020-12. */
function dialectLine(section: FuzzSection): string[] {
  const counts = new Map<string, number>();
  for (const target of section.targets) if (target.dialect) counts.set(target.dialect, (counts.get(target.dialect) ?? 0) + 1);
  if (counts.size === 0 || (counts.size === 1 && counts.has("draft2020-12"))) return [];
  return [`  dialects: ${[...counts].map(([dialect, count]) => `${dialect} ×${count}`).join(", ")}`];
}

/** Every keyword accepted as an annotation (--unknown-keywords annotate): a rule nobody checks is never hidden. */
function unknownKeywordLines(section: FuzzSection): string[] {
  const annotated = section.targets.filter((target) => (target.unknownKeywords?.length ?? 0) > 0);
  if (annotated.length === 0) return [];
  return [
    "",
    `keywords accepted as annotations, not checked (${annotated.reduce((sum, target) => sum + target.unknownKeywords!.length, 0)}):`,
    ...annotated.map((target) => `  ${target.schemaId}: ${target.unknownKeywords!.map((entry) => `${entry.keyword} at ${entry.path || "(root)"}`).join(", ")}`),
  ];
}

/** Where worker time went, and CPU time per case (the figure that does not depend on machine load). */
function timeSplitLine(section: FuzzSection): string[] {
  const { phaseMs, cpuMs } = section.stats;
  if (!phaseMs) return [];
  const total = phaseMs.generate + phaseMs.reference + phaseMs.candidate + phaseMs.compare;
  const part = (ms: number) => percent(total > 0 ? ms / total : 0);
  const cpu = cpuMs !== undefined && section.cases > 0 ? `; ${((cpuMs * 1000) / section.cases).toFixed(1)} µs CPU per case` : "";
  return [`  time: generate ${part(phaseMs.generate)}, reference ${part(phaseMs.reference)}, candidate ${part(phaseMs.candidate)}, compare ${part(phaseMs.compare)}${cpu}`];
}

/** Each source's share of the cases, over all schemas (per schema in --format json). */
function sourceShareLine(section: FuzzSection): string[] {
  const totals = { valid: 0, nearMiss: 0, faker: 0 };
  for (const target of section.targets) {
    totals.valid += target.sources?.valid ?? 0;
    totals.nearMiss += target.sources?.nearMiss ?? 0;
    totals.faker += target.sources?.faker ?? 0;
  }
  const all = totals.valid + totals.nearMiss + totals.faker;
  if (all === 0) return [];
  return [`  sources: valid values ${percent(totals.valid / all)}, near misses ${percent(totals.nearMiss / all)}, json-schema-faker ${percent(totals.faker / all)}`];
}

function warningLines(section: FuzzSection): string[] {
  const warnings = section.warnings ?? [];
  if (warnings.length === 0) return [];
  const shown = warnings.slice(0, 10).map((warning) => `  ${warning.schemaId}: ${warning.message}`);
  const more = warnings.length > 10 ? [`  ... and ${warnings.length - 10} more (see --format json)`] : [];
  return ["", `warning: ${warnings.length} schema${warnings.length === 1 ? "" : "s"} met fewer than 5 near misses:`, ...shown, ...more];
}

function unsupportedLines(section: FuzzSection): string[] {
  if (section.unsupported.length === 0) return [];
  return ["", `unsupported by the candidate (${section.unsupported.length}):`, ...section.unsupported.map((entry) => `  ${entry.schemaId}: ${entry.reason}`)];
}

function findingLines(finding: FuzzFinding): string[] {
  const where = finding.path === "" ? "(root)" : finding.path;
  const verdicts = `reference ${finding.reference.valid ?? "-"}, candidate ${finding.candidate.valid ?? "-"}`;
  const lines = [
    `  ${finding.direction.padEnd(10)} ${finding.schemaId}  ${finding.feature} at ${where}  ×${finding.count}${finding.firstCase !== undefined ? ` (first at case ${finding.firstCase})` : ""}  [${finding.adjudication}${finding.knownDivergence ? `: ${finding.knownDivergence}` : ""}]`,
    `      ${finding.family}: ${brief(finding.example.instance)} (${verdicts})`,
  ];
  if (finding.candidate.error) lines.push(`      error: ${finding.candidate.error}`);
  if (finding.explanation && finding.adjudication !== "candidate-wrong") lines.push(`      why: ${finding.explanation}`);
  lines.push(`      replay: ${finding.replay}`);
  return lines;
}

function findingSection(title: string, findings: readonly FuzzFinding[]): string[] {
  if (findings.length === 0) return [];
  return ["", `${title} (${findings.length}):`, ...findings.flatMap(findingLines)];
}

export function formatFuzzText(section: FuzzSection, options: { seedWasRandom?: boolean } = {}): string {
  const failing = section.findings.filter(failsRun);
  const explained = section.findings.filter((finding) => !failsRun(finding) && finding.direction !== "error-location");
  const locations = section.findings.filter((finding) => finding.direction === "error-location");
  const lines = [
    ...headline(section, options.seedWasRandom ?? false),
    ...dialectLine(section),
    ...unknownKeywordLines(section),
    ...unsupportedLines(section),
    ...warningLines(section),
    ...findingSection("findings", failing),
    ...findingSection("explained: the reference is wrong or the point is disputed", explained),
  ];
  if (locations.length > 0) {
    const cases = locations.reduce((sum, finding) => sum + finding.count, 0);
    lines.push("", `${locations.length} error-location differences (${cases} cases where both reject but point at different paths): see --format json`);
  }
  lines.push("", failing.length === 0 ? "no findings that fail the run" : `${failing.length} finding${failing.length === 1 ? "" : "s"} fail the run`);
  if (section.broken) lines.push(`BROKEN: ${section.validator}: ${section.broken}`);
  const notFuzzed = notFuzzedLine(section);
  if (notFuzzed) lines.push(notFuzzed);
  return `${lines.join("\n")}\n`;
}
