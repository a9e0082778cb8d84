// Every HTTP request of a probe passes this gate: at most `concurrency` in flight, at most `maxRequests`
// in all (retries count). A request the budget cannot pay for is never sent.
export class RequestGate {
  private inFlight = 0;
  private spent = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxRequests: number,
  ) {}

  get requestsSent(): number {
    return this.spent;
  }

  get exhausted(): boolean {
    return this.spent >= this.maxRequests;
  }

  /** Runs `send` when a slot is free; null (without running it) when the budget is spent. */
  async run<T>(send: () => Promise<T>): Promise<T | null> {
    if (this.exhausted) return null;
    this.spent += 1;
    // A finishing request hands its slot straight to the next waiter, so no newcomer can slip in between.
    if (this.inFlight >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.inFlight += 1;
    try {
      return await send();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.inFlight -= 1;
    }
  }
}
