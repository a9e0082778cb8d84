// `bench --fuzz-anchor`: the fuzz loop against the loop a team writes first, in the same minutes on
// the same machine. The naive loop: for every default catalog schema, values from json-schema-faker
// and fast-check's jsonValue (half each), judged by Ajv (the lab's reference) and lite, one thread,
// no workers, no near misses. The fuzz: `schemalab fuzz --runs N --workers 2 --seed 1 --format json`
// in a child process, as a user runs it. Rounds interleave (naive, fuzz, naive, fuzz, naive), so a
// change of machine load touches both; the figure is the ratio of cases per wall-clock second.
import { execFile } from "node:child_process";
import { loadavg } from "node:os";
import { promisify } from "node:util";
import fc from "fast-check";
import { generateSync, type JsonSchema as FakerSchema } from "json-schema-faker";
import { compile as liteCompile } from "../lite/index.js";
import { fromRoot } from "../package-root.js";
import { loadCatalogTargets } from "../diff/fuzz-targets.js";
import { createReferenceAjv, referenceSchemaOf } from "../validators/ajv-validator.js";
import { LITE_ANNOTATIONS } from "../validators/lite-validator.js";
import type { Dialect } from "../lite/dialect.js";
import { median } from "./measure-bench.js";

const run = promisify(execFile);

interface NaiveTarget {
  readonly schema: object | boolean;
  readonly reference: (value: unknown) => boolean;
  readonly candidate: (value: unknown) => boolean;
}

export interface NaiveRound {
  readonly cases: number;
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly disagreements: number;
}

export interface FuzzRound {
  readonly cases: number;
  readonly wallMs: number;
  readonly casesPerSecond: number;
  readonly cpuMs: number | null;
  readonly validShare: number;
  readonly judgingShare: number | null;
  readonly phaseMs: Readonly<Record<string, number>> | null;
  /**
   * Where the round's wall time went: `beforeRun`, the process until the run's clock starts (Node, the
   * CLI's modules); `startup`, the run's clock until its last worker could take tasks (catalogs read,
   * workers loading); `cases`, the rest. Null when the fuzz did not report its start-up.
   */
  readonly timeline: { readonly beforeRun: number; readonly startup: number; readonly cases: number } | null;
}

export interface FuzzAnchorReport {
  readonly kind: "fuzz-anchor";
  readonly runs: number;
  readonly workers: number;
  readonly seed: number;
  readonly command: string;
  readonly naive: readonly NaiveRound[];
  readonly fuzz: readonly FuzzRound[];
  /** Median naive cases per wall second, and per CPU second. */
  readonly naivePerSecond: number;
  readonly naivePerCpuSecond: number;
  readonly fuzzPerSecond: number;
  /** fuzz cases/s over naive cases/s (wall clock, medians); the target is 10. */
  readonly ratio: number;
  /**
   * Median fuzz cases per second of its process CPU (both workers, the main thread, V8's background
   * threads), and that over the naive loop's: the work each case costs, which machine load moves
   * less than the wall-clock ratio (on shared cores a process with more threads gets more of them).
   * Null when the fuzz reported no CPU time.
   */
  readonly fuzzPerCpuSecond: number | null;
  readonly cpuRatio: number | null;
  readonly target: number;
  readonly pass: boolean;
  readonly loadAverage: { readonly start: readonly number[]; readonly end: readonly number[] };
}

export const FUZZ_ANCHOR_TARGET = 10;

export async function naiveTargets(): Promise<NaiveTarget[]> {
  const targets: NaiveTarget[] = [];
  const references = new Map<Dialect, ReturnType<typeof createReferenceAjv>>();
  for (const target of await loadCatalogTargets([fromRoot("suites", "catalogs")])) {
    const dialect = target.dialect ?? "draft2020-12";
    let ajv = references.get(dialect);
    if (!ajv) references.set(dialect, (ajv = createReferenceAjv(undefined, true, dialect)));
    try {
      const copy = structuredClone(referenceSchemaOf(target.schema as object | boolean, dialect));
      const reference = ajv.compile(copy);
      if (typeof copy === "object") ajv.removeSchema(copy);
      const lite = liteCompile(target.schema, { dialect, annotations: LITE_ANNOTATIONS });
      targets.push({ schema: target.schema as object | boolean, reference: (value) => reference(value) === true, candidate: (value) => lite(value).valid });
    } catch {
      continue; // a schema either side refuses is skipped, as fuzz skips it
    }
  }
  return targets;
}

