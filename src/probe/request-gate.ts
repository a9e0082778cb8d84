// Every HTTP request of a probe passes this gate: at most `concurrency` in flight, at most `maxRequests`
// in all (retries count). The budget and the caller's last word (`stillWanted`) are checked once a slot
// is held, right before sending, so a queued request the run no longer wants is never sent.
export type GateRefusal = "budget" | "unwanted";

export class RequestGate {
  private inFlight = 0;
  private spent = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    readonly maxRequests: number,
  ) {}

  get requestsSent(): number {
    return this.spent;
  }

  async run<T>(send: () => Promise<T>, stillWanted: () => boolean = () => true): Promise<T | GateRefusal> {
    // A finishing request hands its slot straight to the next waiter, so no newcomer can slip in between.
    if (this.inFlight >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.inFlight += 1;
    try {
      if (this.spent >= this.maxRequests) return "budget";
      if (!stillWanted()) return "unwanted";
      this.spent += 1;
      return await send();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.inFlight -= 1;
    }
  }
}
