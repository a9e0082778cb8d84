// The properties a dispatcher must keep, judged from what it did with one fixture: which handlers ran
// with which arguments, and which results it returned. A property that has nothing to judge in a
// fixture is left out rather than passed.
import { isDeepStrictEqual } from "node:util";
import type { ExpectedCall, RoundExpectation } from "./dispatch-fixture.js";
import { namesPath } from "./names-path.js";
import { errorFlagName, readToolResult, type ReadResult } from "./read-tool-result.js";
import { readsAsError } from "./reads-as-error.js";
import { SPY_RECEIPT_PREFIX, type Invocation } from "./spy-tools.js";
import type { WireFormat } from "./wire-format.js";

export const DISPATCH_PROPERTIES = [
  "invalid-call-never-runs",
  "error-result-carries-call-id",
  "error-result-reads-as-error",
  "error-result-names-paths",
  "valid-call-runs-once",
  "corrected-call-runs-once",
  "incomplete-answer-runs-nothing",
  "valid-arguments-reach-handler-unchanged",
] as const;

export type DispatchProperty = (typeof DISPATCH_PROPERTIES)[number];

export interface RoundRun {
  readonly expect: RoundExpectation;
  readonly invocations: readonly Invocation[];
  /** Null when the dispatcher threw, timed out or returned something other than an array. */
  readonly results: readonly unknown[] | null;
  readonly failure?: string;
}

export interface PropertyVerdict {
  readonly property: DispatchProperty;
  readonly passed: boolean;
  readonly detail: string;
}

interface Round {
  readonly number: number;
  readonly run: RoundRun;
  readonly calls: readonly ExpectedCall[];
  readonly results: readonly ReadResult[] | null;
  /** Invocations no expected execution accounts for. */
  readonly unexplained: readonly Invocation[];
}

type Judge = (rounds: readonly Round[], provider: WireFormat, declared: ReadonlySet<string>) => string[] | null;

const JUDGES: Readonly<Record<DispatchProperty, Judge>> = {
  "invalid-call-never-runs": invalidNeverRuns,
  "error-result-carries-call-id": errorCarriesCallId,
  "error-result-reads-as-error": errorReadsAsError,
  "error-result-names-paths": errorNamesPaths,
  "valid-call-runs-once": validRunsOnce,
  "corrected-call-runs-once": correctedRunsOnce,
  "incomplete-answer-runs-nothing": incompleteRunsNothing,
  "valid-arguments-reach-handler-unchanged": validUnchanged,
};

/** `declared`: the names of the tools the dispatcher was given (a call to any other is to an unknown tool). */
export function checkDispatchProperties(provider: WireFormat, runs: readonly RoundRun[], declared: ReadonlySet<string>): PropertyVerdict[] {
  const rounds = runs.map((run, index) => roundOf(provider, run, index + 1));
  return DISPATCH_PROPERTIES.flatMap((property) => {
    const violations = JUDGES[property](rounds, provider, declared);
    if (violations === null) return [];
    return [{ property, passed: violations.length === 0, detail: violations.length === 0 ? "ok" : violations.join("; ") }];
  });
}

function roundOf(provider: WireFormat, run: RoundRun, number: number): Round {
  const calls = run.expect.answer === "complete" ? run.expect.calls : [];
  const unexplained = [...run.invocations];
  for (const call of calls) {
    if (call.verdict !== "executed") continue;
    const index = unexplained.findIndex((invocation) => invocation.tool === call.tool && isDeepStrictEqual(invocation.args, call.arguments));
    if (index >= 0) unexplained.splice(index, 1);
  }
  const results = run.results === null ? null : run.results.map((result) => readToolResult(provider, result));
  return { number, run, calls, results, unexplained };
}

const rejectedIn = (round: Round) => round.calls.filter((call) => call.verdict === "rejected");
const executedIn = (round: Round) => round.calls.filter((call): call is ExpectedCall & { verdict: "executed" } => call.verdict === "executed");
const show = (value: unknown) => (JSON.stringify(value) ?? String(value)).slice(0, 160);

