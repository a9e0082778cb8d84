// Fuzz workers spawned before the run is read: they load their code and validators while the main
// thread reads the catalogs. The run's clock and CPU reading start here, so the time they save is
// not hidden from the run's own figures (durationMs, cpuMs).
import { isDeepStrictEqual } from "node:util";
import { StartingWorker, type WorkerSpawnOptions } from "./fuzz-worker-handle.js";

export class PrestartedWorkers {
  /** When the first worker was spawned (Date.now()) and the process CPU then: the run starts here. */
  readonly startedAt = Date.now();
  readonly cpuAtStart = process.cpuUsage();
  private readonly waiting: StartingWorker[];

  constructor(
    readonly spawnOptions: WorkerSpawnOptions,
    count: number,
  ) {
    this.waiting = Array.from({ length: count }, () => StartingWorker.spawn(spawnOptions));
  }

  /** Spawned with these options (the same validators, cwd and heap cap)? */
  matches(spawnOptions: WorkerSpawnOptions): boolean {
    return isDeepStrictEqual(this.spawnOptions, spawnOptions);
  }

  /** A waiting worker, or undefined when every one was taken. */
  take(): StartingWorker | undefined {
    return this.waiting.shift();
  }

  /** Ends the waiting workers past the first `keep` (all by default): a run with fewer tasks than workers. */
  async dispose(keep = 0): Promise<void> {
    await Promise.all(this.waiting.splice(keep).map((worker) => worker.terminate()));
  }
}
