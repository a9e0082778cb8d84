// Worker thread entry, in two phases: it loads both validators and the generators and warms them up
// as soon as it is spawned, while the main thread is still reading the run (catalogs, regressions);
// the run then arrives as the first message ("init"), and tasks follow. process.exit is intercepted so
// a candidate that calls it becomes a crash on that case, not a dead worker (a worker that dies anyway
// is replaced by the pool).
import { parentPort, workerData } from "node:worker_threads";
import { isBuiltinValidator, loadValidatorModule } from "../validators/load-validator-module.js";
import { describeThrown } from "../validators/describe-thrown.js";
import { interceptProcessExit } from "../validators/intercept-process-exit.js";
import { PROCESS_EXIT_CALLED, type FuzzTask, type FuzzWorkerBoot, type RebuildRequest, type RunInit, type WorkerMessage } from "./fuzz-protocol.js";
import { FuzzWorkerState, warmUpWorker } from "./fuzz-worker-state.js";
import { loadGeneratorSet } from "./generator-modules.js";

interceptProcessExit(PROCESS_EXIT_CALLED, "the validator");

const PONG_DELAY_MS = 10;

type Loaded = { readonly make: (init: RunInit) => FuzzWorkerState } | { readonly error: string };

async function load(boot: FuzzWorkerBoot): Promise<Loaded> {
  try {
    const [candidate, reference, generators] = await Promise.all([loadValidatorModule(boot.validator, boot.cwd), loadValidatorModule(boot.reference, boot.cwd), loadGeneratorSet()]);
    const builtin = isBuiltinValidator(boot.validator);
    warmUpWorker(candidate, reference, generators, builtin);
    return { make: ({ run }) => new FuzzWorkerState({ ...run, reference: boot.reference, heartbeat: boot.heartbeat }, candidate, reference, generators, builtin) };
  } catch (error) {
    return { error: describeThrown(error) };
  }
}

async function start(port: NonNullable<typeof parentPort>, boot: FuzzWorkerBoot): Promise<void> {
  const post = (message: WorkerMessage): void => port.postMessage(message);
  const loaded = await load(boot);
  if ("error" in loaded) {
    post({ kind: "load-error", message: loaded.error });
    return;
  }
  let state: FuzzWorkerState | undefined;
  port.on("message", (task: RunInit | FuzzTask | RebuildRequest | { readonly kind: "ping" }) => {
    // After a short timer, so timers the candidate left behind run first (a throw there ends the worker).
    if (task.kind === "ping") setTimeout(() => post({ kind: "pong" }), PONG_DELAY_MS);
    else if (task.kind === "init") {
      state = loaded.make(task);
      post({ kind: "ready" });
    } else if (task.kind === "rebuild") post({ kind: "rebuilt", fuzzCase: state!.rebuild(task) });
    else post({ kind: "result", result: state!.run(task) });
  });
}

if (parentPort) void start(parentPort, workerData as FuzzWorkerBoot);
