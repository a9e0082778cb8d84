// `schemalab fuzz`: a validator against Ajv over declared schemas, differential and shrunk.
// Exit 1 when a finding is neither a known divergence nor the reference's fault; 2 on bad usage or input.
// This module is kept light: it parses the options and spawns the workers, which load their code
// while the rest of the verb (fuzz-run-verb.ts) is imported and the catalogs are read.
import { parseArgs } from "node:util";
import { parseShard } from "../diff/case-plan.js";
import type { FuzzOptions } from "../diff/fuzz-run.js";
import { initialWorkerCount, workerSpawnOptionsOf } from "../diff/fuzz-worker-boot.js";
import { PrestartedWorkers } from "../diff/prestarted-workers.js";
import { parseReplayPath } from "../diff/replay-line.js";
import { SOURCE_HELP, SOURCE_OPTIONS, sourceSpecsOf } from "./catalog-source-options.js";
import type { Io } from "./io.js";
import { UsageError } from "./usage-error.js";
import { dialectOption, unknownKeywordsOption } from "./verb-options.js";
import { checkInputPath, checkOutputFile, checkOutputFolder } from "./check-paths.js";
import { tuneJitForFuzzing } from "./jit-tuning.js";

const HELP = `usage: schemalab fuzz [options] [CATALOG...]

  --validator PATH|lite|ajv   candidate validator module (default lite)
  --reference ajv|PATH        reference validator (default ajv, the class for each schema's dialect)
  --schemas PATH...           catalog files or folders (default suites/catalogs); more may follow as arguments
  --dialect NAME              read every schema as draft4|draft6|draft7|draft2019-09|draft2020-12|openapi-3.0
                              (default: each schema's $schema, Gemini's OpenAPI fields, else draft2020-12)
  --unknown-keywords refuse|annotate   keywords the dialect does not define: refused (the schema is
                              unsupported, default) or accepted as annotations and listed per schema
  --generate-schemas N        also fuzz N schemas generated from the seed over the features lite claims
  --runs N                    cases in all, split over the schemas (default 10000)
  --seed S                    run seed (default random, printed)
  --shard i/n                 run only the cases k with k mod n = i (shards merge into one run)
  --workers N                 worker threads (default: one per CPU, at most 4)
  --timeout-ms T              a case (or compile) silent for longer is a timeout finding (default 2000)
  --max-duration-ms T         stop handing out cases after T ms
  --heap-mb N                 heap cap of each worker in MB (default 512): a candidate past it is a crash finding
  --max-lost N                workers lost to hangs or crashes before the candidate is declared broken (default 8)
  --regressions PATH...       saved cases replayed first (default suites/regressions)
  --save-regressions DIR      write each finding as a regression case file
  --schema-id ID --replay-path K[:I...]   replay exactly one case (as printed by a finding)
  --format text|json          json: one FuzzSection document on stdout
${SOURCE_HELP}
  --out FILE                  also write the JSON document to FILE
  --fail-on LEVELS            disagreement (default), unsupported (a declared schema the candidate refused): what exits 1
  --fail-on-unsupported       exit 1 when a declared schema was not fuzzed at all (unsupported by the candidate)
`;

const OPTIONS = {
  validator: { type: "string" },
  reference: { type: "string" },
  schemas: { type: "string", multiple: true },
  dialect: { type: "string" },
  "unknown-keywords": { type: "string" },
  "generate-schemas": { type: "string" },
  runs: { type: "string" },
  seed: { type: "string" },
  shard: { type: "string" },
  workers: { type: "string" },
  "timeout-ms": { type: "string" },
  "max-duration-ms": { type: "string" },
  "heap-mb": { type: "string" },
  "max-lost": { type: "string" },
  regressions: { type: "string", multiple: true },
  "save-regressions": { type: "string" },
  "schema-id": { type: "string" },
  "replay-path": { type: "string" },
  format: { type: "string", default: "text" },
  out: { type: "string" },
  "fail-on": { type: "string" },
  "fail-on-unsupported": { type: "boolean", default: false },
  ...SOURCE_OPTIONS,
  help: { type: "boolean", short: "h", default: false },
} as const;

export type FuzzValues = ReturnType<typeof parseOptions>["values"];
type Values = FuzzValues;

function parseOptions(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function wholeNumber(name: string, text: string | undefined, minimum: number): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < minimum) {
    throw new UsageError(`--${name}: expected a whole number >= ${minimum}, got '${text}'`);
  }
  return value;
}

function replayOf(values: Values): FuzzOptions["replay"] {
  const schemaId = values["schema-id"];
  const path = values["replay-path"];
  if (schemaId === undefined && path === undefined) return undefined;
  if (schemaId === undefined || path === undefined) throw new UsageError("--schema-id and --replay-path go together (copy the whole replay line)");
  const address = parseReplayPath(path);
  if (!address) throw new UsageError(`--replay-path: expected K or K:I:J..., got '${path}'`);
  return { schemaId, ...address };
}

function fuzzOptionsOf(values: Values, positionals: string[]): FuzzOptions {
  if (values.format !== "text" && values.format !== "json") throw new UsageError(`--format: expected text or json, got '${values.format}'`);
  const shard = values.shard === undefined ? undefined : parseShard(values.shard);
  if (shard === null) throw new UsageError(`--shard: expected i/n (e.g. 0/4), got '${values.shard}'`);
  const schemas = [...(values.schemas ?? []), ...positionals];
  const options: FuzzOptions = {
    validator: values.validator,
    reference: values.reference,
    schemas: schemas.length > 0 ? schemas : undefined,
    dialect: dialectOption(values.dialect),
    unknownKeywords: unknownKeywordsOption(values["unknown-keywords"]),
    generateSchemas: wholeNumber("generate-schemas", values["generate-schemas"], 0),
    runs: wholeNumber("runs", values.runs, 0),
    seed: wholeNumber("seed", values.seed, 0),
    shard,
    workers: wholeNumber("workers", values.workers, 1),
    timeoutMs: wholeNumber("timeout-ms", values["timeout-ms"], 10),
    maxDurationMs: wholeNumber("max-duration-ms", values["max-duration-ms"], 1),
    heapMb: wholeNumber("heap-mb", values["heap-mb"], 16),
    maxLostWorkers: wholeNumber("max-lost", values["max-lost"], 1),
    regressions: values.regressions,
    replay: replayOf(values),
  };
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as FuzzOptions;
}

/** Every path checked before the run: an --out into a missing folder fails now, not after the work. */
function checkFuzzPaths(values: Values, options: FuzzOptions): void {
  if (values.out !== undefined) checkOutputFile("--out", values.out);
  if (values["save-regressions"] !== undefined) checkOutputFolder("--save-regressions", values["save-regressions"]);
  for (const path of options.regressions ?? []) checkInputPath("--regressions", path);
  for (const path of options.schemas ?? []) checkInputPath("--schemas", path);
}

export async function fuzzVerb(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseOptions(argv);
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  const options = fuzzOptionsOf(values, positionals);
  checkFuzzPaths(values, options);
  const specs = sourceSpecsOf(values);
  tuneJitForFuzzing(); // before any worker is spawned: each isolate reads the flags as it starts
  // Live sources (a server may take seconds to list its tools) are read before the run's clock starts.
  const prestarted = specs.length === 0 ? new PrestartedWorkers(workerSpawnOptionsOf(options), initialWorkerCount(options)) : undefined;
  try {
    const { runFuzzVerb } = await import("./fuzz-run-verb.js");
    return await runFuzzVerb(values, options, specs, io, prestarted);
  } finally {
    await prestarted?.dispose();
  }
}
