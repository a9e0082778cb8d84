// One benchmark run: Ajv as its users run it (the reference of every ratio), lite and the peers over
// each corpus in one process, then the regex engines and both bundle sizes.
import { loadavg } from "node:os";
import type { DeclaredSchema } from "../schema/types.js";
import { ajvDefaultSubject } from "./ajv-default-subject.js";
import { refusalBy } from "./bench-corpus.js";
import { buildCorpora, type NamedCorpus } from "./bench-corpora.js";
import { judgeTargets, withRatios, type BenchReport, type CorpusReport, type SubjectReport } from "./bench-report.js";
import type { BenchSubject } from "./bench-subjects.js";
import { CORE_IMPORTS, liteEntry, measureCoreImport, measureLiteBundle } from "./measure-bundle.js";
import { measureSubjects } from "./measure-bench.js";
import { measurePatternEngines } from "./measure-patterns.js";

export interface RunBenchOptions {
  readonly schemas: readonly DeclaredSchema[];
  /** lite and/or users' modules. */
  readonly candidates: readonly BenchSubject[];
  /** Other validators, timed beside them (context: no target). */
  readonly peers: readonly BenchSubject[];
  readonly absentPeers?: readonly string[];
  /** Time budget per task in milliseconds. */
  readonly timeMs: number;
  readonly seed: number;
  readonly instancesPerSchema?: number;
  /** Tool-shaped schemas generated (default 30). */
  readonly toolShapedSchemas?: number;
  readonly githubFile: string;
  readonly githubSample?: number;
  /** Corpora to measure (default all); e.g. ["catalogs"] for a quick run. */
  readonly only?: readonly string[];
}

/** Nothing to measure is bad input, not a zero: the caller names where the schemas came from. */
export class EmptyBenchCorpusError extends Error {
  override readonly name = "EmptyBenchCorpusError";
}

async function measureCorpus(subjects: readonly BenchSubject[], corpus: NamedCorpus, timeMs: number): Promise<CorpusReport> {
  const base = {
    name: corpus.name,
    description: corpus.description,
    schemas: corpus.cases.length,
    validInstances: corpus.cases.reduce((sum, c) => sum + c.valid.length, 0),
    invalidInstances: corpus.cases.reduce((sum, c) => sum + c.invalid.length, 0),
    excluded: corpus.excluded,
    disputed: corpus.disputed,
  };
  const peersNotMeasured: { name: string; reason: string }[] = [];
  const timed: BenchSubject[] = [];
  for (const subject of subjects) {
    const refusals = subject.peer ? await peerRefusals(subject, corpus) : [];
    if (refusals.length === 0) timed.push(subject);
    else peersNotMeasured.push({ name: subject.name, reason: `refuses ${refusals.length} of ${corpus.cases.length} schemas (${refusals[0]})` });
  }
  if (corpus.cases.length === 0) return { ...base, subjects: [], peersNotMeasured };
  const [reference, ...others] = await measureSubjects(timed, corpus.cases, timeMs);
  const reports: SubjectReport[] = [reference!, ...others].map((measured) => withRatios(measured, reference!));
  return { ...base, subjects: reports, peersNotMeasured };
}

async function peerRefusals(peer: BenchSubject, corpus: NamedCorpus): Promise<string[]> {
  const refusals: string[] = [];
  for (const c of corpus.cases) {
    const refusal = await refusalBy([peer], c.schema, c.dialect, c.schemaId);
    if (refusal) refusals.push(`${c.schemaId}: ${refusal.replace(`${peer.name} refuses it: `, "")}`);
  }
  return refusals;
}

export async function runBench(options: RunBenchOptions): Promise<BenchReport> {
  const loadStart = loadavg();
  const ajv = ajvDefaultSubject();
  const subjects = [ajv, ...options.candidates, ...options.peers];
  const built = await buildCorpora(subjects, {
    catalogs: options.schemas,
    seed: options.seed,
    githubFile: options.githubFile,
    ...(options.instancesPerSchema ? { instancesPerSchema: options.instancesPerSchema } : {}),
    ...(options.toolShapedSchemas ? { toolShapedSchemas: options.toolShapedSchemas } : {}),
    ...(options.githubSample ? { githubSample: options.githubSample } : {}),
    ...(options.only ? { only: options.only } : {}),
  });
  const wanted = built.corpora.filter((c) => !options.only || options.only.includes(c.name));
  const catalogs = wanted.find((c) => c.name === "catalogs");
  if (catalogs && catalogs.cases.length === 0) {
    const why = catalogs.excluded.map(({ schemaId, reason }) => `${schemaId}: ${reason}`).join("; ");
    throw new EmptyBenchCorpusError(`no schema to benchmark among ${options.schemas.length}${why ? ` (${why})` : ""}`);
  }
  const corpora: CorpusReport[] = [];
  for (const corpus of wanted) corpora.push(await measureCorpus(subjects, corpus, options.timeMs));
  // The regex engines on the two corpora they were always measured on, so the figure stays comparable.
  const patternCases = wanted.filter((c) => c.name === "catalogs" || c.name === "tool-shaped").flatMap((c) => c.cases);
  const patternEngines = await measurePatternEngines(patternCases, options.timeMs);
  const [bundle, coreBundle] = [await measureLiteBundle(liteEntry("index")), await measureLiteBundle(liteEntry("core"))];
  const coreImports = [];
  for (const modules of CORE_IMPORTS) coreImports.push(await measureCoreImport(modules));
  const liteName = options.candidates.find((c) => c.name === "schemalab/lite")?.name ?? "schemalab/lite";
  return {
    kind: "bench",
    reference: ajv.name,
    seed: options.seed,
    timeMs: options.timeMs,
    setups: subjects.map(({ name, setup }) => ({ name, setup })),
    corpora,
    absentCorpora: built.absent,
    absentPeers: options.absentPeers ?? [],
    ajvStrictFallbacks: [...ajv.strictRefusals],
    loadAverage: { start: loadStart, end: loadavg() },
    patternEngines,
    bundle,
    coreBundle,
    coreImports,
    targets: judgeTargets(corpora, coreBundle, liteName),
  };
}
