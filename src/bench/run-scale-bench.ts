// `bench --scale`: builds the scale corpus in a temporary folder, times check over it in a child
// process (its own peak RSS), then the size ladder in this one. A benchmark, not a test: figures only.
import { fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { measureCheckFolder, type ScaleCheckMeasure } from "./scale-check-measure.js";
import { writeScaleCorpus, type ScaleCorpus } from "./scale-corpus.js";
import { LADDER_TARGET_BYTES, measureLadder, type LadderRung } from "./scale-size-ladder.js";

export interface ScaleBenchOptions {
  readonly count: number;
  readonly githubFile: string;
  /** Sizes of the ladder's rungs in bytes; empty skips the ladder. */
  readonly ladder?: readonly number[];
  /** Measure in this process (tests); the peak RSS is then this process's. */
  readonly inProcess?: boolean;
}

export interface ScaleBenchReport {
  readonly kind: "bench-scale";
  readonly node: string;
  readonly cpus: number;
  readonly corpus: Omit<ScaleCorpus, "folder">;
  readonly check: ScaleCheckMeasure & { readonly measuredIn: "child-process" | "this-process" };
  readonly ladder: readonly LadderRung[];
}

export async function runScaleBench(options: ScaleBenchOptions): Promise<ScaleBenchReport> {
  const folder = mkdtempSync(join(tmpdir(), "schemalab-scale-"));
  try {
    const { folder: _written, ...corpus } = writeScaleCorpus(folder, { count: options.count, githubFile: options.githubFile });
    const check = options.inProcess ? { ...(await measureCheckFolder(folder)), measuredIn: "this-process" as const } : { ...(await measureInChild(folder)), measuredIn: "child-process" as const };
    const ladder = measureLadder(options.ladder ?? LADDER_TARGET_BYTES);
    const { availableParallelism } = await import("node:os");
    return { kind: "bench-scale", node: process.version, cpus: availableParallelism(), corpus, check, ladder };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The child is this module's sibling, in the same form (compiled .js, or .ts under a loader). */
function measureInChild(folder: string): Promise<ScaleCheckMeasure> {
  const here = fileURLToPath(import.meta.url);
  const child = here.replace(/run-scale-bench\.(ts|js)$/, "scale-check-child.$1");
  return new Promise((resolve, reject) => {
    const process = fork(child, [folder], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
    let measure: ScaleCheckMeasure | undefined;
    process.on("message", (message) => (measure = message as ScaleCheckMeasure));
    process.on("error", reject);
    process.on("exit", (code) => (measure ? resolve(measure) : reject(new Error(`the check child exited with code ${code} before reporting`))));
  });
}
