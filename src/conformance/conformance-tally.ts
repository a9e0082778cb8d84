// Counts outcomes per file, per keyword and overall, and keeps skips and failures for the report.
import type { ConformanceSection, ConformanceTotals, TestOutcome } from "../report/model.js";
import type { SuiteFile } from "./suite-layout.js";

type MutableTotals = { -readonly [K in keyof ConformanceTotals]: ConformanceTotals[K] };
type Skip = ConformanceSection["skips"][number];
type Failure = ConformanceSection["failures"][number];

const emptyTotals = (): MutableTotals => ({ passed: 0, failed: 0, skipped: 0, errored: 0 });

export function totalOf(totals: ConformanceTotals): number {
  return totals.passed + totals.failed + totals.skipped + totals.errored;
}

/** Bowtie's figure: everything that did not pass counts against it, skips included. */
export function complianceOf(totals: ConformanceTotals): number {
  const total = totalOf(totals);
  return total === 0 ? 0 : 1 - (totals.failed + totals.errored + totals.skipped) / total;
}

export class ConformanceTally {
  readonly totals = emptyTotals();
  readonly byKeyword: Record<string, MutableTotals> = {};
  readonly files: ({ file: string; keyword: string } & MutableTotals)[] = [];
  readonly skips: Skip[] = [];
  readonly failures: Failure[] = [];

  startFile(suiteFile: SuiteFile): void {
    this.files.push({ file: suiteFile.file, keyword: suiteFile.keyword, ...emptyTotals() });
    this.byKeyword[suiteFile.keyword] ??= emptyTotals();
  }

  count(outcome: TestOutcome, tests = 1): void {
    const file = this.files.at(-1);
    if (!file) throw new Error("ConformanceTally.count before startFile");
    for (const totals of [this.totals, this.byKeyword[file.keyword]!, file]) totals[outcome] += tests;
  }

  skip(skip: Skip): void {
    this.skips.push(skip);
    this.count("skipped", skip.tests);
  }

  fail(outcome: "failed" | "errored", failure: Failure): void {
    this.failures.push(failure);
    this.count(outcome);
  }
}
