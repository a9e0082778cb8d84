// One fuzz worker and its watchdog. The watchdog reads the worker's heartbeat: a worker that stops
// beating for `timeoutMs` is terminated, and one that dies is noticed; either way the task comes back
// as "lost" with the case it was on, and the caller replaces the worker.
import type { Worker } from "node:worker_threads";
import type { FuzzRunData, FuzzTask, FuzzWorkerBoot, RebuildRequest, RebuiltCase, RunInit, TaskResult, WorkerMessage } from "./fuzz-protocol.js";
import { createHeartbeatBuffer, Heartbeat, type HeartbeatSnapshot } from "./heartbeat.js";
import { spawnWorker } from "./spawn-fuzz-worker.js";
import { moduleResourceLimits } from "../validators/module-limits.js";

export type TaskOutcome =
  | { readonly kind: "done"; readonly result: TaskResult }
  | { readonly kind: "lost"; readonly cause: "timeout" | "died"; readonly message: string; readonly snapshot: HeartbeatSnapshot };

/** The worker could not load the validators or generators: bad input, the run cannot start. */
export class WorkerLoadError extends Error {
  override readonly name = "WorkerLoadError";
}

/** How a worker is spawned: what it loads (the validators, from where) and its heap cap. */
export interface WorkerSpawnOptions {
  readonly boot: Omit<FuzzWorkerBoot, "heartbeat">;
  /** The worker's old-generation heap cap: a module that allocates past it kills its worker, not the lab. */
  readonly heapMb?: number;
}

export interface WorkerOptions extends WorkerSpawnOptions {
  readonly run: FuzzRunData;
  readonly timeoutMs: number;
  /** How long loading may take before the worker counts as hung (default 60 s: tsx compiles on first use). */
  readonly startupTimeoutMs?: number;
}

const STARTUP_TIMEOUT_MS = 60_000;

/**
 * A spawned worker loading its code and validators; `ready` hands it the run and resolves once it
 * takes tasks. Spawned before the main thread has read the run, so the two overlap. Until `ready`,
 * a failure is only recorded (an unheard `error` event would end the lab): `ready` reports it.
 */
export class StartingWorker {
  private failure: string | null = null;
  private onFailure: (() => void) | null = null;
  private readonly early = {
    message: (message: WorkerMessage): void => this.fail(message.kind === "load-error" ? message.message : null),
    error: (error: Error): void => this.fail(`the fuzz worker failed to start: ${error.message}`),
    exit: (code: number): void => this.fail(`the fuzz worker exited while starting (code ${code})`),
  };

  private constructor(
    private readonly worker: Worker,
    private readonly buffer: SharedArrayBuffer,
  ) {
    worker.on("message", this.early.message).on("error", this.early.error).on("exit", this.early.exit);
  }

  static spawn(options: WorkerSpawnOptions): StartingWorker {
    const buffer = createHeartbeatBuffer();
    return new StartingWorker(spawnWorker({ ...options.boot, heartbeat: buffer }, moduleResourceLimits(options.heapMb)), buffer);
  }

  private fail(message: string | null): void {
    if (message === null) return;
    this.failure ??= message;
    this.onFailure?.();
  }

  /** Sends the run; resolves once the worker has it, rejects (WorkerLoadError) when it cannot load or start. */
  ready(run: FuzzRunData, timeoutMs: number, startupTimeoutMs = STARTUP_TIMEOUT_MS): Promise<FuzzWorkerHandle> {
    const { worker, buffer } = this;
    return new Promise((resolve, reject) => {
      // Only our own listeners come off: the Worker keeps internal ones (removeAllListeners breaks messaging).
      const detach = (): void => {
        clearTimeout(timer);
        this.onFailure = null;
        worker.off("message", onMessage).off("message", this.early.message).off("error", this.early.error).off("exit", this.early.exit);
      };
      const fail = (message: string): void => {
        detach();
        worker.on("error", () => {});
        void worker.terminate();
        reject(new WorkerLoadError(message));
      };
      const onMessage = (message: WorkerMessage): void => {
        if (message.kind !== "ready") return;
        detach();
        resolve(new FuzzWorkerHandle(worker, new Heartbeat(buffer), timeoutMs));
      };
      const timer = setTimeout(() => fail(`the fuzz worker did not start within ${startupTimeoutMs} ms`), startupTimeoutMs);
      if (this.failure !== null) return fail(this.failure);
      this.onFailure = () => fail(this.failure!);
      worker.on("message", onMessage);
      worker.postMessage({ kind: "init", run } satisfies RunInit);
    });
  }

