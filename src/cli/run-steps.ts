// The steps of `schemalab run`, each producing sections of the results model. Steps run one after
// another (2 cores: the fuzz step already uses both), and one that throws is reported without
// stopping the others; the run is then marked incomplete.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { checkCatalogFiles } from "../check/check-catalog-files.js";
import type { CheckResult } from "../check/types.js";
import { CatalogError } from "../schema/catalog-error.js";
import type { DeclaredSchema } from "../schema/types.js";
import { forEachCatalogFile } from "../schema/load-catalog.js";
import { formatFoldedAnswers } from "./check-text.js";
import { runCompat } from "../compat/run-compat.js";
import { locateSuite } from "../conformance/locate-suite.js";
import { dialectsToRun, runConformanceDialects } from "../conformance/run-conformance.js";
import { runFuzz } from "../diff/run-fuzz.js";
import { tuneJitForFuzzing } from "./jit-tuning.js";
import { failsRun } from "../diff/adjudicate.js";
import { probeEmulator, wholePlanBudget } from "../probe/probe-emulator.js";
import type { ResultsDocument, Section } from "../report/model.js";
import { featureIdsOf } from "../schema/detect-features.js";
import { fromRoot } from "../package-root.js";
import { listTargets, loadProfiles, resolveTarget } from "../../providers/profiles/load-profiles.js";
import type { ProviderId } from "../../providers/wire/wire-types.js";
import { liteValidator } from "../validators/lite-validator.js";
import type { Io } from "./io.js";
import { probeLiveProviders } from "./run-live-probes.js";
import type { RunJob, StepName } from "./run-job.js";
import { formatProbeProfileCounts, probeProfileCounts } from "../report/probe-profile-counts.js";

export interface RunSettings extends RunJob {
  readonly runs: number;
  readonly fuzzMs: number;
  readonly seed: number;
  readonly providers: readonly string[];
  readonly live: boolean;
  readonly outDir: string;
  readonly suiteDir?: string;
  readonly failOnUndecided?: boolean;
  /** The catalogs the run fuzzes and checks (`--catalog`; default suites/catalogs). */
  readonly catalogs?: readonly string[];
}

type Emit = (section: Section) => void;

interface Step {
  readonly name: StepName;
  run(settings: RunSettings, emit: Emit, io: Io): Promise<void>;
}

const catalogPaths = (settings: RunSettings): readonly string[] => settings.catalogs ?? [fromRoot("suites", "catalogs")];

/** Every schema of the good files: a bad file costs only itself (the check step lists it). */
async function loadGoodCatalogs(paths: readonly string[]): Promise<DeclaredSchema[]> {
  const schemas: DeclaredSchema[] = [];
  try {
    await forEachCatalogFile(paths, (_file, declared) => void schemas.push(...declared));
  } catch (error) {
    if (!(error instanceof CatalogError)) throw error;
  }
  return schemas;
}

const catalogStep: Step = {
  name: "catalogs",
  async run(settings, emit, io) {
    const schemas = await loadGoodCatalogs(catalogPaths(settings));
    emit({
      kind: "catalog",
      schemas: schemas.map((declared) => ({ schemaId: declared.id, file: declared.source.file, format: declared.source.format, features: featureIdsOf(declared.schema) })),
    });
    io.err(`catalogs: ${schemas.length} declared schemas in ${catalogPaths(settings).join(", ")}\n`);
  },
};

const conformanceStep: Step = {
  name: "conformance",
  async run(settings, emit, io) {
    const location = locateSuite(settings.suiteDir);
    if (!location.found) {
      io.err(`conformance: skipped, no JSON-Schema-Test-Suite found (looked in ${location.looked.join(", ")}; pass --suite DIR or set JSON_SCHEMA_TEST_SUITE)\n`);
      return;
    }
    // Every draft the suite has, each as its own section.
    const sections = await runConformanceDialects({ validator: liteValidator, suiteDir: location.dir, dialects: dialectsToRun(location.dir, "all") });
    for (const section of sections) {
      emit(section);
      const { passed, failed, skipped, errored } = section.totals;
      io.err(`conformance ${section.dialect}: lite ${passed} passed, ${failed} failed, ${errored} errored, ${skipped} skipped (${(section.compliance * 100).toFixed(1)}%)\n`);
    }
  },
};

const fuzzStep: Step = {
  name: "fuzz",
  async run(settings, emit, io) {
    tuneJitForFuzzing();
    const section = await runFuzz({ validator: settings.validator ?? "lite", runs: settings.runs, seed: settings.seed, maxDurationMs: settings.fuzzMs, schemas: catalogPaths(settings) });
    emit(section);
    io.err(`fuzz: ${section.cases} cases, ${section.findings.length} findings, ${Math.round(section.stats.casesPerSecond)} cases/s\n`);
  },
};