/** The naive loop for `budgetMs` of wall time: batches of 64 cases per schema, half faker values, half jsonValue samples. */
export function naiveRound(targets: readonly NaiveTarget[], budgetMs: number, seed: number): NaiveRound {
  const started = performance.now();
  const cpu = process.cpuUsage();
  let cases = 0;
  let disagreements = 0;
  for (let batch = 0; performance.now() - started < budgetMs; batch++) {
    const target = targets[batch % targets.length]!;
    const values: unknown[] = fc.sample(fc.jsonValue(), { numRuns: 32, seed: seed + batch });
    for (let k = 0; k < 32; k++) {
      try {
        values.push(generateSync(target.schema as FakerSchema, { seed: seed + batch * 32 + k }));
      } catch {
        continue;
      }
    }
    for (const value of values) {
      if (target.reference(value) !== target.candidate(value)) disagreements++;
      cases++;
    }
  }
  const used = process.cpuUsage(cpu);
  return { cases, wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000, disagreements };
}

async function fuzzRound(runs: number, workers: number, seed: number): Promise<FuzzRound> {
  const started = performance.now();
  const args = [fromRoot("bin", "schemalab.js"), "fuzz", "--runs", String(runs), "--workers", String(workers), "--seed", String(seed), "--format", "json"];
  const { stdout } = await run(process.execPath, args, { maxBuffer: 256 * 1024 * 1024 });
  const wallMs = performance.now() - started;
  const section = JSON.parse(stdout) as { cases: number; stats: FuzzStats };
  const { stats } = section;
  return {
    cases: section.cases,
    wallMs,
    casesPerSecond: stats.casesPerSecond,
    cpuMs: stats.cpuMs ?? null,
    validShare: stats.validShare,
    judgingShare: stats.judgingShare ?? null,
    phaseMs: stats.phaseMs ?? null,
    timeline: timelineOf(wallMs, stats),
  };
}

export interface FuzzStats {
  readonly casesPerSecond: number;
  readonly durationMs: number;
  readonly cpuMs?: number;
  readonly validShare: number;
  readonly judgingShare?: number;
  readonly phaseMs?: Record<string, number>;
  readonly startupMs?: { readonly read: number; readonly workersReady: number };
}

/** The child's wall time cut at the run's clock and at its workers' readiness (the process exit counts as before-run). */
export function timelineOf(wallMs: number, stats: FuzzStats): FuzzRound["timeline"] {
  if (!stats.startupMs) return null;
  const startup = Math.min(stats.startupMs.workersReady, stats.durationMs);
  return { beforeRun: Math.max(0, wallMs - stats.durationMs), startup, cases: stats.durationMs - startup };
}

export interface FuzzAnchorOptions {
  readonly runs?: number;
  readonly workers?: number;
  readonly seed?: number;
  /** Wall time of each naive round (default 4000 ms). */
  readonly naiveMs?: number;
  readonly onProgress?: (line: string) => void;
}