function resultsFor(round: Round, callId: string): ReadResult[] | string {
  if (round.results === null) return `round ${round.number}: no results (${round.run.failure ?? "dispatch failed"})`;
  return round.results.filter((result) => result.callId === callId);
}

type RejectedCall = ReturnType<typeof rejectedIn>[number];

/**
 * Problems with the results of every refused call, or null when no round refuses one: `none` words a
 * call with no result, `judge` the results found (at least one).
 */
function judgeRefusedResults(rounds: readonly Round[], none: (call: RejectedCall) => string, judge: (call: RejectedCall, found: ReadResult[]) => string[]): string[] | null {
  if (!rounds.some((round) => rejectedIn(round).length > 0)) return null;
  return rounds.flatMap((round) =>
    rejectedIn(round).flatMap((call) => {
      const found = resultsFor(round, call.id);
      if (typeof found === "string") return [found];
      return found.length === 0 ? [none(call)] : judge(call, found);
    }),
  );
}

function invalidNeverRuns(rounds: readonly Round[]): string[] | null {
  if (!rounds.some((round) => rejectedIn(round).length > 0)) return null;
  return rounds.flatMap((round) =>
    round.run.expect.answer !== "complete"
      ? []
      : round.unexplained.filter((invocation) => !isRepeatOfValidCall(round, invocation)).map((invocation) => {
          const ids = rejectedIn(round).filter((call) => call.tool === invocation.tool).map((call) => call.id);
          const why = ids.length > 0 ? `for rejected call ${ids.join(", ")}` : "though no valid call asked for it";
          return `round ${round.number}: ${invocation.tool} ran with ${show(invocation.args)} ${why}`;
        }),
  );
}

function errorCarriesCallId(rounds: readonly Round[], provider: WireFormat): string[] | null {
  const flag = errorFlagName(provider);
  return judgeRefusedResults(
    rounds,
    (call) => `no result carries call id ${call.id} (${call.tool})`,
    (call, found) => {
      if (found.length > 1) return [`${found.length} results carry call id ${call.id}`];
      if (found[0]!.text.includes(SPY_RECEIPT_PREFIX)) return [`the result for ${call.id} is its handler's output, not an error`];
      return flag !== null && found[0]!.errorFlag !== true ? [`the result for ${call.id} is not marked ${flag}`] : [];
    },
  );
}

function errorNamesPaths(rounds: readonly Round[]): string[] | null {
  if (!rounds.some((round) => rejectedIn(round).some((call) => call.verdict === "rejected" && call.paths.length > 0))) return null;
  return rounds.flatMap((round) =>
    rejectedIn(round).flatMap((call) => {
      if (call.verdict !== "rejected" || call.paths.length === 0) return [];
      const found = resultsFor(round, call.id);
      if (typeof found === "string") return [found];
      if (found.length === 0) return [`no result for ${call.id} to name ${call.paths.join(", ")}`];
      const missing = call.paths.filter((path) => !found.some((result) => namesPath(result.text, path)));
      return missing.length === 0 ? [] : [`the result for ${call.id} does not name ${missing.join(", ")}: ${show(found[0]!.text)}`];
    }),
  );
}

/** An invocation with exactly the arguments of a call that was to run: an extra run of a valid call. */
function isRepeatOfValidCall(round: Round, invocation: Invocation): boolean {
  return executedIn(round).some((call) => call.tool === invocation.tool && isDeepStrictEqual(invocation.args, call.arguments));
}

/** Each valid call runs once: its handler ran exactly as many times as calls with those arguments were sent. */
function validRunsOnce(rounds: readonly Round[]): string[] | null {
  if (!rounds.some((round) => executedIn(round).length > 0)) return null;
  return rounds.flatMap((round) => {
    const repeats = round.unexplained.filter((invocation) => isRepeatOfValidCall(round, invocation));
    const byCall = new Map<string, number>();
    for (const invocation of repeats) {
      const call = executedIn(round).find((sent) => sent.tool === invocation.tool && isDeepStrictEqual(invocation.args, sent.arguments))!;
      byCall.set(call.id, (byCall.get(call.id) ?? 1) + 1);
    }
    return [...byCall].map(([id, times]) => `round ${round.number}: the valid call ${id} ran ${times} times; it must run exactly once`);
  });
}

