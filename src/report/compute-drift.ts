// Drift against a baseline: what changed since the committed results. Findings are a set
// difference on their cause (validator, schema, feature, direction, known divergence; not the path,
// so the same cause met at another path of the same schema is the same finding); only a new cause
// the lab rules the candidate's fault is a regression (undecided ones too with failOnUndecided); matrix cells, check verdicts, conformance totals, dispatch cases
// and compat verdicts are compared where both runs measured them (what only one side measured is
// not drift). A regression is a change for the worse; `report` exits 1 when there is one.
import type { CheckVerdict, ConformanceSection, ConformanceTotals, DriftItem, DriftKind, FuzzFinding, ResultsDocument } from "./model.js";
import { sectionsOfKind } from "./model.js";
import { compareStrings } from "./canonical-json.js";

const DRIFT_KIND_ORDER: readonly DriftKind[] = [
  "finding-new",
  "matrix-changed",
  "verdict-changed",
  "conformance-changed",
  "dispatch-changed",
  "compat-changed",
  "finding-fixed",
];

export interface DriftOptions {
  /** `--fail-on undecided`: new findings the lab could not rule on (and known divergences) are regressions too. */
  readonly failOnUndecided?: boolean;
}

export function computeDrift(current: ResultsDocument, baseline: ResultsDocument, options: DriftOptions = {}): DriftItem[] {
  const items = [
    ...findingDrift(current, baseline, options),
    ...matrixDrift(current, baseline),
    ...verdictDrift(current, baseline),
    ...conformanceDrift(current, baseline),
    ...dispatchDrift(current, baseline),
    ...compatDrift(current, baseline),
  ];
  return items.sort(
    (a, b) =>
      Number(b.regression) - Number(a.regression) ||
      DRIFT_KIND_ORDER.indexOf(a.kind) - DRIFT_KIND_ORDER.indexOf(b.kind) ||
      compareStrings(a.key, b.key),
  );
}


/** The cause of a finding: what drift compares. The path is left out (see the top of the file). */
export function findingCauseKey(validator: string, finding: Pick<FuzzFinding, "schemaId" | "feature" | "direction" | "knownDivergence">): string {
  return `${validator}/${finding.schemaId} ${finding.direction} ${finding.feature}${finding.knownDivergence ? ` (${finding.knownDivergence})` : ""}`;
}

/** Does a new finding regress the candidate? Only one the lab rules its fault, unless undecided ones count. */
export function isFindingRegression(finding: FuzzFinding, options: DriftOptions = {}): boolean {
  if (finding.direction === "error-location" || finding.adjudication === "reference-wrong") return false;
  if (options.failOnUndecided) return true;
  return finding.adjudication === "candidate-wrong" && finding.knownDivergence === undefined;
}

/** Findings per validator, keyed by cause (the first of a cause stands for it); validators only one run fuzzed are left out. */
function findingsByKey(document: ResultsDocument, validators: ReadonlySet<string>): Map<string, FuzzFinding> {
  const findings = new Map<string, FuzzFinding>();
  for (const section of sectionsOfKind(document, "fuzz")) {
    if (!validators.has(section.validator)) continue;
    for (const finding of section.findings) {
      const key = findingCauseKey(section.validator, finding);
      const kept = findings.get(key);
      // Where a cause has several findings, a regression-worthy one stands for it.
      if (!kept || (kept.adjudication !== "candidate-wrong" && finding.adjudication === "candidate-wrong")) findings.set(key, finding);
    }
  }
  return findings;
}

function findingDrift(current: ResultsDocument, baseline: ResultsDocument, options: DriftOptions): DriftItem[] {
  const baselineValidators = new Set(sectionsOfKind(baseline, "fuzz").map((s) => s.validator));
  const both = new Set(sectionsOfKind(current, "fuzz").map((s) => s.validator).filter((v) => baselineValidators.has(v)));
  const now = findingsByKey(current, both);
  const before = findingsByKey(baseline, both);
  const describe = (f: FuzzFinding) => `${f.direction} on ${f.schemaId} (${f.feature} at ${f.path})`;
  const added: DriftItem[] = [...now].filter(([key]) => !before.has(key)).map(([key, f]) => ({
    kind: "finding-new",
    // A new finding that is the reference's fault, undecided or a known divergence is news, not a regression.
    regression: isFindingRegression(f, options),
    key,
    after: f.adjudication,
    detail: `new finding: ${describe(f)} | ${f.adjudication}${f.knownDivergence ? ` (known divergence ${f.knownDivergence})` : ""}`,
  }));
  const fixed: DriftItem[] = [...before].filter(([key]) => !now.has(key)).map(([key, f]) => ({
    kind: "finding-fixed",
    regression: false,
    key,
    before: f.adjudication,
    detail: `no longer found: ${describe(f)}`,
  }));
  return [...added, ...fixed];
}

