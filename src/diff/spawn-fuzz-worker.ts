// A fuzz worker thread, from dist/ (its one-file bundle when fresh, else its modules) or (tests, tsx)
// from the sources, heap-capped.
import { dirname, extname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ResourceLimits, Worker } from "node:worker_threads";
import { spawnModuleWorker } from "../validators/spawn-module-worker.js";
import { freshBundle } from "./fuzz-worker-bundle.js";
import type { FuzzWorkerBoot } from "./fuzz-protocol.js";

export function spawnWorker(data: FuzzWorkerBoot, resourceLimits?: ResourceLimits): Worker {
  const self = fileURLToPath(import.meta.url);
  const bundle = extname(self) === ".js" ? freshBundle(dirname(self)) : null;
  const entry = bundle ? pathToFileURL(bundle) : new URL(`./fuzz-worker${extname(self)}`, import.meta.url);
  return spawnModuleWorker(entry, data, resourceLimits);
}
