// One benchmark run: Ajv (the reference) and each candidate over the same corpus, then the bundle size.
import type { DeclaredSchema } from "../schema/types.js";
import { buildBenchCorpus } from "./bench-corpus.js";
import { judgeTargets, withRatios, type BenchReport } from "./bench-report.js";
import type { BenchSubject } from "./bench-subjects.js";
import { measureLiteBundle } from "./measure-bundle.js";
import { measureSubjects } from "./measure-bench.js";

export interface RunBenchOptions {
  readonly schemas: readonly DeclaredSchema[];
  readonly reference: BenchSubject;
  readonly candidates: readonly BenchSubject[];
  /** Time budget per task in milliseconds. */
  readonly timeMs: number;
  readonly seed: number;
  readonly instancesPerSchema?: number;
}

/** Nothing to measure is bad input, not a zero: the caller names where the schemas came from. */
export class EmptyBenchCorpusError extends Error {
  override readonly name = "EmptyBenchCorpusError";
}

export async function runBench(options: RunBenchOptions): Promise<BenchReport> {
  const subjects = [options.reference, ...options.candidates];
  const corpus = buildBenchCorpus(options.schemas, subjects, { seed: options.seed, instancesPerSchema: options.instancesPerSchema });
  if (corpus.cases.length === 0) {
    const why = corpus.excluded.map(({ schemaId, reason }) => `${schemaId}: ${reason}`).join("; ");
    throw new EmptyBenchCorpusError(`no schema to benchmark among ${options.schemas.length}${why ? ` (${why})` : ""}`);
  }
  const [referenceMeasurement, ...candidateMeasurements] = await measureSubjects(subjects, corpus.cases, options.timeMs);
  const reports = [referenceMeasurement!, ...candidateMeasurements].map((measured) => withRatios(measured, referenceMeasurement!));
  const bundle = await measureLiteBundle();
  return {
    kind: "bench",
    reference: options.reference.name,
    seed: options.seed,
    timeMs: options.timeMs,
    corpus: {
      schemas: corpus.cases.length,
      validInstances: corpus.cases.reduce((sum, c) => sum + c.valid.length, 0),
      invalidInstances: corpus.cases.reduce((sum, c) => sum + c.invalid.length, 0),
      excluded: corpus.excluded,
    },
    subjects: reports,
    bundle,
    targets: judgeTargets(reports, bundle, "schemalab/lite"),
  };
}
