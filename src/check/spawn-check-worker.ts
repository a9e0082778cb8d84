// A check worker thread: started from the built JS (dist/) as it is, or from the TypeScript sources
// (tsx) through a bootstrap that registers tsx first (a worker does not inherit loader hooks).
import { createRequire } from "node:module";
import { dirname, extname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { CheckWorkerSetup } from "./check-worker-protocol.js";

function tsxEsmApiPath(): string {
  const manifest = createRequire(import.meta.url).resolve("tsx/package.json");
  const exports = (createRequire(import.meta.url)(manifest) as { exports: Record<string, { import: { default: string } }> }).exports;
  return join(dirname(manifest), exports["./esm/api"]!.import.default);
}

export function spawnCheckWorker(setup: CheckWorkerSetup): Worker {
  const self = fileURLToPath(import.meta.url);
  const entry = new URL(`./check-worker${extname(self)}`, import.meta.url);
  if (extname(self) !== ".ts") return new Worker(entry, { workerData: setup });
  const tsx = pathToFileURL(tsxEsmApiPath()).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: setup });
}
