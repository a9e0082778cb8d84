// The `bench --scale` text view: the corpus, the check over it (total and per schema, CPU and RSS),
// and the size ladder as a table whose last column shows whether time per KB stays flat.
import type { ScaleBenchReport } from "./run-scale-bench.js";

const kb = (bytes: number): string => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MB` : `${(bytes / 1024).toFixed(1)} KB`);
const ms = (value: number): string => (value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${value.toFixed(value < 10 ? 2 : 0)} ms`);

export function formatScaleBenchText(report: ScaleBenchReport): string {
  const { corpus, check, ladder } = report;
  const lines = [
    `bench --scale (node ${report.node}, ${report.cpus} CPU(s))`,
    `corpus: ${corpus.schemas.github} GitHub schemas, ${corpus.schemas.kubernetes} Kubernetes-shaped kinds, ${corpus.schemas.tools} tools in one catalog; ${kb(corpus.bytes)}, largest file ${kb(corpus.largest.bytes)}`,
  ];
  if (corpus.githubMissing) lines.push(`  GitHub's OpenAPI description not used: ${corpus.githubMissing}; the corpus is generated only`);
  const verdicts = Object.entries(check.verdicts).map(([verdict, count]) => `${count} ${verdict}`).join(", ");
  lines.push(
    `check: ${check.schemas} schemas x ${check.targets} targets = ${check.pairs} pairs (${verdicts})`,
    `  wall ${ms(check.wallMs)}, CPU ${ms(check.cpuMs)} (${check.workers === 0 ? "main thread" : `${check.workers} worker threads`}), peak RSS ${check.maxRssMb.toFixed(0)} MB (${check.measuredIn}), JSON output ${kb(check.outputBytes)}`,
    `  per schema: mean ${ms(check.perSchemaMs.mean)}, p50 ${ms(check.perSchemaMs.p50)}, p99 ${ms(check.perSchemaMs.p99)}, max ${ms(check.perSchemaMs.max)}`,
    `  largest file: ${check.largest.file} (${kb(check.largest.bytes)}, ${check.largest.schemas} schema(s)) in ${ms(check.largest.ms)}`,
  );
  if (ladder.length > 0) {
    lines.push("", "size ladder (one schema against every documented target of its role, CPU time):", "| size | subschemas | pairs | time per schema | ms per KB |", "| ---: | ---: | ---: | ---: | ---: |");
    for (const rung of ladder) lines.push(`| ${kb(rung.bytes)} | ${rung.subschemas} | ${rung.pairs} | ${ms(rung.ms)} | ${rung.msPerKb.toFixed(3)} |`);
  }
  return `${lines.join("\n")}\n`;
}