/** Values present on both sides under the same key, where they differ. */
function changedPairs<T>(now: ReadonlyMap<string, T>, before: ReadonlyMap<string, T>, same: (a: T, b: T) => boolean): [string, T, T][] {
  return [...now].flatMap(([key, after]) => {
    const earlier = before.get(key);
    return earlier === undefined || same(earlier, after) ? [] : [[key, earlier, after] as [string, T, T]];
  });
}

function matrixCells(document: ResultsDocument): Map<string, string> {
  const cells = new Map<string, string>();
  for (const probe of sectionsOfKind(document, "probe")) {
    const column = `${probe.provider} ${probe.model} (${probe.emulated ? "emulated" : "live"})`;
    for (const { mode, features } of probe.modes) {
      for (const [feature, cell] of Object.entries(features)) cells.set(`${column} ${mode} ${feature}`, cell.status);
    }
  }
  return cells;
}

function matrixDrift(current: ResultsDocument, baseline: ResultsDocument): DriftItem[] {
  return changedPairs(matrixCells(current), matrixCells(baseline), (a, b) => a === b).map(([key, before, after]) => ({
    kind: "matrix-changed",
    regression: before === "enforced",
    key,
    before,
    after,
    detail: `${key}: ${before} → ${after}`,
  }));
}

const WORKING_VERDICTS: readonly CheckVerdict[] = ["native", "translated"];

function verdictDrift(current: ResultsDocument, baseline: ResultsDocument): DriftItem[] {
  const verdicts = (document: ResultsDocument) =>
    new Map(sectionsOfKind(document, "check").flatMap((s) => s.results.map((r) => [`${s.source} ${r.schemaId} ${r.target}`, r.verdict] as const)));
  return changedPairs(verdicts(current), verdicts(baseline), (a, b) => a === b).map(([key, before, after]) => ({
    kind: "verdict-changed",
    regression: WORKING_VERDICTS.includes(before) && !WORKING_VERDICTS.includes(after),
    key,
    before,
    after,
    detail: `${key}: ${before} → ${after}`,
  }));
}

function describeTotals(t: ConformanceTotals): string {
  return `${t.passed} passed, ${t.failed} failed, ${t.errored} errored, ${t.skipped} skipped`;
}

/** Draft 2020-12 keeps the key it had before dialects, so an older baseline still compares. */
const conformanceKey = (s: ConformanceSection) => (s.dialect === undefined || s.dialect === "draft2020-12" ? s.validator : `${s.validator} ${s.dialect}`);

function conformanceDrift(current: ResultsDocument, baseline: ResultsDocument): DriftItem[] {
  const keywords = (document: ResultsDocument) =>
    new Map(sectionsOfKind(document, "conformance").flatMap((s) => Object.entries(s.byKeyword).map(([keyword, t]) => [`${conformanceKey(s)} ${keyword}`, t] as const)));
  const same = (a: ConformanceTotals, b: ConformanceTotals) => describeTotals(a) === describeTotals(b);
  return changedPairs(keywords(current), keywords(baseline), same).map(([key, before, after]) => ({
    kind: "conformance-changed",
    regression: after.failed + after.errored > before.failed + before.errored || after.passed < before.passed,
    key,
    before: describeTotals(before),
    after: describeTotals(after),
    detail: `${key}: ${describeTotals(before)} → ${describeTotals(after)}`,
  }));
}

function dispatchDrift(current: ResultsDocument, baseline: ResultsDocument): DriftItem[] {
  const outcomes = (document: ResultsDocument) =>
    new Map(sectionsOfKind(document, "dispatch").flatMap((s) => s.cases.map((c) => [`${s.dispatcher} ${c.provider} ${c.fixture} ${c.property}`, c] as const)));
  return changedPairs(outcomes(current), outcomes(baseline), (a, b) => a.passed === b.passed).map(([key, before, after]) => ({
    kind: "dispatch-changed",
    regression: before.passed,
    key,
    before: before.passed ? "passed" : "failed",
    after: after.passed ? "passed" : "failed",
    detail: `${key}: ${after.passed ? "passes again" : `now fails: ${after.detail}`}`,
  }));
}

function compatDrift(current: ResultsDocument, baseline: ResultsDocument): DriftItem[] {
  const verdicts = (document: ResultsDocument) =>
    new Map(sectionsOfKind(document, "compat").flatMap((s) => s.results.map((r) => [`${r.schemaId} ${r.direction}`, r] as const)));
  return changedPairs(verdicts(current), verdicts(baseline), (a, b) => a.verdict === b.verdict).map(([key, before, after]) => ({
    kind: "compat-changed",
    regression: after.verdict !== "compatible",
    key,
    before: `${before.verdict} (${before.oldVersion ?? "?"} → ${before.newVersion ?? "?"})`,
    after: `${after.verdict} (${after.oldVersion ?? "?"} → ${after.newVersion ?? "?"})`,
    detail: `${key}: ${before.verdict} → ${after.verdict}`,
  }));
}
