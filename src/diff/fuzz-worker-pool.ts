// Fuzz workers: spawned from the built JS (dist/) as they are, or from the TypeScript sources (tests,
// tsx) through a bootstrap that registers tsx first. A watchdog reads each worker's heartbeat: a
// worker that stops beating for `timeoutMs` is terminated, and one that dies is noticed; either way
// the task comes back as "lost" with the case it was on, and the pool replaces the worker.
import { createRequire } from "node:module";
import { dirname, extname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { FuzzTask, FuzzWorkerData, TaskResult, WorkerMessage } from "./fuzz-protocol.js";
import { createHeartbeatBuffer, Heartbeat, type HeartbeatSnapshot } from "./heartbeat.js";

export type TaskOutcome =
  | { readonly kind: "done"; readonly result: TaskResult }
  | { readonly kind: "lost"; readonly cause: "timeout" | "died"; readonly message: string; readonly snapshot: HeartbeatSnapshot };

/** The worker could not load the validators or generators: bad input, the run cannot start. */
export class WorkerLoadError extends Error {
  override readonly name = "WorkerLoadError";
}

export interface WorkerOptions {
  readonly data: Omit<FuzzWorkerData, "heartbeat">;
  readonly timeoutMs: number;
  /** How long loading may take before the worker counts as hung (default 60 s: tsx compiles on first use). */
  readonly startupTimeoutMs?: number;
}

/** tsx's ESM register API (require.resolve would give its CommonJS twin, which cannot register from a worker). */
function tsxEsmApiPath(): string {
  const manifest = createRequire(import.meta.url).resolve("tsx/package.json");
  const exports = (createRequire(import.meta.url)(manifest) as { exports: Record<string, { import: { default: string } }> }).exports;
  return join(dirname(manifest), exports["./esm/api"]!.import.default);
}

function spawnWorker(data: FuzzWorkerData): Worker {
  const self = fileURLToPath(import.meta.url);
  const entry = new URL(`./fuzz-worker${extname(self)}`, import.meta.url);
  if (extname(self) !== ".ts") return new Worker(entry, { workerData: data });
  // A worker does not inherit the parent's loader hooks, and `--import tsx` in execArgv comes too late
  // for the entry itself on Node 20: register tsx from an eval'd bootstrap, then import the entry.
  const tsx = pathToFileURL(tsxEsmApiPath()).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: data });
}

const COMPILE_TIMEOUT_FLOOR_MS = 5000;

export class FuzzWorkerHandle {
  private exitedWith: string | null = null;

  private constructor(
    private readonly worker: Worker,
    private readonly heartbeat: Heartbeat,
    private readonly timeoutMs: number,
  ) {
    // Permanent listeners: a worker may also die between tasks (an error thrown later from a timer).
    worker.on("error", (error) => void (this.exitedWith ??= `the worker crashed: ${error.message}`));
    worker.on("exit", (code) => void (this.exitedWith ??= `the worker exited with code ${code}`));
  }

  static start(options: WorkerOptions): Promise<FuzzWorkerHandle> {
    const buffer = createHeartbeatBuffer();
    const worker = spawnWorker({ ...options.data, heartbeat: buffer });
    const startupTimeoutMs = options.startupTimeoutMs ?? 60_000;
    return new Promise((resolve, reject) => {
      // Only our own listeners come off: the Worker keeps internal ones (removeAllListeners breaks messaging).
      const detach = (): void => {
        clearTimeout(timer);
        worker.off("message", onMessage).off("error", onError).off("exit", onExit);
      };
      const fail = (message: string): void => {
        detach();
        worker.on("error", () => {});
        void worker.terminate();
        reject(new WorkerLoadError(message));
      };
      const onMessage = (message: WorkerMessage): void => {
        if (message.kind === "load-error") return fail(message.message);
        if (message.kind !== "ready") return;
        detach();
        resolve(new FuzzWorkerHandle(worker, new Heartbeat(buffer), options.timeoutMs));
      };
      const onError = (error: Error): void => fail(`the fuzz worker failed to start: ${error.message}`);
      const onExit = (code: number): void => fail(`the fuzz worker exited while starting (code ${code})`);
      const timer = setTimeout(() => fail(`the fuzz worker did not start within ${startupTimeoutMs} ms`), startupTimeoutMs);
      worker.on("message", onMessage).on("error", onError).on("exit", onExit);
    });
  }

  run(task: FuzzTask): Promise<TaskOutcome> {
    const { worker, heartbeat, timeoutMs } = this;
    if (this.exitedWith !== null) return Promise.resolve({ kind: "lost", cause: "died", message: this.exitedWith, snapshot: heartbeat.snapshot() });
    return new Promise((resolve) => {
      // Compiling in a fresh worker warms up the validator (and, from sources, tsx): give it longer.
      const limitFor = (phase: string): number => (phase === "compile" ? Math.max(timeoutMs, COMPILE_TIMEOUT_FLOOR_MS) : timeoutMs);
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
        else if (Date.now() - lastChange > limitFor(heartbeat.snapshot().phase)) lose("timeout", `no answer within ${limitFor(heartbeat.snapshot().phase)} ms`);
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

  async terminate(): Promise<void> {
    await this.worker.terminate();
  }
}

export interface TaskQueueOptions {
  readonly workers: number;
  readonly worker: WorkerOptions;
  readonly onResult: (task: FuzzTask, result: TaskResult) => void;
  /** A lost task: record the case it was on and return what is left to run (or null). */
  readonly onLost: (task: FuzzTask, outcome: Extract<TaskOutcome, { kind: "lost" }>) => FuzzTask | null;
  /** Checked before each task: true stops handing out work (a time budget). */
  readonly shouldStop?: () => boolean;
  /** Checked when a task comes up: true drops it (its target was abandoned). */
  readonly skipTask?: (task: FuzzTask) => boolean;
}

/** Runs every task on a pool of workers; resolves when all are done (or the budget stops them). */
export async function runTaskQueue(tasks: readonly FuzzTask[], options: TaskQueueOptions): Promise<void> {
  const queue = [...tasks];
  const size = Math.max(1, Math.min(options.workers, queue.length));
  const slot = async (): Promise<void> => {
    let handle: FuzzWorkerHandle | null = null;
    try {
      while (!options.shouldStop?.()) {
        const task = queue.shift();
        if (!task) break;
        if (options.skipTask?.(task)) continue;
        handle ??= await FuzzWorkerHandle.start(options.worker);
        const outcome = await handle.run(task);
        if (outcome.kind === "done") {
          options.onResult(task, outcome.result);
          continue;
        }
        handle = null;
        const rest = options.onLost(task, outcome);
        if (rest) queue.unshift(rest);
      }
    } catch (error) {
      queue.length = 0; // the other workers stop too: a worker that cannot load means bad input
      throw error;
    } finally {
      await handle?.terminate();
    }
  };
  await Promise.all(Array.from({ length: size }, slot));
}