/**
 * A refused call's result must read as a refusal to the model: the wire's error flag where it has
 * one; on OpenAI wires (no flag) the text must say the call failed or was not run, and for an
 * unknown tool it must name the tool. A bare "ok" reads as success and invites the model to go on.
 */
function errorReadsAsError(rounds: readonly Round[], provider: WireFormat, declared: ReadonlySet<string>): string[] | null {
  const flag = errorFlagName(provider);
  return judgeRefusedResults(
    rounds,
    (call) => `no result for ${call.id} (${call.tool}) to say it was not run`,
    (call, [result]) => {
      const problems: string[] = [];
      const flagged = flag !== null && result!.errorFlag === true;
      if (!flagged && !readsAsError(result!.text)) problems.push(`the result for ${call.id} reads as success, not as an error: ${show(result!.text)}`);
      if (!declared.has(call.tool) && !result!.text.includes(call.tool)) problems.push(`the result for ${call.id} does not name the unknown tool ${call.tool}: ${show(result!.text)}`);
      return problems;
    },
  );
}

function validUnchanged(rounds: readonly Round[], provider: WireFormat): string[] | null {
  if (!rounds.some((round) => executedIn(round).length > 0)) return null;
  const flag = errorFlagName(provider);
  return rounds.flatMap((round) => {
    const reached = executedIn(round).flatMap((call) => {
      const problems: string[] = [];
      if (!round.run.invocations.some((invocation) => invocation.tool === call.tool && isDeepStrictEqual(invocation.args, call.arguments))) {
        const got = round.run.invocations.filter((invocation) => invocation.tool === call.tool).map((invocation) => show(invocation.args));
        problems.push(got.length === 0 ? `${call.id} (${call.tool}) never reached its handler` : `${call.id} (${call.tool}) reached its handler as ${got.join(" / ")}, sent ${show(call.arguments)}`);
      }
      const found = resultsFor(round, call.id);
      if (typeof found === "string") problems.push(found);
      else if (found.length === 0) problems.push(`no result carries call id ${call.id} (${call.tool})`);
      else if (found.length > 1) problems.push(`${found.length} results carry call id ${call.id}`);
      else if (flag !== null && found[0]!.errorFlag === true) problems.push(`the result for ${call.id} is marked ${flag}`);
      return problems;
    });
    return reached;
  });
}

function correctedRunsOnce(rounds: readonly Round[]): string[] | null {
  const last = rounds.at(-1)!;
  const earlierRejected = new Set(rounds.slice(0, -1).flatMap((round) => rejectedIn(round).map((call) => call.tool)));
  const corrected = executedIn(last).filter((call) => earlierRejected.has(call.tool));
  if (rounds.length < 2 || corrected.length === 0) return null;
  return corrected.flatMap((call) => {
    const runs = rounds.flatMap((round) => round.run.invocations.filter((invocation) => invocation.tool === call.tool).map(() => round.number));
    const once = runs.length === 1 && runs[0] === last.number;
    return once ? [] : [`${call.tool} ran ${runs.length} time(s) (in rounds ${runs.join(", ") || "none"}); the corrected call ${call.id} must run exactly once, in round ${last.number}`];
  });
}

function incompleteRunsNothing(rounds: readonly Round[]): string[] | null {
  const incomplete = rounds.filter((round) => round.run.expect.answer !== "complete");
  if (incomplete.length === 0) return null;
  return incomplete.flatMap((round) =>
    round.run.invocations.map((invocation) => `round ${round.number} (${round.run.expect.answer}): ${invocation.tool} ran with ${show(invocation.args)}`),
  );
}
