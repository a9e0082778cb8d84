// Rounds of dispatch: error results go back to the model, its corrected calls are checked again, and a
// round limit ends it. An uncertain outcome ends it too: a write that may have happened is for the
// application to check, never for the loop to retry on its own.
import type { DispatchOutcome, Dispatcher } from "./dispatch.js";
import type { ProviderPayload } from "./read-provider-answer.js";
import type { WireFormat } from "./wire-format.js";

/** The model side of the loop: its next answer, given the previous round's outcome (null on the first). */
export interface ModelTurns {
  next(previous: DispatchOutcome | null, round: number): Promise<ProviderPayload>;
}

export type RoundsEnd =
  /** Every call of the last round ran, or the model answered without calls. */
  | "done"
  /** Calls were still rejected when the round limit was reached. */
  | "round-limit"
  /** A truncated, refused or failed answer: nothing of it ran. */
  | "incomplete"
  /** A handler's outcome is unknown (it threw after starting, or timed out). */
  | "uncertain"
  /** A guard asked for the user's confirmation. */
  | "needs-confirmation";

export interface RoundsReport {
  readonly end: RoundsEnd;
  readonly rounds: readonly DispatchOutcome[];
}

export interface RunRoundsOptions {
  readonly dispatcher: Dispatcher;
  readonly provider: WireFormat;
  readonly turns: ModelTurns;
  /** Default 3: the first answer and two corrections. */
  readonly maxRounds?: number;
}

export async function runRounds(options: RunRoundsOptions): Promise<RoundsReport> {
  const maxRounds = options.maxRounds ?? 3;
  const rounds: DispatchOutcome[] = [];
  let previous: DispatchOutcome | null = null;
  for (let round = 1; round <= maxRounds; round += 1) {
    const payload = await options.turns.next(previous, round);
    const outcome = await options.dispatcher.dispatch(options.provider, payload);
    rounds.push(outcome);
    const end = endAfter(outcome);
    if (end !== null) return { end, rounds };
    previous = outcome;
  }
  return { end: "round-limit", rounds };
}

/** Null: some calls were rejected and the model may correct them in another round. */
export function endAfter(outcome: DispatchOutcome): RoundsEnd | null {
  if (outcome.answer === "no-calls") return "done";
  if (outcome.answer !== "tool-calls") return "incomplete";
  const statuses = new Set(outcome.calls.map((call) => call.status));
  if (statuses.has("uncertain")) return "uncertain";
  if (statuses.has("needs-confirmation")) return "needs-confirmation";
  return statuses.has("rejected") ? null : "done";
}
