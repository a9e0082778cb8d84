// The readable view of a conformance section: totals, the keywords that did not fully pass, the skip
// reasons, then the first failures. It only formats what the section holds.
import type { ConformanceSection, ConformanceTotals } from "../report/model.js";

const FAILURES_SHOWN = 20;

const total = (t: ConformanceTotals) => t.passed + t.failed + t.skipped + t.errored;
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
const brief = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 100 ? `${text.slice(0, 97)}...` : text;
};

function headline(section: ConformanceSection): string[] {
  const { totals, suite } = section;
  return [
    `conformance: ${section.validator} against JSON-Schema-Test-Suite draft 2020-12 (${suite.commit?.slice(0, 12) ?? "commit unknown"})`,
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

export function formatConformanceText(section: ConformanceSection): string {
  return [...headline(section), ...keywordTable(section), ...skipLines(section), ...failureLines(section), ...brokenLine(section)].join("\n") + "\n";
}

export function formatConformanceSummary(section: ConformanceSection): string {
  return [...headline(section), ...brokenLine(section)].join("\n") + "\n";
}

function brokenLine(section: ConformanceSection): string[] {
  return section.broken ? [`BROKEN: ${section.validator}: ${section.broken}`] : [];
}
