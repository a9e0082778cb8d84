// `check` on several cores: catalog files go to worker threads, results come back per file and are
// handed on in file order, as checkCatalogFiles hands them on. At most WINDOW files are out at once
// (checked, or waiting for an earlier slow file), so memory stays bounded however large the folder;
// the few files large enough to hold up the end go early (FileDispatchOrder).
import { statSync } from "node:fs";
import type { Worker } from "node:worker_threads";
import { listCatalogFiles } from "../schema/load-catalog.js";
import type { CheckResult, CheckVerdict } from "../report/model.js";
import type { CheckTotals } from "./check-catalog-files.js";
import type { CheckFileReply, CheckWorkerSetup, ResultTally } from "./check-worker-protocol.js";
import { FileDispatchOrder } from "./file-dispatch-order.js";
import { spawnCheckWorker } from "./spawn-check-worker.js";

const WINDOW = 32;
const VERDICTS: readonly CheckVerdict[] = ["native", "translated", "needs-local-validation", "rejected"];

export class CheckWorkerError extends Error {
  override readonly name = "CheckWorkerError";
}

/** A result as it came back: the object, or (setup.reply "json") a whole file's results as comma-separated UTF-8 JSON. */
export type WorkerResult = { readonly result: CheckResult } | { readonly json: Uint8Array; readonly count: number };

export async function checkFilesInWorkers(
  paths: readonly string[],
  setup: CheckWorkerSetup,
  workerCount: number,
  emit: (result: WorkerResult) => void,
  /** Called as each file's results are handed on, with how long its worker took over it. */
  fileDone?: (file: string, schemas: number, ms: number) => void,
  /** Asked before a file is handed out: a promise holds new files back until the output has drained. */
  pace?: () => Promise<void> | undefined,
): Promise<CheckTotals> {
  const files = await listCatalogFiles(paths);
  const totals = new RunningTotals();
  const workers = Array.from({ length: Math.max(1, Math.min(workerCount, files.length)) }, () => spawnCheckWorker(setup));
  const finished = new Map<number, { schemas: number; ms: number; results: readonly WorkerResult[]; tally?: ResultTally }>();
  const idle: Worker[] = [];
  const order = new FileDispatchOrder(fileSizes(files), workers.length, WINDOW);
  let emitted = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      // A slow reader of the output (a pipe) holds new files back: results wait in the workers'
      // window, not in an ever-growing write queue.
      let waiting = false;
      const paced = (): boolean => {
        if (waiting) return true;
        const wait = pace?.();
        if (wait === undefined) return false;
        waiting = true;
        void wait.then(() => {
          waiting = false;
          flush();
        });
        return true;
      };
      const feed = (worker: Worker): void => {
        if (paced()) {
          idle.push(worker);
          return;
        }
        const index = order.take(emitted);
        if (index !== undefined) worker.postMessage({ index, file: files[index]! });
        else idle.push(worker);
      };
      const flush = (): void => {
        for (let ready = finished.get(emitted); ready !== undefined; ready = finished.get(emitted)) {
          for (const each of ready.results) {
            if ("result" in each) totals.addResult(each.result);
            emit(each);
          }
          if (ready.tally !== undefined) totals.addTally(ready.tally);
          fileDone?.(files[emitted]!, ready.schemas, ready.ms);
          finished.delete(emitted++);
        }
        while (idle.length > 0 && !order.done) {
          const before = idle.length;
          feed(idle.pop()!);
          if (idle.length === before) break; // nothing to take yet
        }
        if (emitted === files.length) resolve();
      };
      for (const worker of workers) {
        worker.on("message", (reply: CheckFileReply) => {
          if ("error" in reply) return reject(new CheckWorkerError(reply.error));
          const { index, schemas, ms } = reply;
          if ("results" in reply) finished.set(index, { schemas, ms, results: reply.results.map((result) => ({ result })) });
          else finished.set(index, { schemas, ms, results: reply.tally.pairs > 0 ? [{ json: reply.json, count: reply.tally.pairs }] : [], tally: reply.tally });
          feed(worker);
          flush();
        });
        worker.on("error", reject);
        feed(worker);
        feed(worker);
      }
      flush();
    });
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return totals.done();
}

/** The totals of the results handed on: from each result, or from a file's tally when its results came as JSON. */
class RunningTotals {
  private readonly verdicts: Record<CheckVerdict, number> = { native: 0, translated: 0, "needs-local-validation": 0, rejected: 0 };
  private readonly schemaIds = new Set<string>();
  private readonly targetNames = new Set<string>();
  private pairs = 0;

  addResult({ schemaId, target, verdict }: CheckResult): void {
    this.verdicts[verdict]++;
    this.schemaIds.add(schemaId);
    this.targetNames.add(target);
    this.pairs++;
  }

  addTally(tally: ResultTally): void {
    for (const verdict of VERDICTS) this.verdicts[verdict] += tally.verdicts[verdict];
    for (const id of tally.schemaIds) this.schemaIds.add(id);
    for (const target of tally.targets) this.targetNames.add(target);
    this.pairs += tally.pairs;
  }

  done(): CheckTotals {
    return { schemas: this.schemaIds.size, targets: this.targetNames.size, pairs: this.pairs, verdicts: this.verdicts };
  }
}

/** Sizes in bytes, for the dispatch order (an unreadable file counts 0: reading it reports the error). */
function fileSizes(files: readonly string[]): number[] {
  // One synchronous call each: thousands of thread-pool round trips would cost more than the stats.
  return files.map((file) => {
    try {
      return statSync(file).size;
    } catch {
      return 0;
    }
  });
}

/** Worker threads by default: none for a few files (starting one costs more than it saves), else one per core, at most 4. */
export function defaultCheckWorkers(files: number, cores: number): number {
  return files < 64 ? 0 : Math.min(cores, 4);
}
