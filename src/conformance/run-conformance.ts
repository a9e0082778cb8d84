// Runs the official JSON-Schema-Test-Suite (one draft, or each in turn) against one validator, each
// draft's schemas compiled in that dialect. Every test ends
// passed, failed, skipped (compile refused, with the reason) or errored (threw, timed out, broke the
// contract); nothing a validator does is fatal to the run.
import { existsSync } from "node:fs";
import type { ConformanceSection } from "../report/model.js";
import { normalizeVerdict } from "../validators/normalize-verdict.js";
import type { ValidatorModule } from "../validators/types.js";
import { ConformanceTally, complianceOf } from "./conformance-tally.js";
import { inProcessRunner, type GroupContext, type GroupRunner } from "./group-runner.js";
import {
  SUITE_DIALECTS,
  SUITE_HOME,
  SuiteNotFoundError,
  hasDialect,
  listSuiteFiles,
  readSuiteCommit,
  type SuiteDialect,
  type SuiteFile,
  type SuiteScope,
} from "./suite-layout.js";
import { loadRemotes } from "./suite-remotes.js";
import { readTestGroups, type TestGroup } from "./test-groups.js";
import { workerRunner } from "./worker-runner.js";

export interface RunConformanceOptions {
  readonly validator: ValidatorModule;
  readonly suiteDir: string;
  /** Default "required+format": the required tests and optional/format. */
  readonly include?: SuiteScope;
  /** Run the validator from this module file in a worker thread, each call bounded by timeoutMs. */
  readonly isolate?: { readonly modulePath: string; readonly timeoutMs?: number };
  /** The suite's draft to run (default draft 2020-12); its schemas are compiled in that dialect. */
  readonly dialect?: SuiteDialect;
  /** "annotate": keywords the dialect does not define are accepted as annotations and counted in `annotatedKeywords`. */
  readonly unknownKeywords?: "refuse" | "annotate";
}

async function runTest(runner: GroupRunner, test: TestGroup["tests"][number]): Promise<{ outcome: "passed" | "failed" | "errored"; got: boolean | string }> {
  const validated = await runner.validate(test.data);
  if (!validated.ok) return { outcome: "errored", got: `error: ${validated.error}` };
  const normalized = normalizeVerdict(validated.result);
  if (!normalized.ok) return { outcome: "errored", got: `error: ${normalized.violation}` };
  const got = normalized.verdict.valid;
  return { outcome: got === test.valid ? "passed" : "failed", got };
}

async function runGroup(runner: GroupRunner, suiteFile: SuiteFile, group: TestGroup, tally: ConformanceTally, context: Omit<GroupContext, "formatAssertion">): Promise<void> {
  // Draft 2020-12 makes `format` an annotation by default; the required format.json tests exactly that,
  // while optional/format/* test assertion.
  const compiled = await runner.compile(group.schema, { ...context, formatAssertion: suiteFile.keyword !== "format" });
  if (!compiled.ok) {
    tally.skip({ file: suiteFile.file, group: group.description, reason: compiled.reason, tests: group.tests.length });
    return;
  }
  for (const test of group.tests) {
    const { outcome, got } = await runTest(runner, test);
    if (outcome === "passed") {
      tally.count("passed");
      continue;
    }
    const failure = { file: suiteFile.file, group: group.description, test: test.description, schema: group.schema, data: test.data, expected: test.valid, got };
    tally.fail(outcome, failure);
  }
}

export async function runConformance(options: RunConformanceOptions): Promise<ConformanceSection> {
  const { validator, suiteDir, include = "required+format", isolate, dialect = "draft2020-12", unknownKeywords } = options;
  if (!existsSync(suiteDir)) throw new SuiteNotFoundError(`no JSON-Schema-Test-Suite at ${suiteDir} (get it from ${SUITE_HOME})`);
  const suiteFiles = listSuiteFiles(suiteDir, include, dialect);
  const remotes = loadRemotes(suiteDir);
  const runner = isolate ? workerRunner({ ...isolate, remotes }) : inProcessRunner(validator, remotes);
  const tally = new ConformanceTally();
  const annotated: Record<string, number> = {};
  const context = {
    dialect,
    unknownKeywords,
    onUnknownKeyword: unknownKeywords === "annotate" ? (keyword: string) => void (annotated[keyword] = (annotated[keyword] ?? 0) + 1) : undefined,
  };
  try {
    for (const suiteFile of suiteFiles) {
      const groups = readTestGroups(suiteFile);
      tally.startFile(suiteFile);
      for (const group of groups) await runGroup(runner, suiteFile, group, tally, context);
    }
  } finally {
    await runner.close();
  }
  return {
    kind: "conformance",
    validator: validator.name,
    dialect,
    ...(unknownKeywords === "annotate" ? { annotatedKeywords: annotated } : {}),
    suite: { path: suiteDir, commit: readSuiteCommit(suiteDir) },
    totals: { ...tally.totals },
    compliance: complianceOf(tally.totals),
    byKeyword: tally.byKeyword,
    files: tally.files,
    skips: tally.skips,
    failures: tally.failures,
  };
}

/** The dialects of `requested` ("all": every draft the suite has a folder for), oldest first. */
export function dialectsToRun(suiteDir: string, requested: SuiteDialect | "all"): SuiteDialect[] {
  if (requested !== "all") return [requested];
  const present = SUITE_DIALECTS.filter((dialect) => hasDialect(suiteDir, dialect));
  if (present.length === 0) throw new SuiteNotFoundError(`no tests/<draft> folder in the test suite at ${suiteDir} (get the suite from ${SUITE_HOME})`);
  return present;
}

/** One section per dialect, in order. */
export async function runConformanceDialects(options: Omit<RunConformanceOptions, "dialect"> & { readonly dialects: readonly SuiteDialect[] }): Promise<ConformanceSection[]> {
  const sections: ConformanceSection[] = [];
  for (const dialect of options.dialects) sections.push(await runConformance({ ...options, dialect }));
  return sections;
}
