// Dispatcher conformance: every fixture of suites/dispatch, round by round, through a dispatcher module
// with spy handlers; the properties it kept or broke become a DispatchSection of the results model.
import type { DispatchSection } from "../report/model.js";
import { fixtureName, type DispatchFixture, type FixtureRound } from "./dispatch-fixture.js";
import { checkDispatchProperties, type RoundRun } from "./check-dispatch-properties.js";
import { loadDispatcherModule, type DispatcherInput, type DispatcherModule } from "./dispatcher-module.js";
import { loadDispatchSuite } from "./load-dispatch-suite.js";
import { createSpyTools, type SpyTools, type ToolDeclaration } from "./spy-tools.js";

export interface DispatchConformanceOptions {
  /** A dispatcher module file; default: the reference dispatcher. */
  readonly dispatcherPath?: string;
  /** An already loaded module (tests); wins over dispatcherPath. */
  readonly dispatcher?: DispatcherModule;
  readonly suiteDir?: string;
  /** How long one dispatch call may take (default 10 s). */
  readonly timeoutMs?: number;
}

type DispatchCase = DispatchSection["cases"][number];

export async function runDispatchConformance(options: DispatchConformanceOptions = {}): Promise<DispatchSection> {
  const dispatcher = options.dispatcher ?? (await loadDispatcherModule(options.dispatcherPath));
  const suite = await loadDispatchSuite(options.suiteDir);
  const cases: DispatchCase[] = [];
  for (const fixture of suite.fixtures) cases.push(...(await runFixture(dispatcher, fixture, suite.tools, options.timeoutMs ?? 10_000)));
  const passed = cases.filter((entry) => entry.passed).length;
  return { kind: "dispatch", dispatcher: dispatcher.name, totals: { passed, failed: cases.length - passed }, cases };
}

export async function runFixture(dispatcher: DispatcherModule, fixture: DispatchFixture, tools: readonly ToolDeclaration[], timeoutMs: number): Promise<DispatchCase[]> {
  const spies = createSpyTools(tools);
  const runs: RoundRun[] = [];
  for (const round of fixture.rounds) runs.push(await runRound(dispatcher, fixture, round, spies, timeoutMs));
  const declared = new Set(tools.map((tool) => tool.name));
  return checkDispatchProperties(fixture.provider, runs, declared).map((verdict) => ({ provider: fixture.provider, fixture: fixtureName(fixture), ...verdict }));
}

async function runRound(dispatcher: DispatcherModule, fixture: DispatchFixture, round: FixtureRound, spies: SpyTools, timeoutMs: number): Promise<RoundRun> {
  // A copy per call: a dispatcher that edits what it was given cannot change the fixture.
  const answer = fixture.streamed ? { chunks: [...(round.chunks ?? [])] } : { response: structuredClone(round.response) };
  const input: DispatcherInput = { provider: fixture.provider, tools: spies.tools, ...answer };
  // Through a promise, so a dispatcher that throws synchronously is a failed round, not a crashed run.
  const returned = await withTimeout(Promise.resolve().then(() => dispatcher.dispatch(input)), timeoutMs);
  const invocations = spies.takeInvocations();
  if (returned.kind === "failed") return { expect: round.expect, invocations, results: null, failure: returned.message };
  if (!Array.isArray(returned.value)) return { expect: round.expect, invocations, results: null, failure: `dispatch returned ${typeof returned.value}, not an array of results` };
  return { expect: round.expect, invocations, results: returned.value };
}

type Settled = { kind: "ok"; value: unknown } | { kind: "failed"; message: string };

async function withTimeout(work: Promise<unknown>, timeoutMs: number): Promise<Settled> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Settled>((resolve) => {
    timer = setTimeout(() => resolve({ kind: "failed", message: `dispatch did not finish within ${timeoutMs} ms` }), timeoutMs);
  });
  const settled = work.then(
    (value): Settled => ({ kind: "ok", value }),
    (error: unknown): Settled => ({ kind: "failed", message: `dispatch threw: ${error instanceof Error ? error.message : String(error)}` }),
  );
  try {
    return await Promise.race([settled, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
