// Runs the official JSON-Schema-Test-Suite (draft 2020-12) against one validator. Every test ends
// passed, failed, skipped (compile refused, with the reason) or errored (threw, timed out, broke the
// contract); nothing a validator does is fatal to the run.
import { existsSync } from "node:fs";
import type { ConformanceSection } from "../report/model.js";
import { normalizeVerdict } from "../validators/normalize-verdict.js";
import type { ValidatorModule } from "../validators/types.js";
import { ConformanceTally, complianceOf } from "./conformance-tally.js";
import { declaresUnsupported, inProcessRunner, type GroupRunner } from "./group-runner.js";
import { SUITE_HOME, SuiteNotFoundError, listSuiteFiles, readSuiteCommit, type SuiteFile, type SuiteScope } from "./suite-layout.js";
import { loadRemotes } from "./suite-remotes.js";
import { readTestGroups, type TestGroup } from "./test-groups.js";
import { workerRunner } from "./worker-runner.js";

export interface RunConformanceOptions {
  /** The module to run in-process (the built-ins); a module file runs isolated instead (see `isolate`). */
  readonly validator?: ValidatorModule;
  readonly suiteDir: string;
  /** Default "required+format": the required tests and optional/format. */
  readonly include?: SuiteScope;
  /** Run the validator from this module file in a worker thread, each call bounded by timeoutMs. */
  readonly isolate?: { readonly modulePath: string; readonly timeoutMs?: number; readonly heapMb?: number; readonly maxLostWorkers?: number };
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
  if (!compiled.ok && declaresUnsupported(compiled.reason)) {
    tally.skip({ file: suiteFile.file, group: group.description, reason: compiled.reason, tests: group.tests.length });
    return;
  }
  if (!compiled.ok) {
    // A compile that threw without declaring the schema unsupported is the module's error, on every test.
    for (const test of group.tests) {
      tally.fail("errored", { file: suiteFile.file, group: group.description, test: test.description, schema: group.schema, data: test.data, expected: test.valid, got: `error: compile: ${compiled.reason}` });
    }
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

/** A module that passed nothing and skipped or errored everything tested nothing: it is broken, not clean. */
function refusedEverything(tally: ConformanceTally): string | null {
  const { passed, failed, skipped, errored } = tally.totals;
  if (passed + failed > 0 || skipped + errored === 0) return null;
  const first = tally.skips[0]?.reason ?? String(tally.failures[0]?.got ?? "");
  return `the validator ran none of ${skipped + errored} tests (${skipped} skipped, ${errored} errored); first reason: ${first}`;
}

export async function runConformance(options: RunConformanceOptions): Promise<ConformanceSection> {
  const { validator, suiteDir, include = "required+format", isolate } = options;
  if (!existsSync(suiteDir)) throw new SuiteNotFoundError(`no JSON-Schema-Test-Suite at ${suiteDir} (get it from ${SUITE_HOME})`);
  const suiteFiles = listSuiteFiles(suiteDir, include);
  const remotes = loadRemotes(suiteDir);
  const isolated = isolate ? workerRunner({ ...isolate, remotes }) : null;
  if (!isolated && !validator) throw new TypeError("runConformance: give a validator or a module to isolate");
  const runner = isolated ?? inProcessRunner(validator!, remotes);
  // The module is imported in its worker only: one that exits or hangs at import cannot take the lab with it.
  const name = isolated ? await isolated.load() : validator!.name;
  const tally = new ConformanceTally();
  try {
    for (const suiteFile of suiteFiles) {
      const groups = readTestGroups(suiteFile);
      tally.startFile(suiteFile);
      for (const group of groups) {
        if (runner.broken?.()) break;
        await runGroup(runner, suiteFile, group, tally);
      }
      if (runner.broken?.()) break;
    }
  } finally {
    await runner.close();
  }
  const broken = runner.broken?.() ?? refusedEverything(tally);
  return {
    kind: "conformance",
    ...(broken ? { broken } : {}),
    validator: name,
    suite: { path: suiteDir, commit: readSuiteCommit(suiteDir) },
    totals: { ...tally.totals },
    compliance: complianceOf(tally.totals),
    byKeyword: tally.byKeyword,
    files: tally.files,
    skips: tally.skips,
    failures: tally.failures,
  };
}