export async function runFuzzAnchor(options: FuzzAnchorOptions = {}): Promise<FuzzAnchorReport> {
  const runs = options.runs ?? 200_000;
  const workers = options.workers ?? 2;
  const seed = options.seed ?? 1;
  const naiveMs = options.naiveMs ?? 4000;
  const start = loadavg();
  const targets = await naiveTargets();
  naiveRound(targets, naiveMs, seed); // a warm-up round, not counted: the naive loop gets its JIT too (the fuzz pays its own)
  const naive: NaiveRound[] = [];
  const fuzz: FuzzRound[] = [];
  for (let round = 0; round < 2; round++) {
    naive.push(naiveRound(targets, naiveMs, seed + round));
    options.onProgress?.(`naive round ${round + 1}: ${Math.round((naive.at(-1)!.cases * 1000) / naive.at(-1)!.wallMs)} cases/s`);
    fuzz.push(await fuzzRound(runs, workers, seed));
    options.onProgress?.(`fuzz round ${round + 1}: ${Math.round(fuzz.at(-1)!.casesPerSecond)} cases/s`);
  }
  naive.push(naiveRound(targets, naiveMs, seed + 2));
  const naivePerSecond = median(naive.map((r) => (r.cases * 1000) / r.wallMs));
  const naivePerCpuSecond = median(naive.map((r) => (r.cases * 1000) / r.cpuMs));
  const fuzzPerSecond = median(fuzz.map((r) => r.casesPerSecond));
  const ratio = fuzzPerSecond / naivePerSecond;
  const fuzzCpu = fuzz.filter((r) => r.cpuMs !== null && r.cpuMs > 0).map((r) => (r.cases * 1000) / r.cpuMs!);
  const fuzzPerCpuSecond = fuzzCpu.length > 0 ? median(fuzzCpu) : null;
  return {
    kind: "fuzz-anchor",
    runs,
    workers,
    seed,
    command: `schemalab fuzz --runs ${runs} --workers ${workers} --seed ${seed} --format json`,
    naive,
    fuzz,
    naivePerSecond,
    naivePerCpuSecond,
    fuzzPerSecond,
    ratio,
    fuzzPerCpuSecond,
    cpuRatio: fuzzPerCpuSecond === null ? null : fuzzPerCpuSecond / naivePerCpuSecond,
    target: FUZZ_ANCHOR_TARGET,
    pass: ratio >= FUZZ_ANCHOR_TARGET,
    loadAverage: { start, end: loadavg() },
  };
}

function whereTimeGoes(timeline: NonNullable<FuzzRound["timeline"]>): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return `${s(timeline.beforeRun)} Node and the CLI before the run's clock, ${s(timeline.startup)} start-up (catalogs read, workers loading), ${s(timeline.cases)} cases`;
}

export function formatFuzzAnchorText(report: FuzzAnchorReport): string {
  const load = (l: readonly number[]) => l.map((n) => n.toFixed(2)).join(" ");
  const k = (n: number) => `${(n / 1000).toFixed(1)}k`;
  const fuzzLines = report.fuzz.map((r, i) => {
    const judging = r.judgingShare === null ? "" : `, judging ${(100 * r.judgingShare).toFixed(0)}% of worker time`;
    const line = `  fuzz round ${i + 1}: ${k(r.casesPerSecond)} cases/s (${r.cases} cases, ${(r.wallMs / 1000).toFixed(1)} s with start-up, CPU ${r.cpuMs === null ? "n/a" : `${(r.cpuMs / 1000).toFixed(1)} s`}), valid ${(100 * r.validShare).toFixed(1)}%${judging}`;
    return r.timeline === null ? line : `${line}\n    where the time goes: ${whereTimeGoes(r.timeline)}`;
  });
  const naiveLines = report.naive.map((r, i) => `  naive round ${i + 1}: ${k((r.cases * 1000) / r.wallMs)} cases/s (${r.cases} cases; ${k((r.cases * 1000) / r.cpuMs)} per CPU second; ${r.disagreements} disagreements)`);
  return [
    `bench --fuzz-anchor: ${report.command} against the naive loop (json-schema-faker + fast-check jsonValue, Ajv against lite, one thread)`,
    `load average ${load(report.loadAverage.start)} at the start, ${load(report.loadAverage.end)} at the end`,
    ...naiveLines,
    ...fuzzLines,
    `  ${report.pass ? "pass" : "MISS"}  fuzz ${k(report.fuzzPerSecond)} cases/s = ${report.ratio.toFixed(1)}x the naive loop's ${k(report.naivePerSecond)} (target >= ${report.target}x)`,
    ...(report.fuzzPerCpuSecond === null || report.cpuRatio === null
      ? []
      : [`  per CPU second: fuzz ${k(report.fuzzPerCpuSecond)} cases (whole process) = ${report.cpuRatio.toFixed(1)}x the naive loop's ${k(report.naivePerCpuSecond)}`]),
    "",
  ].join("\n");
}
