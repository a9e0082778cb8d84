// Runs the official JSON-Schema-Test-Suite (one draft, or each in turn) against one validator, each
// draft's schemas compiled in that dialect. Every test ends
// passed, failed, skipped (compile refused, with the reason) or errored (threw, timed out, broke the
// contract); nothing a validator does is fatal to the run.
import { existsSync } from "node:fs";
import type { ConformanceSection } from "../report/model.js";
import { normalizeVerdict } from "../validators/normalize-verdict.js";
import type { ValidatorModule } from "../validators/types.js";
import { ConformanceTally, complianceOf } from "./conformance-tally.js";
import { declaresUnsupported, inProcessRunner, type GroupContext, type GroupRunner } from "./group-runner.js";
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
  /** The module to run in-process (the built-ins); a module file runs isolated instead (see `isolate`). */
  readonly validator?: ValidatorModule;
  readonly suiteDir: string;
  /** Default "required+format": the required tests and optional/format. */
  readonly include?: SuiteScope;
  /** Run the validator from this module file in a worker thread, each call bounded by timeoutMs. */
  readonly isolate?: { readonly modulePath: string; readonly timeoutMs?: number; readonly heapMb?: number; readonly maxLostWorkers?: number };
  /** The suite's draft to run (default draft 2020-12); its schemas are compiled in that dialect. */
  readonly dialect?: SuiteDialect;
  /** "annotate": keywords the dialect does not define are accepted as annotations and counted in `annotatedKeywords`. */
  readonly unknownKeywords?: "refuse" | "annotate";
  /** false: a run that skipped or errored every test is not declared broken here (the caller judges several drafts together). */
  readonly judgeRefusals?: boolean;
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

type Totals = ConformanceSection["totals"];

/** A module that passed nothing and skipped or errored everything tested nothing: it is broken, not clean. */
function refusedEverything({ passed, failed, skipped, errored }: Totals, firstReason: string): string | null {
  if (passed + failed > 0 || skipped + errored === 0) return null;
  return `the validator ran none of ${skipped + errored} tests (${skipped} skipped, ${errored} errored); first reason: ${firstReason}`;
}

function firstReasonOf(section: Pick<ConformanceSection, "skips" | "failures">): string {
  return section.skips[0]?.reason ?? String(section.failures[0]?.got ?? "");
}

export async function runConformance(options: RunConformanceOptions): Promise<ConformanceSection> {
  const { validator, suiteDir, include = "required+format", isolate, dialect = "draft2020-12", unknownKeywords } = options;
  if (!existsSync(suiteDir)) throw new SuiteNotFoundError(`no JSON-Schema-Test-Suite at ${suiteDir} (get it from ${SUITE_HOME})`);
  const suiteFiles = listSuiteFiles(suiteDir, include, dialect);
  const remotes = loadRemotes(suiteDir);
  const isolated = isolate ? workerRunner({ ...isolate, remotes }) : null;
  if (!isolated && !validator) throw new TypeError("runConformance: give a validator or a module to isolate");
  const runner = isolated ?? inProcessRunner(validator!, remotes);
  // The module is imported in its worker only: one that exits or hangs at import cannot take the lab with it.
  const name = isolated ? await isolated.load() : validator!.name;
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
      for (const group of groups) {
        if (runner.broken?.()) break;
        await runGroup(runner, suiteFile, group, tally, context);
      }
      if (runner.broken?.()) break;
    }
  } finally {
    await runner.close();
  }
  // Over several drafts, a module may decline a whole draft: only running nothing in any draft is broken (see runConformanceDialects).
  const broken = runner.broken?.() ?? (options.judgeRefusals === false ? null : refusedEverything(tally.totals, firstReasonOf(tally)));
  return {
    kind: "conformance",
    ...(broken ? { broken } : {}),
    validator: name,
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

/**
 * One section per dialect, in order. A module declared broken (circuit breaker, contract broken) is broken
 * in every draft: the drafts after it are not run. A module that ran no test in any draft is broken in each.
 */
export async function runConformanceDialects(options: Omit<RunConformanceOptions, "dialect" | "judgeRefusals"> & { readonly dialects: readonly SuiteDialect[] }): Promise<ConformanceSection[]> {
  const sections: ConformanceSection[] = [];
  for (const dialect of options.dialects) {
    const section = await runConformance({ ...options, dialect, judgeRefusals: false });
    sections.push(section);
    if (section.broken) return sections;
  }
  const sum = (key: keyof Totals) => sections.reduce((total, section) => total + section.totals[key], 0);
  const totals: Totals = { passed: sum("passed"), failed: sum("failed"), skipped: sum("skipped"), errored: sum("errored") };
  const broken = refusedEverything(totals, sections.map(firstReasonOf).find((reason) => reason !== "") ?? "");
  return broken ? sections.map((section) => ({ ...section, broken })) : sections;
}
