// `check` on several cores: catalog files go to worker threads, results come back per file and are
// handed on in file order, as checkCatalogFiles hands them on. At most WINDOW files are out at once
// (checked, or waiting for an earlier slow file), so memory stays bounded however large the folder;
// the few files large enough to hold up the end go early (FileDispatchOrder).
import { statSync } from "node:fs";
import type { Worker } from "node:worker_threads";
import { listCatalogFiles } from "../schema/load-catalog.js";
import { RunningTotals, type CheckRunSummary } from "./check-catalog-files.js";
import type { CheckFileReply, CheckWorkerSetup, FileExtras, ResultTally } from "./check-worker-protocol.js";
import { NoteBook } from "./note-book.js";
import { TargetAnswers } from "./target-answers.js";
import type { CheckBadFile, CheckResult, CheckToolResult } from "./types.js";
import { FileDispatchOrder } from "./file-dispatch-order.js";
import { spawnCheckWorker } from "./spawn-check-worker.js";
import type { CompactFinding, CompactSchema } from "./compact-types.js";

const WINDOW = 32;

export class CheckWorkerError extends Error {
  override readonly name = "CheckWorkerError";
}

/**
 * A result as it came back: the object, or (setup.reply "compact") a whole file's results as compact
 * schema entries numbered against worker `worker`'s findings (`received` first carries them).
 */
export type WorkerResult = { readonly result: CheckResult } | { readonly worker: number; readonly entries: readonly CompactSchema[]; readonly count: number };

export async function checkFilesInWorkers(
  paths: readonly string[],
  setup: CheckWorkerSetup,
  workerCount: number,
  emit: (result: WorkerResult) => void,
  /** Called as each file's results are handed on, with how long its worker took over it. */
  fileDone?: (file: string, schemas: number, ms: number) => void,
  /** Asked before a file is handed out: a promise holds new files back until the output has drained. */
  pace?: () => Promise<void> | undefined,
  /** Files already found bad (the scan's list): skipped, and listed among the bad files. */
  knownBad: readonly CheckBadFile[] = [],
  /** Called as a "compact" reply arrives (not in file order): the findings the worker first used in it. */
  received?: (worker: number, findings: readonly CompactFinding[]) => void,
): Promise<CheckRunSummary> {
  const skip = new Set(knownBad.map((bad) => bad.file));
  const files = (await listCatalogFiles(paths)).filter((file) => !skip.has(file));
  const totals = new RunningTotals();
  const notes = new NoteBook();
  const answers = new TargetAnswers(notes, setup.targets);
  const toolResults: CheckToolResult[] = [];
  const badFiles: CheckBadFile[] = [...knownBad];
  const workers = Array.from({ length: Math.max(1, Math.min(workerCount, files.length)) }, () => spawnCheckWorker(setup));
  const finished = new Map<number, { schemas: number; ms: number; results: readonly WorkerResult[]; tally?: ResultTally; extras?: FileExtras; bad?: readonly CheckBadFile[] }>();
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
          // Notes first: a writer may resolve the results' note ids as it writes them.
          if (ready.extras !== undefined) notes.addAll(ready.extras.notes);
          for (const each of ready.results) {
            if ("result" in each) totals.add(each.result);
            emit(each);
          }
          if (ready.tally !== undefined) totals.addTally(ready.tally);
          if (ready.extras !== undefined) {
            answers.merge(ready.extras.answers);
            toolResults.push(...ready.extras.toolResults);
          }
          if (ready.bad !== undefined) badFiles.push(...ready.bad);
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
      for (const [workerNumber, worker] of workers.entries()) {
        worker.on("message", (reply: CheckFileReply) => {
          if ("error" in reply) return reject(new CheckWorkerError(reply.error));
          if ("badFiles" in reply) finished.set(reply.index, { schemas: 0, ms: 0, results: [], bad: reply.badFiles });
          else if ("results" in reply) finished.set(reply.index, { schemas: reply.schemas, ms: reply.ms, results: reply.results.map((result) => ({ result })), extras: reply });
          else {
            received?.(workerNumber, reply.findings);
            finished.set(reply.index, { schemas: reply.schemas, ms: reply.ms, results: reply.tally.pairs > 0 ? [{ worker: workerNumber, entries: reply.entries, count: reply.tally.pairs }] : [], tally: reply.tally, extras: reply });
          }
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
  return { totals: totals.done(), targets: answers.list(), toolResults, badFiles, notes };
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
