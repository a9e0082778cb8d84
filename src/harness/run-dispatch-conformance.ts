// Dispatcher conformance: every fixture of suites/dispatch, round by round, through a dispatcher module
// with spy handlers; the properties it kept or broke become a DispatchSection of the results model.
import type { DispatchSection } from "../report/model.js";
import { fixtureName, type DispatchFixture, type FixtureRound } from "./dispatch-fixture.js";
import { checkDispatchProperties, type RoundRun } from "./check-dispatch-properties.js";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { describeThrown } from "../validators/describe-thrown.js";
import { DispatcherLoadError, loadDispatcherModule, type DispatcherInput, type DispatcherModule } from "./dispatcher-module.js";
import { startIsolatedDispatcher, type IsolatedDispatcher } from "./isolated-dispatcher.js";
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
  /** Heap cap of the module's worker in MB (default 512). */
  readonly heapMb?: number;
  /** Hangs or crashes of its worker before the dispatcher is declared broken (default 8). */
  readonly maxLostWorkers?: number;
  readonly cwd?: string;
}

type DispatchCase = DispatchSection["cases"][number];

export async function runDispatchConformance(options: DispatchConformanceOptions = {}): Promise<DispatchSection> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const suite = await loadDispatchSuite(options.suiteDir);
  const isolated = await isolateModule(options, timeoutMs);
  const dispatcher = options.dispatcher ?? isolated ?? (await loadDispatcherModule());
  const calls = countingCalls(dispatcher);
  const cases: DispatchCase[] = [];
  try {
    for (const fixture of suite.fixtures) {
      if (isolated?.broken()) break;
      cases.push(...(await runFixture(calls.module, fixture, suite.tools, timeoutMs)));
    }
  } finally {
    await isolated?.close();
  }
  const passed = cases.filter((entry) => entry.passed).length;
  const broken = isolated?.broken() ?? calls.answeredNothing();
  return { kind: "dispatch", dispatcher: dispatcher.name, ...(broken ? { broken } : {}), totals: { passed, failed: cases.length - passed }, cases };
}

/** A module file runs in its own heap-capped worker: an exit, a loop or a leak cannot take the lab with it. */
async function isolateModule(options: DispatchConformanceOptions, timeoutMs: number): Promise<IsolatedDispatcher | null> {
  if (options.dispatcher || options.dispatcherPath === undefined) return null;
  const modulePath = resolve(options.cwd ?? process.cwd(), options.dispatcherPath);
  if (!existsSync(modulePath)) throw new DispatcherLoadError(`dispatcher module ${modulePath}: file not found`);
  return startIsolatedDispatcher({ modulePath, cwd: options.cwd ?? process.cwd() }, { timeoutMs, heapMb: options.heapMb, maxLostWorkers: options.maxLostWorkers });
}

/** Counts calls that returned an array of results: a dispatcher that answered none is broken, not just failing. */
function countingCalls(inner: DispatcherModule): { module: DispatcherModule; answeredNothing(): string | null } {
  let calls = 0;
  let answered = 0;
  let firstError: string | null = null;
  const module: DispatcherModule = {
    name: inner.name,
    async dispatch(input) {
      calls += 1;
      try {
        const results = await inner.dispatch(input);
        if (Array.isArray(results)) answered += 1;
        return results;
      } catch (error) {
        firstError ??= describeThrown(error);
        throw error;
      }
    },
  };
  const answeredNothing = (): string | null =>
    calls > 0 && answered === 0 ? `the dispatcher answered none of ${calls} rounds${firstError ? `; first error: ${firstError}` : " with an array of results"}` : null;
  return { module, answeredNothing };
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
    (error: unknown): Settled => ({ kind: "failed", message: `dispatch threw: ${describeThrown(error)}` }),
  );
  try {
    return await Promise.race([settled, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