  /** Ends a worker that was never handed a run. */
  async terminate(): Promise<void> {
    this.worker.on("error", () => {});
    await this.worker.terminate();
  }
}

const PING_LIMIT_MS = 1000;

export class FuzzWorkerHandle {
  private exitedWith: string | null = null;

  /** Made by StartingWorker.ready, once the worker has its run. */
  constructor(
    private readonly worker: Worker,
    private readonly heartbeat: Heartbeat,
    private readonly timeoutMs: number,
  ) {
    // Permanent listeners: a worker may also die between tasks (an error thrown later from a timer).
    worker.on("error", (error) => void (this.exitedWith ??= `the worker crashed: ${error.message}`));
    worker.on("exit", (code) => void (this.exitedWith ??= `the worker exited with code ${code}`));
  }

  /**
   * Why the worker ended on its own, after one round trip through its event loop (so a timer the
   * candidate left behind has had its turn); null when it lives.
   */
  died(): Promise<string | null> {
    const { worker } = this;
    if (this.exitedWith !== null) return Promise.resolve(this.exitedWith);
    return new Promise((resolve) => {
      const settle = (): void => {
        clearTimeout(timer);
        worker.off("message", onMessage).off("exit", onExit);
        resolve(this.exitedWith);
      };
      const onMessage = (message: WorkerMessage): void => {
        if (message.kind === "pong") settle();
      };
      const onExit = (code: number): void => {
        this.exitedWith ??= `the worker exited with code ${code}`;
        settle();
      };
      const timer = setTimeout(settle, PING_LIMIT_MS);
      worker.on("message", onMessage).on("exit", onExit);
      worker.postMessage({ kind: "ping" });
    });
  }

  /** Spawns a worker and hands it its run at once (a replacement, a rebuild): the port queues the run while it loads. */
  static start(options: WorkerOptions): Promise<FuzzWorkerHandle> {
    return StartingWorker.spawn(options).ready(options.run, options.timeoutMs, options.startupTimeoutMs);
  }

  run(task: FuzzTask): Promise<TaskOutcome> {
    const { worker, heartbeat, timeoutMs } = this;
    if (this.exitedWith !== null) return Promise.resolve({ kind: "lost", cause: "died", message: this.exitedWith, snapshot: heartbeat.snapshot() });
    return new Promise((resolve) => {
      let lastBeat = heartbeat.snapshot().beat;
      let lastChange = Date.now();
      const settle = (outcome: TaskOutcome): void => {
        clearInterval(watchdog);
        worker.off("message", onMessage).off("error", onError).off("exit", onExit);
        resolve(outcome);
      };
      const lose = (cause: "timeout" | "died", message: string): void => {
        const snapshot = heartbeat.snapshot();
        void worker.terminate();
        settle({ kind: "lost", cause, message, snapshot });
      };
      const watchdog = setInterval(() => {
        const beat = heartbeat.snapshot().beat;
        if (beat !== lastBeat) [lastBeat, lastChange] = [beat, Date.now()];
        // --timeout-ms bounds compile and validate alike: the limit the message names is the one applied.
        else if (Date.now() - lastChange > timeoutMs) lose("timeout", `no answer within ${timeoutMs} ms`);
      }, Math.max(5, Math.min(100, timeoutMs / 4)));
      const onMessage = (message: WorkerMessage): void => {
        if (message.kind === "result") settle({ kind: "done", result: message.result });
      };
      const onError = (error: Error): void => lose("died", `the worker crashed: ${error.message}`);
      const onExit = (code: number): void => lose("died", `the worker exited with code ${code}`);
      worker.on("message", onMessage).on("error", onError).on("exit", onExit);
      worker.postMessage(task);
    });
  }

  /** Rebuilds a lost case in this worker, within `limitMs`; null when it could not (the worker is then stopped). */
  rebuild(request: RebuildRequest, limitMs: number): Promise<RebuiltCase | null> {
    const { worker } = this;
    if (this.exitedWith !== null) return Promise.resolve(null);
    return new Promise((resolve) => {
      const settle = (fuzzCase: RebuiltCase | null): void => {
        clearTimeout(timer);
        worker.off("message", onMessage).off("exit", onExit);
        resolve(fuzzCase);
      };
      const onMessage = (message: WorkerMessage): void => {
        if (message.kind === "rebuilt") settle(message.fuzzCase);
      };
      const onExit = (): void => settle(null);
      const timer = setTimeout(() => {
        void worker.terminate();
        settle(null);
      }, limitMs);
      worker.on("message", onMessage).on("exit", onExit);
      worker.postMessage(request);
    });
  }

  async terminate(): Promise<void> {
    await this.worker.terminate();
  }
}