const probeStep: Step = {
  name: "probe",
  async run(settings, emit, io) {
    for (const provider of settings.providers) {
      // The emulator costs nothing: its budget covers the whole plan, so no cell ends unmeasured.
      const section = await probeEmulator(provider as ProviderId, { seed: settings.seed, maxRequests: wholePlanBudget(provider as ProviderId) });
      emit(section);
      const counts = probeProfileCounts(section);
      io.err(`probe: ${provider} (emulated) ${section.modes.length} modes, ${counts.cells} cells: ${formatProbeProfileCounts(counts)}\n`);
    }
    if (settings.live) await probeLiveProviders(settings, emit, io);
  },
};

const checkStep: Step = {
  name: "check",
  async run(settings, emit, io) {
    const profiles = loadProfiles();
    const targets = (settings.targets ?? listTargets(profiles)).map((name) => resolveTarget(name, profiles));
    const results: CheckResult[] = [];
    const run = await checkCatalogFiles(catalogPaths(settings), targets, { profiles, ...(settings.targets ? { matchRoles: false } : {}) }, (result) => void results.push(result));
    emit({ kind: "check", source: "documented", targets: run.targets, results, toolResults: run.toolResults, badFiles: run.badFiles, notes: run.notes.all() });
    const { verdicts } = run.totals;
    io.err(`check: ${run.totals.schemas} schema(s) on ${targets.length} targets: ${verdicts.native} native, ${verdicts.translated} translated, ${verdicts["needs-local-validation"]} need local validation, ${verdicts.rejected} rejected\n`);
    for (const bad of run.badFiles) io.err(`check: bad catalog file, not checked: ${bad.error.split("\n")[0]}\n`);
  },
};

/** The per-target answer of a run's check, for the terminal. */
export function runCheckAnswer(document: ResultsDocument): string {
  return document.sections
    .flatMap((section) => (section.kind === "check" ? [formatFoldedAnswers(section)] : []))
    .join("\n");
}

/** suites/evolution holds `<name>-<semver>.json` files: each version is compared with the one before it. */
export function evolutionPairs(dir: string): { oldPath: string; newPath: string }[] {
  const byName = new Map<string, { version: number[]; file: string }[]>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".json"))) {
    const match = /^(.*)-(\d+)\.(\d+)\.(\d+)\.json$/.exec(file);
    if (!match) continue;
    const versions = byName.get(match[1]!) ?? [];
    versions.push({ version: match.slice(2).map(Number), file: join(dir, file) });
    byName.set(match[1]!, versions);
  }
  const pairs: { oldPath: string; newPath: string }[] = [];
  for (const [, versions] of [...byName].sort(([a], [b]) => a.localeCompare(b))) {
    versions.sort((a, b) => a.version[0]! - b.version[0]! || a.version[1]! - b.version[1]! || a.version[2]! - b.version[2]!);
    for (let i = 1; i < versions.length; i++) pairs.push({ oldPath: versions[i - 1]!.file, newPath: versions[i]!.file });
  }
  return pairs;
}

const compatStep: Step = {
  name: "compat",
  async run(settings, emit, io) {
    const pairs = settings.compatPairs ?? evolutionPairs(fromRoot("suites", "evolution"));
    for (const { oldPath, newPath } of pairs) {
      const section = await runCompat({ oldPaths: [oldPath], newPaths: [newPath] });
      emit(section);
      const breaking = section.results.filter((result) => result.verdict === "breaking");
      const undetermined = section.results.filter((result) => result.verdict === "undetermined");
      io.err(`compat: ${oldPath.split("/").pop()} -> ${newPath.split("/").pop()}: ${breaking.length} breaking, ${undetermined.length} undetermined of ${section.results.length}\n`);
    }
  },
};

export const RUN_STEPS: readonly Step[] = [catalogStep, conformanceStep, checkStep, compatStep, probeStep, fuzzStep];

export async function runSteps(settings: RunSettings, emit: Emit, io: Io, steps: readonly Step[] = RUN_STEPS): Promise<{ complete: boolean }> {
  let complete = true;
  for (const step of steps) {
    if (settings.steps && !settings.steps.includes(step.name)) continue;
    try {
      await step.run(settings, emit, io);
    } catch (error) {
      complete = false;
      io.err(`${step.name}: failed: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
  return { complete };
}

/**
 * 1 when drift against the baseline regressed, or (without a baseline) the candidate is wrong: a
 * fuzz finding the lab rules its fault (undecided ones too with --fail-on undecided), conformance
 * failures, a broken module. With a baseline, findings the baseline already has are accepted.
 */
export function runExitCode(document: ResultsDocument, options: { readonly failOnUndecided?: boolean } = {}): number {
  const regressions = document.drift?.items.some((item) => item.regression) ?? false;
  const judged = document.drift === undefined;
  const liteWrong = document.sections.some(
    (section) =>
      ((section.kind === "fuzz" || section.kind === "conformance") && section.broken !== undefined) ||
      (judged && section.kind === "fuzz" && section.findings.some((finding) => failsRun(finding) && (finding.adjudication === "candidate-wrong" || options.failOnUndecided === true))) ||
      (judged && section.kind === "conformance" && section.totals.failed + section.totals.errored > 0),
  );
  return regressions || liteWrong ? 1 : 0;
}
