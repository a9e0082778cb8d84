// The readable view of a benchmark: per subject throughput and compile time, ratios, targets.
import type { BenchReport } from "../bench/bench-report.js";

const count = (n: number) => Math.round(n).toLocaleString("en-US");
const ratio = (n: number | null) => (n === null ? "n/a" : `${n >= 10 ? n.toFixed(0) : n.toFixed(2)}x`);

function subjectLines(report: BenchReport): string[] {
  const width = Math.max(...report.subjects.map((s) => s.name.length), 9);
  const header = `${"validator".padEnd(width)} ${"valid/s".padStart(12)} ${"invalid/s".padStart(12)} ${"compile µs".padStart(11)}`;
  return [
    header,
    ...report.subjects.map((s) => {
      const cells = `${s.name.padEnd(width)} ${count(s.validPerSecond).padStart(12)} ${count(s.invalidPerSecond).padStart(12)} ${s.compileMicrosPerSchema.toFixed(1).padStart(11)}`;
      return s.ratios ? `${cells}   vs Ajv: validate ${ratio(s.ratios.validate)}, invalid ${ratio(s.ratios.validateInvalid)}, compile ${ratio(s.ratios.compile)} faster` : cells;
    }),
  ];
}

function bundleLine(report: BenchReport): string {
  const { bundle } = report;
  if ("error" in bundle) return `schemalab/lite bundle: unavailable (${bundle.error})`;
  return `schemalab/lite bundle: ${count(bundle.minifiedBytes)} B minified, ${count(bundle.gzipBytes)} B gzip -9`;
}

function targetLines(report: BenchReport): string[] {
  return report.targets.map((t) => {
    const measured = t.measured === null ? "n/a" : t.target.includes("bundle") ? `${(t.measured / 1024).toFixed(2)} KB` : ratio(t.measured);
    return `  ${t.pass ? "pass" : "MISS"}  ${t.subject}: ${t.target} (measured ${measured})`;
  });
}

export function formatBenchText(report: BenchReport): string {
  const { corpus } = report;
  const excluded = corpus.excluded.map(({ schemaId, reason }) => `  excluded ${schemaId}: ${reason}`);
  return [
    `bench: ${corpus.schemas} schemas, ${corpus.validInstances} valid and ${corpus.invalidInstances} invalid instances (seed ${report.seed}, ${report.timeMs} ms per task)`,
    ...excluded,
    "",
    ...subjectLines(report),
    "",
    bundleLine(report),
    "",
    "targets:",
    ...targetLines(report),
  ].join("\n") + "\n";
}
