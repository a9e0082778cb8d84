// The limits every user module (validator, dispatcher) runs under in its worker thread: a heap cap so
// one that allocates without end kills its worker (a finding), not the machine; a circuit breaker so
// one that keeps hanging or dying ends the run with its findings instead of costing hours.
import type { ResourceLimits } from "node:worker_threads";

/** Default old-generation heap of a module's worker, in MB (`--heap-mb`). */
export const DEFAULT_MODULE_HEAP_MB = 512;

/** Workers lost (hang past the timeout, death, out of memory) before a module is declared broken. */
export const MAX_LOST_WORKERS = 8;

export function moduleResourceLimits(heapMb: number = DEFAULT_MODULE_HEAP_MB): ResourceLimits {
  // The young generation stays small so the cap is reached quickly and the worker dies cleanly.
  return { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: Math.max(4, Math.min(32, Math.floor(heapMb / 8))) };
}

/** Counts lost workers; `trip` says when the module is broken and why. */
export class CircuitBreaker {
  private lost = 0;
  private reason: string | null = null;

  constructor(private readonly limit: number = MAX_LOST_WORKERS) {}

  /** Records one lost worker; returns true when that one trips the breaker. */
  recordLoss(message: string): boolean {
    this.lost += 1;
    if (this.reason === null && this.lost >= this.limit) {
      this.reason = `declared broken after ${this.lost} hangs or crashes of its worker (last: ${message})`;
      return true;
    }
    return false;
  }

  /** Breaks at once (a contract broken at compile, an exit at import). */
  trip(reason: string): void {
    this.reason ??= reason;
  }

  get broken(): string | null {
    return this.reason;
  }
}
