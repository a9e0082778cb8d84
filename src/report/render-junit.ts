// JUnit XML for CI test tabs: one testsuite per section kind, one testcase per thing a reader would
// want to see pass or fail. A failure means something to act on: a candidate finding, a failed
// conformance keyword, a probe that contradicts its documented profile, a schema a target rejects,
// a failed dispatch case, a breaking change without a version bump, a drift regression.
import type {
  CheckResult,
  CheckSection,
  CompatSection,
  ConformanceSection,
  DispatchSection,
  FuzzFinding,
  FuzzSection,
  ProbeSection,
  ResultsDocument,
  Section,
} from "./model.js";
import { SECTION_KINDS, sectionsOfKind } from "./model.js";
import { escapeXmlAttribute, escapeXmlText } from "./xml-escape.js";
import { formatToolRuleFinding } from "../schema/sources/tool-rules.js";

interface Outcome {
  readonly message: string;
  readonly details: string;
}

interface JunitCase {
  readonly classname: string;
  readonly name: string;
  readonly failure?: Outcome & { readonly type: string };
  readonly error?: Outcome;
  readonly skipped?: string;
  readonly systemOut?: string;
}

const json = (value: unknown) => JSON.stringify(value, null, 2) ?? "undefined";
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function findingDetails(finding: FuzzFinding): string {
  return [
    `${finding.id}: ${finding.direction} at ${finding.path} (${finding.feature}), ${finding.adjudication}, seen ${finding.count}x`,
    ...(finding.explanation ? [finding.explanation] : []),
    `schema: ${json(finding.example.schema)}`,
    `instance: ${json(finding.example.instance)}`,
    `replay: ${finding.replay}`,
  ].join("\n");
}

function fuzzCases(section: FuzzSection): JunitCase[] {
  const classname = `fuzz.${section.validator}`;
  const schemaIds = [...new Set([...section.targets.map((t) => t.schemaId), ...section.findings.map((f) => f.schemaId)])];
  const tested = schemaIds.map((schemaId): JunitCase => {
    const findings = section.findings.filter((f) => f.schemaId === schemaId);
    const blamed = findings.filter((f) => f.adjudication !== "reference-wrong");
    const details = findings.map(findingDetails).join("\n\n");
    if (blamed.length === 0) return { classname, name: schemaId, ...(details ? { systemOut: `reference-wrong findings only:\n${details}` } : {}) };
    const message = `${plural(blamed.length, "finding")} against ${section.reference}`;
    return { classname, name: schemaId, failure: { type: "fuzz-finding", message, details } };
  });
  const unsupported = section.unsupported.map((u) => ({ classname, name: u.schemaId, skipped: `unsupported by ${section.validator}: ${u.reason}` }));
  return [...tested, ...unsupported];
}

function conformanceCases(section: ConformanceSection): JunitCase[] {
  // Sections written before dialects (draft 2020-12) keep their classname.
  const classname = `conformance.${section.validator}${section.dialect ? `.${section.dialect}` : ""}`;
  return Object.entries(section.byKeyword).map(([keyword, totals]): JunitCase => {
    const files = new Set(section.files.filter((f) => f.keyword === keyword).map((f) => f.file));
    const failures = section.failures.filter((f) => files.has(f.file));
    const details = failures
      .map((f) => `${f.file} · ${f.group} · ${f.test}: expected ${f.expected}, got ${String(f.got)}\nschema: ${json(f.schema)}\ndata: ${json(f.data)}`)
      .join("\n\n");
    const total = totals.passed + totals.failed + totals.skipped + totals.errored;
    if (totals.failed > 0) return { classname, name: keyword, failure: { type: "conformance", message: `${totals.failed} of ${total} tests failed`, details } };
    if (totals.errored > 0) return { classname, name: keyword, error: { message: `${totals.errored} of ${total} tests errored`, details } };
    if (totals.passed === 0 && totals.skipped > 0) {
      const reasons = section.skips.filter((s) => files.has(s.file)).map((s) => s.reason);
      return { classname, name: keyword, skipped: [...new Set(reasons)].join("; ") || "all tests skipped" };
    }
    return { classname, name: keyword, ...(totals.skipped ? { systemOut: `${totals.skipped} skipped` } : {}) };
  });
}

