// Runs the official JSON-Schema-Test-Suite (draft 2020-12) against one validator. Every test ends
// passed, failed, skipped (compile refused, with the reason) or errored (threw, timed out, broke the
// contract); nothing a validator does is fatal to the run.
import { existsSync } from "node:fs";
import type { ConformanceSection } from "../report/model.js";
import { normalizeVerdict } from "../validators/normalize-verdict.js";
import type { ValidatorModule } from "../validators/types.js";
import { ConformanceTally, complianceOf } from "./conformance-tally.js";
import { inProcessRunner, type GroupRunner } from "./group-runner.js";
import { SUITE_HOME, SuiteNotFoundError, listSuiteFiles, readSuiteCommit, type SuiteFile, type SuiteScope } from "./suite-layout.js";
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
}

async function runTest(runner: GroupRunner, test: TestGroup["tests"][number]): Promise<{ outcome: "passed" | "failed" | "errored"; got: boolean | string }> {
  const validated = await runner.validate(test.data);
  if (!validated.ok) return { outcome: "errored", got: `error: ${validated.error}` };
  const normalized = normalizeVerdict(validated.result);
  if (!normalized.ok) return { outcome: "errored", got: `error: ${normalized.violation}` };
  const got = normalized.verdict.valid;
  return { outcome: got === test.valid ? "passed" : "failed", got };
}

async function runGroup(runner: GroupRunner, suiteFile: SuiteFile, group: TestGroup, tally: ConformanceTally): Promise<void> {
  // Draft 2020-12 makes `format` an annotation by default; the required format.json tests exactly that,
  // while optional/format/* test assertion.
  const compiled = await runner.compile(group.schema, { formatAssertion: suiteFile.keyword !== "format" });
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
  const { validator, suiteDir, include = "required+format", isolate } = options;
  if (!existsSync(suiteDir)) throw new SuiteNotFoundError(`no JSON-Schema-Test-Suite at ${suiteDir} (get it from ${SUITE_HOME})`);
  const suiteFiles = listSuiteFiles(suiteDir, include);
  const remotes = loadRemotes(suiteDir);
  const runner = isolate ? workerRunner({ ...isolate, remotes }) : inProcessRunner(validator, remotes);
  const tally = new ConformanceTally();
  try {
    for (const suiteFile of suiteFiles) {
      const groups = readTestGroups(suiteFile);
      tally.startFile(suiteFile);
      for (const group of groups) await runGroup(runner, suiteFile, group, tally);
    }
  } finally {
    await runner.close();
  }
  return {
    kind: "conformance",
    validator: validator.name,
    suite: { path: suiteDir, commit: readSuiteCommit(suiteDir) },
    totals: { ...tally.totals },
    compliance: complianceOf(tally.totals),
    byKeyword: tally.byKeyword,
    files: tally.files,
    skips: tally.skips,
    failures: tally.failures,
  };
}
