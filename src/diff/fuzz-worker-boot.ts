// What fuzz workers are spawned with, known from the options alone (no catalog read, no generator
// loaded): the CLI spawns them from this before it loads the rest of itself.
import { availableParallelism } from "node:os";
import { isBuiltinValidator, resolveValidatorPath } from "../validators/load-validator-module.js";
import type { FuzzOptions } from "./fuzz-run.js";
import type { WorkerSpawnOptions } from "./fuzz-worker-handle.js";

/** One worker per CPU, up to four: the main thread only hands out tasks and adds up results. */
export function defaultWorkerCount(): number {
  return Math.max(1, Math.min(4, availableParallelism()));
}

export const validatorSpecOf = (options: FuzzOptions): string => options.validator ?? "lite";
export const referenceSpecOf = (options: FuzzOptions): string => options.reference ?? "ajv";

function workerModuleSpec(spec: string, cwd: string): string {
  return isBuiltinValidator(spec) ? spec : resolveValidatorPath(spec, cwd);
}

/** The validators (built-in names or absolute paths), their cwd and the heap cap. */
export function workerSpawnOptionsOf(options: FuzzOptions): WorkerSpawnOptions {
  const cwd = options.cwd ?? process.cwd();
  const boot = { validator: workerModuleSpec(validatorSpecOf(options), cwd), reference: workerModuleSpec(referenceSpecOf(options), cwd), cwd };
  return { boot, ...(options.heapMb ? { heapMb: options.heapMb } : {}) };
}

/** Workers to spawn before the run is read: the count asked for (one to replay a case); extras are ended once the plan is known. */
export function initialWorkerCount(options: FuzzOptions): number {
  return options.replay ? 1 : Math.max(1, options.workers ?? defaultWorkerCount());
}
