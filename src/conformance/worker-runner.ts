// Runs a user's validator module in a worker thread: a validate call that does not answer within the
// timeout is reported as errored ("timeout") and the worker is replaced, so one hang never stalls a run.
import { Worker } from "node:worker_threads";
import type { CompileOutcome, GroupContext, GroupRunner, ValidateOutcome } from "./group-runner.js";

// Plain JS evaluated in the worker, so it runs the same from src/ (tests) and dist/ (built CLI).
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { pathToFileURL } = require("node:url");
const loading = import(pathToFileURL(workerData.modulePath).href).then((m) => m.default);
let validate = null;
const describe = (e) => e instanceof Error ? (e.name && e.name !== "Error" ? e.name + ": " : "") + e.message : String(e);
function reply(message) {
  try { parentPort.postMessage(message); }
  catch (e) { parentPort.postMessage({ ok: false, error: "validator contract violation: the result cannot be copied (" + describe(e) + ")" }); }
}
parentPort.on("message", async (message) => {
  try {
    const validator = await loading;
    if (message.kind === "compile") {
      validate = null;
      validate = validator.supportsRemotes === true ? validator.compile(message.schema, { remotes: workerData.remotes, formatAssertion: message.formatAssertion, dialect: message.dialect, unknownKeywords: message.unknownKeywords }) : validator.compile(message.schema);
      reply(typeof validate === "function" ? { ok: true } : { ok: false, error: "validator contract violation: compile did not return a function" });
    } else {
      reply({ ok: true, result: validate(message.data) });
    }
  } catch (e) {
    reply({ ok: false, error: describe(e) });
  }
});
`;

type Reply = { ok: boolean; error?: string; result?: unknown };

export interface WorkerRunnerOptions {
  readonly modulePath: string;
  readonly remotes: Readonly<Record<string, unknown>>;
  /** Per compile or validate call (default 5000 ms). */
  readonly timeoutMs?: number;
}

export function workerRunner(options: WorkerRunnerOptions): GroupRunner {
  const timeoutMs = options.timeoutMs ?? 5000;
  let worker: Worker | null = null;
  let schema: object | boolean | null = null;
  let groupContext: GroupContext = { formatAssertion: true };
  let compiled = false;

  const discardWorker = async () => {
    const dying = worker;
    worker = null;
    compiled = false;
    await dying?.terminate();
  };

  const request = (message: object): Promise<Reply> => {
    worker ??= new Worker(WORKER_SOURCE, { eval: true, workerData: { modulePath: options.modulePath, remotes: options.remotes } });
    const current = worker;
    return new Promise((resolve) => {
      const settle = (reply: Reply, broken: boolean) => {
        clearTimeout(timer);
        current.off("message", onMessage).off("error", onError).off("exit", onExit);
        if (broken) void discardWorker();
        resolve(reply);
      };
      const onMessage = (reply: Reply) => settle(reply, false);
      const onError = (error: Error) => settle({ ok: false, error: `worker crashed: ${error.message}` }, true);
      const onExit = (code: number) => settle({ ok: false, error: `worker exited with code ${code}` }, true);
      const timer = setTimeout(() => settle({ ok: false, error: `timeout (no answer within ${timeoutMs} ms)` }, true), timeoutMs);
      current.on("message", onMessage).on("error", onError).on("exit", onExit);
      current.postMessage(message);
    });
  };

  const compileCurrent = async (): Promise<CompileOutcome> => {
    const { formatAssertion, dialect, unknownKeywords } = groupContext;
    const reply = await request({ kind: "compile", schema, formatAssertion, dialect, unknownKeywords });
    compiled = reply.ok;
    return reply.ok ? { ok: true } : { ok: false, reason: reply.error ?? "compile failed" };
  };

  return {
    async compile(next, context) {
      schema = next;
      groupContext = context;
      return compileCurrent();
    },
    async validate(data): Promise<ValidateOutcome> {
      // After a timeout the worker was replaced: compile the group's schema again before going on.
      if (!compiled && schema !== null) {
        const recompiled = await compileCurrent();
        if (!recompiled.ok) return { ok: false, error: `recompiling after a worker restart: ${recompiled.reason}` };
      }
      const reply = await request({ kind: "validate", data });
      return reply.ok ? { ok: true, result: reply.result } : { ok: false, error: reply.error ?? "validate failed" };
    },
    close: discardWorker,
  };
}
