// A fuzz worker thread, from dist/ or (tests, tsx) from the sources, heap-capped.
import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import type { ResourceLimits, Worker } from "node:worker_threads";
import { spawnModuleWorker } from "../validators/spawn-module-worker.js";
import type { FuzzWorkerData } from "./fuzz-protocol.js";

export function spawnWorker(data: FuzzWorkerData, resourceLimits?: ResourceLimits): Worker {
  const self = fileURLToPath(import.meta.url);
  return spawnModuleWorker(new URL(`./fuzz-worker${extname(self)}`, import.meta.url), data, resourceLimits);
}
