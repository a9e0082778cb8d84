// Runs a user's validator module in a worker thread with a heap cap: a call that does not answer within
// the timeout is errored ("timeout") and the worker replaced, so one hang never stalls a run; a module
// that keeps hanging or dying trips the circuit breaker and the run ends with what it found.
import { Worker } from "node:worker_threads";
import { CircuitBreaker, moduleResourceLimits } from "../validators/module-limits.js";
import type { CompileOutcome, GroupContext, GroupRunner, ValidateOutcome } from "./group-runner.js";

// Plain JS evaluated in the worker, so it runs the same from src/ (tests) and dist/ (built CLI).
// process.exit throws instead (an exit is a finding, not a dead run); the contract is checked on load.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { pathToFileURL } = require("node:url");
const realExit = process.exit.bind(process);
// A throw from process.exit inside Node's own uncaught-exception handler aborts the process: end the worker for real.
process.on("uncaughtException", () => realExit(70));
process.exit = (code) => { const e = new Error("the validator called process.exit(" + (code ?? "") + ")"); e.name = "ProcessExitCalled"; throw e; };
const describe = (e) => {
  try {
    if (e instanceof Error) return (e.name && e.name !== "Error" ? e.name + ": " : "") + e.message;
    if (e === null || typeof e !== "object") return String(e);
    return "a non-Error " + Object.prototype.toString.call(e).slice(8, -1).toLowerCase() + " " + JSON.stringify(e);
  } catch { return "a thrown value that cannot be described"; }
};
const loading = import(pathToFileURL(workerData.modulePath).href).then((m) => {
  const v = m.default;
  if (v === null || typeof v !== "object") throw new Error("default export is " + (v === null ? "null" : typeof v) + ", expected an object { name, compile }");
  if (typeof v.name !== "string" || v.name === "" || typeof v.compile !== "function") throw new Error("default export is missing 'name' (a non-empty string) or 'compile' (a function)");
  return v;
});
loading.catch(() => {});
let validate = null;
function reply(message) {
  try { parentPort.postMessage(message); }
  catch (e) { parentPort.postMessage({ ok: false, error: "validator contract violation: the result cannot be copied (" + describe(e) + ")" }); }
}
parentPort.on("message", async (message) => {
  let validator;
  try { validator = await loading; }
  catch (e) { return reply({ ok: false, loadError: true, error: describe(e) }); }
  try {
    if (message.kind === "load") {
      reply({ ok: true, result: validator.name });
    } else if (message.kind === "compile") {
      validate = null;
      const annotated = [];
      const onUnknownKeyword = (keyword, schemaPath) => annotated.push([String(keyword), String(schemaPath)]);
      validate = validator.supportsRemotes === true ? validator.compile(message.schema, { remotes: workerData.remotes, formatAssertion: message.formatAssertion, dialect: message.dialect, unknownKeywords: message.unknownKeywords, onUnknownKeyword }) : validator.compile(message.schema);
      reply(typeof validate === "function" ? { ok: true, annotated } : { ok: false, contract: true, error: "validator contract violation: compile did not return a function (it returned " + (validate === null ? "null" : typeof validate) + ")" });
    } else {
      reply({ ok: true, result: validate(message.data) });
    }
  } catch (e) {
    reply({ ok: false, contract: message.kind === "compile" && e instanceof Error && e.name === "ProcessExitCalled", error: describe(e) });
  }
});
`;

const LOAD_TIMEOUT_MS = 30_000;

type Reply = { ok: boolean; error?: string; result?: unknown; loadError?: boolean; contract?: boolean; annotated?: [keyword: string, schemaPath: string][] };

export interface WorkerRunnerOptions {
  readonly modulePath: string;
  readonly remotes: Readonly<Record<string, unknown>>;
  /** Per compile or validate call (default 5000 ms). */
  readonly timeoutMs?: number;
  /** The worker's heap cap in MB (default 512). */
  readonly heapMb?: number;
  /** The limit for importing the module in each new worker, the first and every replacement (default 30000 ms, never below timeoutMs). */
  readonly loadTimeoutMs?: number;
  /** Workers lost (hangs, deaths) before the module is declared broken (default 8). */
  readonly maxLostWorkers?: number;
}

/** The module cannot be imported or its default export breaks the contract (bad input: exit 2). */
export class IsolatedLoadError extends Error {
  override readonly name = "IsolatedLoadError";
}

export function workerRunner(options: WorkerRunnerOptions): GroupRunner & { load(): Promise<string> } {
  const timeoutMs = options.timeoutMs ?? 5000;
  // Importing may take longer than a call (a big module): it gets its own, longer limit.
  const loadLimitMs = Math.max(timeoutMs, options.loadTimeoutMs ?? LOAD_TIMEOUT_MS);
  const breaker = new CircuitBreaker(options.maxLostWorkers);
  let worker: Worker | null = null;
  let schema: object | boolean | null = null;
  let groupContext: GroupContext = { formatAssertion: true };
  let compiled = false;
  /** The current worker's import of the module (its "load" reply), awaited before every call. */
  let loading: Promise<Reply> | null = null;

  const discardWorker = async () => {
    const dying = worker;
    worker = null;
    loading = null;
    compiled = false;
    await dying?.terminate();
  };

  const spawn = (): Worker => {
    const spawned = new Worker(WORKER_SOURCE, { eval: true, workerData: { modulePath: options.modulePath, remotes: options.remotes }, resourceLimits: moduleResourceLimits(options.heapMb) });
    // A worker may still fail after it was given up (out of memory while being stopped): never an unhandled 'error'.
    spawned.on("error", () => {});
    return spawned;
  };

  // One message to one worker, answered within limitMs; a hang, crash or exit loses the worker.
  const send = (current: Worker, message: object, limitMs: number): Promise<Reply> =>
    new Promise((resolve) => {
      const settle = (reply: Reply, lost: boolean) => {
        clearTimeout(timer);
        current.off("message", onMessage).off("error", onError).off("exit", onExit);
        if (lost) {
          if (worker === current) void discardWorker();
          breaker.recordLoss(reply.error ?? "lost");
        }
        if (reply.contract) breaker.trip(`broke the contract: ${reply.error}`);
        resolve(reply);
      };
      const onMessage = (reply: Reply) => settle(reply, false);
      const onError = (error: Error) => settle({ ok: false, error: `worker crashed: ${error.message}` }, true);
      const onExit = (code: number) => settle({ ok: false, error: `worker exited with code ${code}` }, true);
      const timer = setTimeout(() => settle({ ok: false, error: `timeout (no answer within ${limitMs} ms)` }, true), limitMs);
      current.on("message", onMessage).on("error", onError).on("exit", onExit);
      current.postMessage(message);
    });

  // A new worker (the first, or one replacing a lost one) imports the module under the load limit
  // before it is given a call: otherwise the import would count against the next call's limit and a
  // loaded machine could turn a passing test into a "timeout" (a verdict depending on machine load).
  const ready = (): Promise<Reply> => {
    if (worker === null) {
      const spawned = spawn();
      worker = spawned;
      loading = send(spawned, { kind: "load" }, loadLimitMs).then((reply) =>
        reply.ok || reply.loadError ? reply : { ...reply, error: `loading the module in a new worker: ${reply.error ?? "failed"}` },
      );
    }
    return loading!;
  };

  const request = async (message: object): Promise<Reply> => {
    if (breaker.broken !== null) return { ok: false, error: `not run: the module was ${breaker.broken}` };
    const loaded = await ready();
    if (!loaded.ok) return loaded;
    if (breaker.broken !== null || worker === null) return { ok: false, error: `not run: the module was ${breaker.broken ?? "lost while loading"}` };
    return send(worker, message, timeoutMs);
  };

  const compileCurrent = async (first: boolean): Promise<CompileOutcome> => {
    const { formatAssertion, dialect, unknownKeywords } = groupContext;
    const reply = await request({ kind: "compile", schema, formatAssertion, dialect, unknownKeywords });
    compiled = reply.ok;
    // The keywords the module accepted as annotations, told to the caller as an in-process module tells
    // them; once per group, not again when a restarted worker compiles the schema anew.
    if (first) for (const [keyword, schemaPath] of reply.annotated ?? []) groupContext.onUnknownKeyword?.(keyword, schemaPath);
    return reply.ok ? { ok: true } : { ok: false, reason: reply.error ?? "compile failed" };
  };

  return {
    /** Imports the module in the worker and checks its default export; resolves to its name. */
    async load() {
      const reply = breaker.broken === null ? await ready() : { ok: false, error: `the module was ${breaker.broken}` };
      if (reply.ok) return String(reply.result);
      await discardWorker();
      throw new IsolatedLoadError(`validator module ${options.modulePath}: cannot import it: ${reply.error ?? "unknown error"}`);
    },
    async compile(next, context) {
      schema = next;
      groupContext = context;
      return compileCurrent(true);
    },
    async validate(data): Promise<ValidateOutcome> {
      // After a timeout the worker was replaced: compile the group's schema again before going on.
      if (!compiled && schema !== null) {
        const recompiled = await compileCurrent(false);
        if (!recompiled.ok) return { ok: false, error: `recompiling after a worker restart: ${recompiled.reason}` };
      }
      const reply = await request({ kind: "validate", data });
      return reply.ok ? { ok: true, result: reply.result } : { ok: false, error: reply.error ?? "validate failed" };
    },
    broken: () => breaker.broken,
    close: discardWorker,
  };
}