function probeCases(section: ProbeSection): JunitCase[] {
  return section.modes.flatMap(({ mode, features }) => {
    const classname = `probe.${section.provider}.${section.model}${section.emulated ? ".emulated" : ""}.${mode}`;
    return Object.entries(features).map(([feature, cell]): JunitCase => {
      const evidence = json(cell.evidence);
      const differs = section.diffFromProfile.find((d) => d.mode === mode && d.feature === feature);
      if (cell.status === "error") return { classname, name: feature, error: { message: "probe inconclusive", details: evidence } };
      // A cell the profile leaves unknown is a new fact, not a failure: it passes, saying so.
      const gap = section.measuredWhereUnknown.some((d) => d.mode === mode && d.feature === feature);
      if (!differs) return { classname, name: feature, systemOut: `${cell.status}${gap ? " (new: the profile says unknown)" : ""}\n${evidence}` };
      const message = `measured ${differs.measured}, profile documents ${differs.documented}`;
      return { classname, name: feature, failure: { type: "profile-mismatch", message, details: evidence } };
    });
  });
}

function checkNotes(result: CheckResult, notes: CheckSection["notes"]): string {
  const text = (id: string): string => notes[id] ?? id;
  return [
    `verdict: ${result.verdict}`,
    `fallback: ${result.fallback.rung} (${text(result.fallback.reason)})`,
    ...result.obligations.map((o) => `obligation ${o.kind} at ${o.paths.join(", ")}: ${text(o.note)}`),
    ...result.changes.map((c) => `change ${c.kind} ${c.keyword} at ${c.paths.join(", ")}: ${text(c.reason)}${c.lossy ? " (lossy)" : ""}`),
    ...result.ignored.map((i) => `ignored ${i.feature} at ${i.paths.join(", ")}: ${text(i.note)}`),
    ...result.rejected.map((r) => `rejected ${r.feature} at ${r.path}: ${text(r.error)}`),
  ].join("\n");
}

function checkCases(section: CheckSection): JunitCase[] {
  // A tool-list rule broken on a target fails every request there: an error fails its case, a warning passes, said.
  const toolList = (section.toolListFindings ?? []).map((finding): JunitCase => {
    const base = { classname: `check.${section.source}.tool-list`, name: `${finding.schemaId} ${finding.rule}` };
    const text = formatToolRuleFinding(finding);
    return finding.severity === "error" ? { ...base, failure: { type: "tool-list", message: finding.message, details: text } } : { ...base, systemOut: text };
  });
  return [...toolList, ...checkResultCases(section)];
}

function checkResultCases(section: CheckSection): JunitCase[] {
  return section.results.map((result): JunitCase => {
    const base = { classname: `check.${section.source}.${result.target}`, name: result.schemaId };
    // Needing local validation is a standing property of a target, not a failure to act on each night.
    if (result.verdict !== "rejected") return { ...base, systemOut: checkNotes(result, section.notes) };
    const message = `${result.target} rejects this schema; fallback: ${result.fallback.rung}`;
    return { ...base, failure: { type: "rejected", message, details: checkNotes(result, section.notes) } };
  });
}

function dispatchCases(section: DispatchSection): JunitCase[] {
  return section.cases.map((c): JunitCase => {
    const base = { classname: `dispatch.${section.dispatcher}.${c.provider}`, name: `${c.fixture} ${c.property}` };
    return c.passed ? { ...base, systemOut: c.detail } : { ...base, failure: { type: "dispatch", message: c.detail, details: c.detail } };
  });
}

