// Where a worker's time goes, per phase of a case: a lap is charged to the phase that just ended.
// performance.now() costs tens of nanoseconds, small next to a case (a few microseconds).
import { performance } from "node:perf_hooks";
import type { PhaseTimes } from "./fuzz-protocol.js";

export type Phase = keyof PhaseTimes;

export class PhaseClock {
  readonly times: PhaseTimes = { generate: 0, reference: 0, candidate: 0, compare: 0 };
  private last = performance.now();

  /** Starts timing from now, charging nothing (time between cases is nobody's). */
  start(): void {
    this.last = performance.now();
  }

  /** Charges the time since the last lap to phase. */
  lap(phase: Phase): void {
    const now = performance.now();
    this.times[phase] += now - this.last;
    this.last = now;
  }
}

export function addPhaseTimes(into: PhaseTimes, more: PhaseTimes | undefined): void {
  if (!more) return;
  into.generate += more.generate;
  into.reference += more.reference;
  into.candidate += more.candidate;
  into.compare += more.compare;
}
