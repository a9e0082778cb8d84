// The readable view of a benchmark: per corpus and subject throughput and compile time, ratios,
// bundle sizes, targets.
import type { BenchReport, CorpusSummary, SubjectReport } from "../bench/bench-report.js";
import type { BundleMeasurement } from "../bench/measure-bundle.js";

const count = (n: number) => Math.round(n).toLocaleString("en-US");
const ratio = (n: number | null) => (n === null ? "n/a" : `${n >= 10 ? n.toFixed(0) : n.toFixed(2)}x`);

function subjectLines(subjects: readonly SubjectReport[]): string[] {
  const width = Math.max(...subjects.map((s) => s.name.length), 9);
  const header = `${"validator".padEnd(width)} ${"valid/s".padStart(12)} ${"invalid/s".padStart(12)} ${"compile µs".padStart(11)}`;
  return [
    header,
    ...subjects.map((s) => {
      const cells = `${s.name.padEnd(width)} ${count(s.validPerSecond).padStart(12)} ${count(s.invalidPerSecond).padStart(12)} ${s.compileMicrosPerSchema.toFixed(1).padStart(11)}`;
      return s.ratios ? `${cells}   vs Ajv: validate ${ratio(s.ratios.validate)}, invalid ${ratio(s.ratios.validateInvalid)}, compile ${ratio(s.ratios.compile)} faster` : cells;
    }),
  ];
}

function corpusLines(title: string, corpus: CorpusSummary, subjects: readonly SubjectReport[]): string[] {
  const excluded = corpus.excluded.map(({ schemaId, reason }) => `  excluded ${schemaId}: ${reason}`);
  const head = `${title}: ${corpus.schemas} schemas, ${corpus.validInstances} valid and ${corpus.invalidInstances} invalid instances`;
  return [head, ...excluded, ...(subjects.length > 0 ? subjectLines(subjects) : ["  nothing measured"]), ""];
}

function bundleLine(name: string, bundle: BundleMeasurement): string {
  if ("error" in bundle) return `${name} bundle: unavailable (${bundle.error})`;
  return `${name} bundle: ${count(bundle.minifiedBytes)} B minified, ${count(bundle.gzipBytes)} B gzip -9`;
}

function patternLines({ patternEngines: p }: BenchReport): string[] {
  const { native, lite, linear, re2js } = p.perSecond;
  const re2 = re2js === null ? "re2js not installed" : `re2js ${count(re2js)}/s (linear matcher ${ratio(linear / re2js)} re2js)`;
  return [
    `pattern engines (${p.patterns} patterns x ${p.strings} strings${p.skipped.length > 0 ? `, ${p.skipped.length} skipped` : ""}):`,
    `  native RegExp ${count(native)}/s; lite ${count(lite)}/s (${ratio(lite / native)} native); ` +
      `lite's linear matcher alone ${count(linear)}/s (${ratio(linear / native)} native); ${re2}`,
    "",
  ];
}

function targetLines(report: BenchReport): string[] {
  return report.targets.map((t) => {
    const measured = t.measured === null ? "n/a" : t.target.includes("bundle") ? `${(t.measured / 1024).toFixed(2)} KB` : ratio(t.measured);
    return `  ${t.pass ? "pass" : "MISS"}  ${t.subject}: ${t.target} (measured ${measured})`;
  });
}

export function formatBenchText(report: BenchReport): string {
  return [
    `bench: seed ${report.seed}, ${report.timeMs} ms per task`,
    "",
    ...corpusLines("catalogs", report.corpus, report.subjects),
    ...corpusLines("tool-shaped (generated, near-miss failing arguments)", report.toolShaped.corpus, report.toolShaped.subjects),
    ...patternLines(report),
    bundleLine("schemalab/lite", report.bundle),
    bundleLine("schemalab/lite/core", report.coreBundle),
    "",
    "targets:",
    ...targetLines(report),
  ].join("\n") + "\n";
}