function compatCases(section: CompatSection): JunitCase[] {
  return section.results.map((r): JunitCase => {
    const base = { classname: `compat.${r.direction}`, name: `${r.schemaId} ${r.oldVersion ?? "?"} → ${r.newVersion ?? "?"}` };
    const details = [
      ...(r.undetermined ?? []).map((reason) => `undetermined: ${reason}`),
      ...r.changes.map((c) => `${c.kind} at ${c.path}: ${c.rule}; migration: ${c.migration} (${c.method})`),
      ...(r.counterexample ? [`counterexample: ${json(r.counterexample.value)}`, `replay: ${r.counterexample.replay}`] : []),
    ].join("\n");
    if (r.verdict === "breaking" && !r.versionBumped) {
      return { ...base, failure: { type: "breaking-change", message: `breaking ${r.direction} change without a major version bump (semver)`, details } };
    }
    if (r.verdict === "undetermined") {
      return { ...base, failure: { type: "undetermined", message: `compat could not decide ${r.direction}: a search could not run`, details } };
    }
    return { ...base, systemOut: `${r.verdict}${r.versionBumped ? " (major version bump)" : ""}\n${details}` };
  });
}

function casesOf(section: Section): JunitCase[] {
  switch (section.kind) {
    case "fuzz":
      return fuzzCases(section);
    case "conformance":
      return conformanceCases(section);
    case "probe":
      return probeCases(section);
    case "check":
      return checkCases(section);
    case "dispatch":
      return dispatchCases(section);
    case "compat":
      return compatCases(section);
    case "catalog":
      return [];
  }
}

function runCases(document: ResultsDocument): JunitCase[] {
  const partial = { message: "partial run: the run did not finish (interrupted, or a step failed)", details: `started ${document.header.startedAt}` };
  const complete: JunitCase = { classname: "run", name: "results complete", ...(document.footer.complete ? {} : { error: partial }) };
  const drift = (document.drift?.items ?? []).map((item): JunitCase => {
    const base = { classname: `drift.${item.kind}`, name: item.key };
    const details = `before: ${item.before ?? "-"}\nafter: ${item.after ?? "-"}`;
    return item.regression ? { ...base, failure: { type: "regression", message: item.detail, details } } : { ...base, systemOut: item.detail };
  });
  return [complete, ...drift];
}

function renderCase(c: JunitCase): string {
  const open = `    <testcase classname="${escapeXmlAttribute(c.classname)}" name="${escapeXmlAttribute(c.name)}"`;
  const body = [
    c.failure && `      <failure type="${escapeXmlAttribute(c.failure.type)}" message="${escapeXmlAttribute(c.failure.message)}">${escapeXmlText(c.failure.details)}</failure>`,
    c.error && `      <error message="${escapeXmlAttribute(c.error.message)}">${escapeXmlText(c.error.details)}</error>`,
    c.skipped !== undefined && `      <skipped message="${escapeXmlAttribute(c.skipped)}"/>`,
    c.systemOut && `      <system-out>${escapeXmlText(c.systemOut)}</system-out>`,
  ].filter((line): line is string => typeof line === "string");
  return body.length ? `${open}>\n${body.join("\n")}\n    </testcase>` : `${open}/>`;
}

interface Counts {
  readonly tests: number;
  readonly failures: number;
  readonly errors: number;
  readonly skipped: number;
}

function count(cases: readonly JunitCase[]): Counts {
  return { tests: cases.length, failures: cases.filter((c) => c.failure).length, errors: cases.filter((c) => c.error).length, skipped: cases.filter((c) => c.skipped !== undefined).length };
}

const countAttributes = (c: Counts) => `tests="${c.tests}" failures="${c.failures}" errors="${c.errors}" skipped="${c.skipped}"`;

export function renderJunit(document: ResultsDocument): string {
  const suites: [string, JunitCase[]][] = [
    ...SECTION_KINDS.map((kind): [string, JunitCase[]] => [kind, sectionsOfKind(document, kind).flatMap(casesOf)]),
    ["run", runCases(document)],
  ];
  const present = suites.filter(([, cases]) => cases.length > 0);
  const all = present.flatMap(([, cases]) => cases);
  const timestamp = escapeXmlAttribute(document.header.startedAt);
  const rendered = present.map(
    ([name, cases]) =>
      `  <testsuite name="schemalab.${name}" ${countAttributes(count(cases))} timestamp="${timestamp}">\n${cases.map(renderCase).join("\n")}\n  </testsuite>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="schemalab" ${countAttributes(count(all))}>\n${rendered.join("\n")}\n</testsuites>\n`;
}
