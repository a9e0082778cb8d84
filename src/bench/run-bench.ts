// One benchmark run: Ajv (the reference) and each candidate over the same corpora (the declared
// catalogs, and generated tool-shaped schemas with near-miss arguments), then both bundle sizes.
import type { DeclaredSchema } from "../schema/types.js";
import { createReferenceAjv } from "../validators/ajv-validator.js";
import { buildBenchCorpus, refusalBy, type BenchCase } from "./bench-corpus.js";
import { judgeTargets, withRatios, type BenchReport, type CorpusSummary, type SubjectReport } from "./bench-report.js";
import type { BenchSubject } from "./bench-subjects.js";
import { liteEntry, measureLiteBundle } from "./measure-bundle.js";
import { measureSubjects } from "./measure-bench.js";
import { measurePatternEngines } from "./measure-patterns.js";
import { toolShapedCases } from "./tool-shaped-corpus.js";

export interface RunBenchOptions {
  readonly schemas: readonly DeclaredSchema[];
  readonly reference: BenchSubject;
  readonly candidates: readonly BenchSubject[];
  /** Time budget per task in milliseconds. */
  readonly timeMs: number;
  readonly seed: number;
  readonly instancesPerSchema?: number;
  /** Tool-shaped schemas generated (default 30). */
  readonly toolShapedSchemas?: number;
}

/** Nothing to measure is bad input, not a zero: the caller names where the schemas came from. */
export class EmptyBenchCorpusError extends Error {
  override readonly name = "EmptyBenchCorpusError";
}

function summary(cases: readonly BenchCase[], excluded: CorpusSummary["excluded"]): CorpusSummary {
  return {
    schemas: cases.length,
    validInstances: cases.reduce((sum, c) => sum + c.valid.length, 0),
    invalidInstances: cases.reduce((sum, c) => sum + c.invalid.length, 0),
    excluded,
  };
}

/** Generated tool-shaped cases, each value's verdict confirmed by the reference Ajv; those a subject refuses are left out. */
function toolShapedCorpus(subjects: readonly BenchSubject[], options: RunBenchOptions): { cases: BenchCase[]; excluded: CorpusSummary["excluded"] } {
  const ajv = createReferenceAjv();
  const reference = (schema: object) => {
    const validate = ajv.compile(structuredClone(schema));
    return (value: unknown) => validate(value) === true;
  };
  const generated = toolShapedCases(options.seed, options.toolShapedSchemas ?? 30, options.instancesPerSchema ?? 5, reference);
  const excluded: { schemaId: string; reason: string }[] = [];
  const cases = generated.filter((c) => {
    const refusal = refusalBy(subjects, c.schema);
    if (refusal) excluded.push({ schemaId: c.schemaId, reason: refusal });
    return refusal === null;
  });
  return { cases, excluded };
}

async function measureCorpus(subjects: readonly BenchSubject[], cases: readonly BenchCase[], timeMs: number): Promise<SubjectReport[]> {
  if (cases.length === 0) return [];
  const [reference, ...candidates] = await measureSubjects(subjects, cases, timeMs);
  return [reference!, ...candidates].map((measured) => withRatios(measured, reference!));
}

export async function runBench(options: RunBenchOptions): Promise<BenchReport> {
  const subjects = [options.reference, ...options.candidates];
  const corpus = buildBenchCorpus(options.schemas, subjects, { seed: options.seed, instancesPerSchema: options.instancesPerSchema });
  if (corpus.cases.length === 0) {
    const why = corpus.excluded.map(({ schemaId, reason }) => `${schemaId}: ${reason}`).join("; ");
    throw new EmptyBenchCorpusError(`no schema to benchmark among ${options.schemas.length}${why ? ` (${why})` : ""}`);
  }
  const reports = await measureCorpus(subjects, corpus.cases, options.timeMs);
  const tools = toolShapedCorpus(subjects, options);
  const toolReports = await measureCorpus(subjects, tools.cases, options.timeMs);
  const patternEngines = await measurePatternEngines([...corpus.cases, ...tools.cases], options.timeMs);
  const [bundle, coreBundle] = [await measureLiteBundle(liteEntry("index")), await measureLiteBundle(liteEntry("core"))];
  return {
    kind: "bench",
    reference: options.reference.name,
    seed: options.seed,
    timeMs: options.timeMs,
    corpus: summary(corpus.cases, corpus.excluded),
    subjects: reports,
    toolShaped: { corpus: summary(tools.cases, tools.excluded), subjects: toolReports },
    patternEngines,
    bundle,
    coreBundle,
    targets: judgeTargets({ catalogs: reports, toolShaped: toolReports }, coreBundle, "schemalab/lite"),
  };
}
