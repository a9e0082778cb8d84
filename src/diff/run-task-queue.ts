// Runs fuzz tasks on a pool of workers: a lost task (hang, death) is handed back to the caller, which
// records the case and returns what is left; the worker is replaced. The run always ends.
import type { FuzzTask, TaskResult } from "./fuzz-protocol.js";
import type { FuzzWorkerHandle, TaskOutcome } from "./fuzz-worker-handle.js";
import { pickTask } from "./pick-task.js";

export interface TaskQueueOptions {
  readonly workers: number;
  /** A worker ready for tasks: one spawned ahead of the run when there is one, else a new one. */
  readonly startWorker: () => Promise<FuzzWorkerHandle>;
  readonly onResult: (task: FuzzTask, result: TaskResult) => void;
  /** A lost task: record the case it was on and return what is left to run (or null). */
  readonly onLost: (task: FuzzTask, outcome: Extract<TaskOutcome, { kind: "lost" }>) => Promise<FuzzTask | null>;
  /** Checked before each task: true stops handing out work (a time budget). */
  readonly shouldStop?: () => boolean;
  /** A worker that died between tasks, noticed when its slot ends (`lastTask` is what it ran last). */
  readonly onStrayDeath?: (lastTask: FuzzTask, message: string) => void;
  /** Checked when a task comes up: true drops it (its target was abandoned). */
  readonly skipTask?: (task: FuzzTask) => boolean;
}

/** Runs every task on a pool of workers; resolves when all are done (or the budget stops them). */
export async function runTaskQueue(tasks: readonly FuzzTask[], options: TaskQueueOptions): Promise<void> {
  const queue = [...tasks];
  const size = Math.max(1, Math.min(options.workers, queue.length));
  const active = new Set(Array.from({ length: size }, (_, slotIndex) => slotIndex));
  const takeTask = (slotIndex: number, ran: ReadonlySet<number>): FuzzTask | undefined => {
    const index = pickTask(queue, { slotIndex, slotCount: size, ran, active });
    return index >= 0 ? queue.splice(index, 1)[0] : undefined;
  };
  const slot = async (slotIndex: number): Promise<void> => {
    let handle: FuzzWorkerHandle | null = null;
    let lastTask: FuzzTask | null = null;
    // The targets the current worker has compiled (a replacement worker starts with none).
    let ran = new Set<number>();
    try {
      while (!options.shouldStop?.()) {
        const task = takeTask(slotIndex, ran);
        if (!task) {
          active.delete(slotIndex);
          break;
        }
        if (options.skipTask?.(task)) continue;
        if (!handle) {
          handle = await options.startWorker();
          ran = new Set();
        }
        if (task.kind === "cases") ran.add(task.targetIndex);
        lastTask = task;
        const outcome = await handle.run(task);
        if (outcome.kind === "done") {
          options.onResult(task, outcome.result);
          continue;
        }
        handle = null;
        const rest = await options.onLost(task, outcome);
        if (rest) queue.unshift(rest);
      }
    } catch (error) {
      active.delete(slotIndex);
      queue.length = 0; // the other workers stop too: a worker that cannot load means bad input
      throw error;
    } finally {
      const died = handle && lastTask ? await handle.died() : null;
      if (died !== null && lastTask) options.onStrayDeath?.(lastTask, died);
      await handle?.terminate();
    }
  };
  await Promise.all(Array.from({ length: size }, (_, slotIndex) => slot(slotIndex)));
}
