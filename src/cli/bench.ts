// `schemalab bench [--validator PATH...] [--schemas PATH...] [--time MS] [--seed N] [--format text|json]`
// lite (or the given validators) against Ajv over the declared catalogs. A benchmark, not a test:
// it exits 0 whenever it ran, misses included; targets are printed pass/miss.
import { defaultGithubFile } from "../bench/bench-corpora.js";
import { liteSubject, moduleSubject, type BenchSubject } from "../bench/bench-subjects.js";
import { peerSubjects } from "../bench/peer-subjects.js";
import { EmptyBenchCorpusError, runBench } from "../bench/run-bench.js";
import { runScaleBench } from "../bench/run-scale-bench.js";
import { formatScaleBenchText } from "../bench/scale-bench-text.js";
import { fromRoot } from "../package-root.js";
import { CatalogError } from "../schema/catalog-error.js";
import { loadCatalogs } from "../schema/load-catalog.js";
import { ValidatorLoadError, loadValidatorModule } from "../validators/load-validator-module.js";
import { runMutationBench } from "../diff/index.js";
import { formatBenchText } from "./bench-text.js";
import { formatMutationBenchText } from "./mutation-bench-text.js";
import type { Io } from "./io.js";
import { UsageError } from "./usage-error.js";
import { parseVerbArgs, textOrJson } from "./verb-options.js";

const HELP = `usage: schemalab bench [options]

  --validator PATH|lite   candidate(s) to time against Ajv with default options (repeatable; default lite)
  --schemas PATH          catalog files or folders (repeatable; default suites/catalogs)
  --corpus NAME           measure only this corpus (repeatable): catalogs, tool-shaped,
                          real-producers, github-openapi (default all)
  --no-peers              leave out @cfworker/json-schema, @exodus/schemasafe, @hyperjump/json-schema
  --time MS               time budget per task (default 1000)
  --seed N                seed for the generated instances (default 1)
  --mutants               the mutation benchmark instead: lite with one keyword's check broken,
                          fuzzed against Ajv; reports mutants found and cases to the first finding
  --runs N                with --mutants: cases per schema before a mutant counts as missed (default 3000)
  --format text|json      json: one document on stdout
  --scale                 the scale benchmark instead: check over a large real-world-shaped corpus
                          (GitHub's OpenAPI schemas, Kubernetes-shaped kinds, a 2,000-tool catalog),
                          total and per schema, CPU and peak RSS, and a size ladder from 1 KB to 1 MB
  --fuzz-anchor           the fuzz anchor instead: "fuzz --runs N --workers 2 --seed S" (N from --runs,
                          default 200000) against the naive loop (json-schema-faker + fast-check
                          jsonValue, Ajv against lite, one thread), interleaved in the same minutes
  --count N               with --scale: schemas in the corpus (default 10000)
  --github FILE           GitHub's OpenAPI description (the github-openapi corpus; with --scale too)
                          (default $SCHEMALAB_SHARED_DIR or ../shared, corpora/github-openapi/api.github.com.json)
`;

const OPTIONS = {
  validator: { type: "string", multiple: true },
  schemas: { type: "string", multiple: true },
  time: { type: "string", default: "1000" },
  seed: { type: "string", default: "1" },
  mutants: { type: "boolean", default: false },
  runs: { type: "string" },
  "fuzz-anchor": { type: "boolean", default: false },
  format: { type: "string", default: "text" },
  scale: { type: "boolean", default: false },
  count: { type: "string", default: "10000" },
  github: { type: "string" },
  corpus: { type: "string", multiple: true },
  "no-peers": { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
} as const;

const CORPUS_NAMES = ["catalogs", "tool-shaped", "real-producers", "github-openapi"];

function parseOptions(argv: string[]) {
  return parseVerbArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }).values;
}

function integerOption(name: string, text: string, minimum: number): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < minimum) throw new UsageError(`--${name}: expected an integer >= ${minimum}, got '${text}'`);
  return value;
}

async function candidateSubjects(names: readonly string[]): Promise<BenchSubject[]> {
  const subjects: BenchSubject[] = [];
  for (const name of names) {
    if (name === "ajv") continue; // Ajv is always there, as the reference
    subjects.push(name === "lite" ? await liteSubject() : moduleSubject(await loadValidatorModule(name)));
  }
  return subjects;
}

/** Bad input from the engines becomes a usage error (exit 2) with their one-line reason. */
async function asUsageErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ValidatorLoadError || error instanceof CatalogError || error instanceof EmptyBenchCorpusError) throw new UsageError(error.message);
    throw error;
  }
}

export async function benchVerb(argv: string[], io: Io): Promise<number> {
  const values = parseOptions(argv);
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  textOrJson(values.format);
  if (values.scale) return scaleBench(values, io);
  const timeMs = integerOption("time", values.time, 1);
  const seed = integerOption("seed", values.seed, 0);
  if (values.mutants) return mutationBench(values, seed, io);
  if (values["fuzz-anchor"]) return fuzzAnchor(integerOption("runs", values.runs ?? "200000", 1), seed, values.format, io);
  const report = await asUsageErrors(async () => {
    const schemas = await loadCatalogs(values.schemas ?? [fromRoot("suites", "catalogs")]);
    const candidates = await candidateSubjects(values.validator ?? ["lite"]);
    const peers = values["no-peers"] ? { subjects: [], absent: [] } : await peerSubjects();
    const githubFile = values.github ?? defaultGithubFile();
    const only = values.corpus;
    for (const name of only ?? []) if (!CORPUS_NAMES.includes(name)) throw new UsageError(`--corpus: expected one of ${CORPUS_NAMES.join(", ")}, got '${name}'`);
    return runBench({ schemas, candidates, peers: peers.subjects, absentPeers: peers.absent, timeMs, seed, githubFile, ...(only ? { only } : {}) });
  });
  if (values.format === "json") {
    io.out(JSON.stringify(report) + "\n");
    io.err(formatBenchText(report));
  } else {
    io.out(formatBenchText(report));
  }
  return 0;
}

async function fuzzAnchor(runs: number, seed: number, format: string, io: Io): Promise<number> {
  const { runFuzzAnchor, formatFuzzAnchorText } = await import("../bench/fuzz-anchor.js");
  const report = await runFuzzAnchor({ runs, seed, onProgress: (line) => io.err(`${line}\n`) });
  if (format === "json") io.out(JSON.stringify(report) + "\n");
  else io.out(formatFuzzAnchorText(report));
  return 0;
}

async function mutationBench(values: ReturnType<typeof parseOptions>, seed: number, io: Io): Promise<number> {
  const runsPerSchema = integerOption("runs", values.runs ?? "3000", 1);
  const result = await asUsageErrors(() => runMutationBench({ runsPerSchema, seed, ...(values.schemas ? { schemas: values.schemas } : {}) }));
  if (values.format === "json") io.out(JSON.stringify(result) + "\n");
  else io.out(formatMutationBenchText(result));
  return 0;
}

async function scaleBench(values: { count: string; github?: string | undefined; format: string }, io: Io): Promise<number> {
  const count = integerOption("count", values.count, 1);
  io.err(`bench --scale: building ${count} schemas and checking them against every documented target...\n`);
  const report = await runScaleBench({ count, githubFile: values.github ?? defaultGithubFile() });
  if (values.format === "json") {
    io.out(JSON.stringify(report) + "\n");
    io.err(formatScaleBenchText(report));
  } else {
    io.out(formatScaleBenchText(report));
  }
  return 0;
}
