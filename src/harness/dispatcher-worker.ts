// Worker thread entry for a user's dispatcher: imports it (process.exit intercepted, so an exit is a
// failed round, not a dead lab), runs each dispatch with handlers that call back to the main thread,
// and posts what came back (or what was thrown, described safely).
import { parentPort, workerData } from "node:worker_threads";
import { describeThrown } from "../validators/describe-thrown.js";
import { interceptProcessExit } from "../validators/intercept-process-exit.js";
import type { DispatcherWorkerData, FromWorker, IsolatedInput, ToWorker } from "./dispatcher-protocol.js";
import { loadDispatcherModule, type DispatcherModule, type DispatcherTool } from "./dispatcher-module.js";

interceptProcessExit("ProcessExitCalled", "the dispatcher");

const pendingCalls = new Map<number, (value: unknown) => void>();
let nextCallId = 0;

function post(port: NonNullable<typeof parentPort>, message: FromWorker): void {
  try {
    port.postMessage(message);
  } catch (error) {
    port.postMessage({ kind: "threw", error: `the dispatcher's answer cannot be copied: ${describeThrown(error)}` } satisfies FromWorker);
  }
}

function toolsOf(port: NonNullable<typeof parentPort>, input: IsolatedInput): DispatcherTool[] {
  return input.tools.map((declaration) => ({
    ...declaration,
    handler: (args: unknown) =>
      new Promise((resolve) => {
        const callId = nextCallId++;
        pendingCalls.set(callId, resolve);
        post(port, { kind: "invoke", callId, tool: declaration.name, args });
      }),
  }));
}

async function dispatchOnce(port: NonNullable<typeof parentPort>, module: DispatcherModule, input: IsolatedInput): Promise<void> {
  try {
    const value = await module.dispatch({ ...input, tools: toolsOf(port, input) });
    post(port, { kind: "done", value });
  } catch (error) {
    post(port, { kind: "threw", error: describeThrown(error) });
  }
}

async function start(port: NonNullable<typeof parentPort>, data: DispatcherWorkerData): Promise<void> {
  // A rejection nobody awaits is the dispatcher's bug: report it on the round, never crash on it.
  process.on("unhandledRejection", (reason) => post(port, { kind: "threw", error: `the dispatcher left an unhandled rejection: ${describeThrown(reason)}` }));
  let module: DispatcherModule;
  try {
    module = await loadDispatcherModule(data.modulePath, data.cwd);
  } catch (error) {
    post(port, { kind: "load-error", message: describeThrown(error).replace(/^DispatcherLoadError: /, "") });
    return;
  }
  port.on("message", (message: ToWorker) => {
    if (message.kind === "invoked") {
      pendingCalls.get(message.callId)?.(message.value);
      pendingCalls.delete(message.callId);
    } else void dispatchOnce(port, module, message.input);
  });
  post(port, { kind: "ready", name: module.name });
}

if (parentPort) void start(parentPort, workerData as DispatcherWorkerData);
