// A user's dispatcher run in a heap-capped worker thread. A call that does not settle within the timeout
// (a synchronous loop included) terminates the worker; one that dies is replaced; after too many losses
// the circuit breaker declares the dispatcher broken and later calls fail at once.
import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import type { Worker } from "node:worker_threads";
import { CircuitBreaker, moduleResourceLimits } from "../validators/module-limits.js";
import { spawnModuleWorker } from "../validators/spawn-module-worker.js";
import type { DispatcherWorkerData, FromWorker, ToWorker } from "./dispatcher-protocol.js";
import { DispatcherLoadError, type DispatcherInput, type DispatcherModule } from "./dispatcher-module.js";

export interface IsolationOptions {
  readonly timeoutMs: number;
  readonly heapMb?: number;
  readonly maxLostWorkers?: number;
  /** How long importing the module may take (default 60 s: tsx compiles on first use). */
  readonly startupTimeoutMs?: number;
}

export interface IsolatedDispatcher extends DispatcherModule {
  broken(): string | null;
  close(): Promise<void>;
}

function spawn(data: DispatcherWorkerData, heapMb?: number): Worker {
  const self = fileURLToPath(import.meta.url);
  return spawnModuleWorker(new URL(`./dispatcher-worker${extname(self)}`, import.meta.url), data, moduleResourceLimits(heapMb));
}

/** Starts a worker and waits for the module to load; a module that cannot load is bad input. */
function startWorker(data: DispatcherWorkerData, options: IsolationOptions): Promise<{ worker: Worker; name: string }> {
  const worker = spawn(data, options.heapMb);
  // A worker may still fail after its call was given up (out of memory while being stopped): never an unhandled 'error'.
  worker.on("error", () => {});
  const limit = options.startupTimeoutMs ?? 60_000;
  return new Promise((resolve, reject) => {
    const fail = (message: string): void => {
      clearTimeout(timer);
      worker.removeAllListeners("message");
      void worker.terminate();
      reject(new DispatcherLoadError(message));
    };
    const timer = setTimeout(() => fail(`dispatcher module ${data.modulePath}: did not load within ${limit} ms`), limit);
    const onError = (error: Error): void => fail(`dispatcher module ${data.modulePath}: its worker crashed while loading: ${error.message}`);
    const onExit = (code: number): void => fail(`dispatcher module ${data.modulePath}: its worker exited while loading (code ${code})`);
    worker.once("error", onError).once("exit", onExit);
    worker.once("message", (message: FromWorker) => {
      if (message.kind === "load-error") return fail(message.message);
      clearTimeout(timer);
      worker.off("error", onError).off("exit", onExit);
      resolve({ worker, name: message.kind === "ready" ? message.name : "?" });
    });
  });
}

export async function startIsolatedDispatcher(data: DispatcherWorkerData, options: IsolationOptions): Promise<IsolatedDispatcher> {
  const breaker = new CircuitBreaker(options.maxLostWorkers);
  const first = await startWorker(data, options);
  let worker: Worker | null = first.worker;
  let abandon: (() => void) | null = null;

  const discard = async (): Promise<void> => {
    const dying = worker;
    worker = null;
    await dying?.terminate();
  };

  const call = async (input: DispatcherInput): Promise<unknown> => {
    abandon?.(); // the caller gave up on the previous call: its worker is stuck
    if (breaker.broken) throw new Error(`not run: the dispatcher was ${breaker.broken}`);
    const current = worker ?? (worker = (await startWorker(data, options)).worker);
    return new Promise((resolve, reject) => {
      const settle = (lost: string | null, outcome: () => void): void => {
        clearTimeout(timer);
        abandon = null;
        current.off("message", onMessage).off("error", onError).off("exit", onExit);
        if (lost !== null) {
          void discard();
          breaker.recordLoss(lost);
        }
        outcome();
      };
      const lose = (message: string): void => settle(message, () => reject(new Error(message)));
      const onMessage = (message: FromWorker): void => {
        if (message.kind === "invoke") {
          const tool = input.tools.find((candidate) => candidate.name === message.tool);
          void Promise.resolve(tool?.handler(message.args)).then((value) => current.postMessage({ kind: "invoked", callId: message.callId, value } satisfies ToWorker));
        } else if (message.kind === "done") settle(null, () => resolve(message.value));
        else if (message.kind === "threw") settle(null, () => reject(new Error(message.error)));
      };
      const onError = (error: Error): void => lose(`its worker crashed: ${error.message}`);
      const onExit = (code: number): void => lose(`its worker exited with code ${code}`);
      const timer = setTimeout(() => lose(`dispatch did not finish within ${options.timeoutMs} ms (its worker was stopped)`), options.timeoutMs);
      // The caller's own timer may fire first: the same loss, named the same way.
      abandon = () => lose(`dispatch did not finish within ${options.timeoutMs} ms (its worker was stopped)`);
      current.on("message", onMessage).on("error", onError).on("exit", onExit);
      const tools = input.tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema }));
      current.postMessage({ kind: "dispatch", input: { ...input, tools } } satisfies ToWorker);
    });
  };

  return {
    name: first.name,
    dispatch: call as DispatcherModule["dispatch"],
    broken: () => breaker.broken,
    close: discard,
  };
}
