// The readable view of conformance sections (one per draft): a table of the drafts, then for each its
// totals, the keywords that did not fully pass, the skip reasons, the keywords accepted as
// annotations, then the first failures. It only formats what the sections hold.
import type { ConformanceSection, ConformanceTotals } from "../report/model.js";

const FAILURES_SHOWN = 20;

const total = (t: ConformanceTotals) => t.passed + t.failed + t.skipped + t.errored;
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const brief = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 100 ? `${text.slice(0, 97)}...` : text;
};

/** Results written before dialects carry none: they ran draft 2020-12. */
export const dialectOfSection = (section: ConformanceSection) => section.dialect ?? "draft2020-12";

function headline(section: ConformanceSection): string[] {
  const { totals, suite } = section;
  return [
    `conformance: ${section.validator} against JSON-Schema-Test-Suite ${dialectOfSection(section)} (${suite.commit?.slice(0, 12) ?? "commit unknown"})`,
    `  suite ${suite.path}`,
    `  ${total(totals)} tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped, ${totals.errored} errored; compliance ${percent(section.compliance)}`,
  ];
}

function keywordTable(section: ConformanceSection): string[] {
  const entries = Object.entries(section.byKeyword);
  const imperfect = entries.filter(([, t]) => t.passed < total(t));
  const perfect = entries.length - imperfect.length;
  const perfectTests = entries.filter(([, t]) => t.passed === total(t)).reduce((sum, [, t]) => sum + total(t), 0);
  if (imperfect.length === 0) return ["", `every keyword passed (${entries.length} keywords)`];
  const width = Math.max(...imperfect.map(([keyword]) => keyword.length), 7);
  const row = (cells: (string | number)[]) => cells.map((cell, index) => (index === 0 ? String(cell).padEnd(width) : String(cell).padStart(8))).join(" ");
  return [
    "",
    row(["keyword", "passed", "failed", "skipped", "errored"]),
    ...imperfect.map(([keyword, t]) => row([keyword, t.passed, t.failed, t.skipped, t.errored])),
    `${perfect} other keywords passed all of their ${perfectTests} tests`,
  ];
}

function skipLines(section: ConformanceSection): string[] {
  if (section.skips.length === 0) return [];
  const tests = section.skips.reduce((sum, skip) => sum + skip.tests, 0);
  return ["", `skipped: ${tests} tests in ${section.skips.length} groups (compile refused)`, ...section.skips.map((skip) => `  ${skip.file} > ${skip.group} (${skip.tests}): ${skip.reason}`)];
}

function annotatedLines(section: ConformanceSection): string[] {
  const entries = Object.entries(section.annotatedKeywords ?? {});
  if (section.annotatedKeywords === undefined) return [];
  if (entries.length === 0) return ["", "accepted as annotations (--unknown-keywords annotate): none"];
  return ["", `accepted as annotations (--unknown-keywords annotate): ${entries.map(([keyword, count]) => `${keyword} (${count})`).join(", ")}`];
}

/** One row per draft: totals and Bowtie's compliance figure. */
function dialectTable(sections: readonly ConformanceSection[]): string[] {
  const row = (cells: (string | number)[]) => cells.map((cell, index) => (index === 0 ? String(cell).padEnd(14) : String(cell).padStart(10))).join(" ");
  return [
    `conformance: ${sections[0]!.validator}, ${sections.length} drafts`,
    row(["dialect", "tests", "passed", "failed", "skipped", "errored", "compliance"]),
    ...sections.map((s) => row([dialectOfSection(s), total(s.totals), s.totals.passed, s.totals.failed, s.totals.skipped, s.totals.errored, percent(s.compliance)])),
  ];
}

function failureLines(section: ConformanceSection): string[] {
  const { failures } = section;
  if (failures.length === 0) return [];
  const shown = failures.slice(0, FAILURES_SHOWN);
  const describeGot = (got: boolean | string) => (typeof got === "string" ? got : got ? "valid" : "invalid");
  return [
    "",
    `failures and errors: ${shown.length === failures.length ? failures.length : `first ${shown.length} of ${failures.length}`}`,
    ...shown.flatMap((failure) => [
      `  ${failure.file} > ${failure.group} > ${failure.test}`,
      `    expected ${failure.expected ? "valid" : "invalid"}, got ${describeGot(failure.got)}; data ${brief(failure.data)}; schema ${brief(failure.schema)}`,
    ]),
  ];
}

function sectionText(section: ConformanceSection): string[] {
  return [...headline(section), ...keywordTable(section), ...skipLines(section), ...annotatedLines(section), ...failureLines(section), ...brokenLine(section)];
}

export function formatConformanceText(sections: ConformanceSection | readonly ConformanceSection[]): string {
  const list = Array.isArray(sections) ? sections : [sections as ConformanceSection];
  if (list.length === 1) return sectionText(list[0]!).join("\n") + "\n";
  return [...dialectTable(list), ...list.flatMap((section) => ["", ...sectionText(section)])].join("\n") + "\n";
}

export function formatConformanceSummary(sections: ConformanceSection | readonly ConformanceSection[]): string {
  const list = Array.isArray(sections) ? sections : [sections as ConformanceSection];
  const summary = list.length === 1 ? headline(list[0]!) : dialectTable(list);
  return [...summary, ...list.flatMap(brokenLine)].join("\n") + "\n";
}

function brokenLine(section: ConformanceSection): string[] {
  return section.broken ? [`BROKEN: ${section.validator}${section.dialect ? ` (${section.dialect})` : ""}: ${section.broken}`] : [];
}
