// A worker thread that runs a user's module: started from the built JS (dist/) as it is, or from the
// TypeScript sources (tests, tsx) through a bootstrap that registers tsx first. Always heap-capped.
import { createRequire } from "node:module";
import { dirname, extname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker, type ResourceLimits } from "node:worker_threads";

/** tsx's ESM register API (require.resolve would give its CommonJS twin, which cannot register from a worker). */
function tsxEsmApiPath(): string {
  const manifest = createRequire(import.meta.url).resolve("tsx/package.json");
  const exports = (createRequire(import.meta.url)(manifest) as { exports: Record<string, { import: { default: string } }> }).exports;
  return join(dirname(manifest), exports["./esm/api"]!.import.default);
}

export function spawnModuleWorker(entry: URL, workerData: unknown, resourceLimits?: ResourceLimits): Worker {
  const limits = resourceLimits ? { resourceLimits } : {};
  if (extname(entry.pathname) !== ".ts") return new Worker(entry, { workerData, ...limits });
  // A worker does not inherit the parent's loader hooks, and `--import tsx` in execArgv comes too late
  // for the entry itself on Node 20: register tsx from an eval'd bootstrap, then import the entry.
  const tsx = pathToFileURL(tsxEsmApiPath()).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData, ...limits });
}
