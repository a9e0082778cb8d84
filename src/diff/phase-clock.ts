// Where a worker's time goes, per phase of a case: a lap is charged to the phase that just ended.
// performance.now() costs tens of nanoseconds, small next to a case (a few microseconds); the sums sit
// in a Float64Array so a lap allocates nothing (a number kept in a plain object field is boxed anew).
import { performance } from "node:perf_hooks";
import type { PhaseTimes } from "./fuzz-protocol.js";

export type Phase = keyof PhaseTimes;

/** A phase's slot in the sums (the order PhaseTimes lists them in). */
export const GENERATE = 0;
export const REFERENCE = 1;
export const CANDIDATE = 2;
export const COMPARE = 3;
export type PhaseSlot = typeof GENERATE | typeof REFERENCE | typeof CANDIDATE | typeof COMPARE;

export class PhaseClock {
  private readonly sums = new Float64Array(4);
  private last = performance.now();

  /** Starts timing from now, charging nothing (time between cases is nobody's). */
  start(): void {
    this.last = performance.now();
  }

  /** Charges the time since the last lap to the phase in `slot`. */
  lap(slot: PhaseSlot): void {
    const now = performance.now();
    this.sums[slot]! += now - this.last;
    this.last = now;
  }

  get times(): PhaseTimes {
    const { sums } = this;
    return { generate: sums[GENERATE]!, reference: sums[REFERENCE]!, candidate: sums[CANDIDATE]!, compare: sums[COMPARE]! };
  }
}

export function addPhaseTimes(into: PhaseTimes, more: PhaseTimes | undefined): void {
  if (!more) return;
  into.generate += more.generate;
  into.reference += more.reference;
  into.candidate += more.candidate;
  into.compare += more.compare;
}
