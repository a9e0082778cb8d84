// Worker thread entry: loads both validators and the generators, then runs tasks as they come.
// process.exit is intercepted so a candidate that calls it becomes a crash on that case, not a
// dead worker (a worker that dies anyway is replaced by the pool).
import { parentPort, workerData } from "node:worker_threads";
import { isBuiltinValidator, loadValidatorModule } from "../validators/load-validator-module.js";
import { describeThrown } from "../validators/describe-thrown.js";
import { interceptProcessExit } from "../validators/intercept-process-exit.js";
import { PROCESS_EXIT_CALLED, type FuzzTask, type FuzzWorkerData, type RebuildRequest, type WorkerMessage } from "./fuzz-protocol.js";
import { FuzzWorkerState } from "./fuzz-worker-state.js";
import { loadGeneratorSet } from "./generator-modules.js";

interceptProcessExit(PROCESS_EXIT_CALLED, "the validator");

const PONG_DELAY_MS = 10;

async function start(port: NonNullable<typeof parentPort>, data: FuzzWorkerData): Promise<void> {
  const post = (message: WorkerMessage): void => port.postMessage(message);
  let state: FuzzWorkerState;
  try {
    const [candidate, reference, generators] = await Promise.all([
      loadValidatorModule(data.validator, data.cwd),
      loadValidatorModule(data.reference, data.cwd),
      loadGeneratorSet(),
    ]);
    state = new FuzzWorkerState(data, candidate, reference, generators, isBuiltinValidator(data.validator));
    state.warmUp();
  } catch (error) {
    post({ kind: "load-error", message: describeThrown(error) });
    return;
  }
  port.on("message", (task: FuzzTask | RebuildRequest | { readonly kind: "ping" }) => {
    // After a short timer, so timers the candidate left behind run first (a throw there ends the worker).
    if (task.kind === "ping") setTimeout(() => post({ kind: "pong" }), PONG_DELAY_MS);
    else if (task.kind === "rebuild") post({ kind: "rebuilt", fuzzCase: state.rebuild(task) });
    else post({ kind: "result", result: state.run(task) });
  });
  post({ kind: "ready" });
}

if (parentPort) void start(parentPort, workerData as FuzzWorkerData);
