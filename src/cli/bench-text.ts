// The readable view of a benchmark: per corpus and subject throughput and compile time, ratios
// against Ajv (default options), bundle sizes, targets.
import type { BenchReport, CorpusReport, SubjectReport } from "../bench/bench-report.js";
import type { BundleMeasurement } from "../bench/measure-bundle.js";

const count = (n: number) => Math.round(n).toLocaleString("en-US");
const ratio = (n: number | null) => (n === null ? "n/a" : `${n >= 10 ? n.toFixed(0) : n.toFixed(2)}x`);

const span = ([low, high]: readonly [number, number]) => `${ratio(low)}-${ratio(high)}`;

function subjectLines(subjects: readonly SubjectReport[]): string[] {
  const width = Math.max(...subjects.map((s) => s.name.length), 9);
  const header = `  ${"validator".padEnd(width)} ${"valid/s".padStart(11)} ${"invalid/s".padStart(11)} ${"compile µs".padStart(11)}   vs Ajv: valid, invalid (all errors), compile`;
  return [
    header,
    ...subjects.map((s) => {
      const cells = `  ${s.name.padEnd(width)} ${count(s.validPerSecond).padStart(11)} ${count(s.invalidPerSecond).padStart(11)} ${s.compileMicrosPerSchema.toFixed(1).padStart(11)}`;
      if (!s.ratios) return `${cells}   (reference)`;
      const range = s.ratioRange;
      const spread = range ? `   rounds: ${span(range.validate)}, ${span(range.validateInvalid)}, ${span(range.compile)}` : "";
      return `${cells}   ${ratio(s.ratios.validate)}, ${ratio(s.ratios.validateInvalid)}, ${ratio(s.ratios.compile)}${spread}`;
    }),
  ];
}

function corpusLines(corpus: CorpusReport): string[] {
  const excluded = [
    ...corpus.excluded.map(({ schemaId, reason }) => `  excluded ${schemaId}: ${reason}`),
    ...(corpus.disputed ?? []).map(({ schemaId, instances, reason }) => `  left out ${instances} instance(s) of ${schemaId}: ${reason}`),
    ...corpus.peersNotMeasured.map(({ name, reason }) => `  peer ${name} not timed here: ${reason}`),
  ];
  const head = `${corpus.name}: ${corpus.schemas} schemas, ${corpus.validInstances} valid and ${corpus.invalidInstances} invalid instances (${corpus.description})`;
  return [head, ...excluded, ...(corpus.subjects.length > 0 ? subjectLines(corpus.subjects) : ["  nothing measured"]), ""];
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

function contextLines(report: BenchReport): string[] {
  const load = (l: readonly number[]) => l.map((n) => n.toFixed(2)).join(" ");
  return [
    `bench: seed ${report.seed}, ${report.timeMs} ms per task, load average ${load(report.loadAverage.start)} at the start, ${load(report.loadAverage.end)} at the end`,
    ...report.setups.map(({ name, setup }) => `  ${name}: ${setup}`),
    ...report.absentPeers.map((peer) => `  peer not installed: ${peer}`),
    ...report.absentCorpora.map(({ name, reason }) => `  corpus ${name} not measured: ${reason}`),
    ...(report.ajvStrictFallbacks.length > 0 ? [`  Ajv's strict mode refused ${report.ajvStrictFallbacks.length} schema(s), compiled with { strict: false } as a user would: ${report.ajvStrictFallbacks.join(", ")}`] : []),
    "",
  ];
}

export function formatBenchText(report: BenchReport): string {
  return [
    ...contextLines(report),
    ...report.corpora.flatMap(corpusLines),
    ...patternLines(report),
    bundleLine("schemalab/lite", report.bundle),
    bundleLine("schemalab/lite/core", report.coreBundle),
    ...report.coreImports.map(({ modules, bundle }) => bundleLine(`  core's compileWith([${modules.join(", ")}])`, bundle)),
    "",
    "targets:",
    ...targetLines(report),
  ].join("\n") + "\n";
}
