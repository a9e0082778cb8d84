// A task whose worker hung or died: report the case it was on, then hand back what is left to run.
// A target that keeps losing workers is given up (listed as unsupported) so the run always ends.
import type { FuzzTask, RebuiltCase } from "./fuzz-protocol.js";
import type { ResolvedRun } from "./fuzz-run.js";
import { placeReport } from "./fuzz-section.js";
import type { FuzzTally } from "./fuzz-tally.js";
import type { TaskOutcome } from "./fuzz-worker-handle.js";
import { lostCaseReport, lostCompileReport, lostRegressionReport } from "./lost-case.js";

export type TaskOutcomeLost = Extract<TaskOutcome, { kind: "lost" }>;

const MAX_LOST_PER_TARGET = 5;
const MAX_RETRIES = 2;

/** The heartbeat does not point into this task: the worker was lost before or after its cases. */
function isStale(task: FuzzTask, snapshot: TaskOutcomeLost["snapshot"]): boolean {
  if (snapshot.phase === "idle") return true;
  if (task.kind === "regressions") return !task.indexes.includes(-1 - snapshot.targetIndex);
  return snapshot.targetIndex !== task.targetIndex || (snapshot.phase !== "compile" && (snapshot.caseIndex < task.from || snapshot.caseIndex >= task.to));
}

/** Rebuilds the case a lost worker was on, off the main thread and bounded in time (null: could not). */
export type RebuildCase = (targetIndex: number, caseIndex: number, shrinkPath: readonly number[]) => Promise<RebuiltCase | null>;

export async function handleLost(
  run: ResolvedRun,
  tally: FuzzTally,
  task: FuzzTask,
  lost: TaskOutcomeLost,
  rebuild: RebuildCase,
  abandoned: Set<number>,
): Promise<FuzzTask | null> {
  const { snapshot } = lost;
  if (isStale(task, snapshot)) {
    if ((task.retries ?? 0) < MAX_RETRIES) return { ...task, retries: (task.retries ?? 0) + 1 };
    const what = task.kind === "cases" ? run.targets[task.targetIndex]!.id : "saved regressions";
    tally.unsupported.set(what, `a task was lost ${MAX_RETRIES + 1} times outside any case: ${lost.message}`);
    return null;
  }
  if (task.kind === "regressions") {
    const index = -1 - snapshot.targetIndex;
    tally.addReport(placeReport(run, lostRegressionReport(lost, run.regressions[index]!)));
    return { ...task, skip: [...task.skip, index] };
  }
  const target = run.targets[task.targetIndex]!;
  if (snapshot.phase === "compile") {
    tally.addReport(placeReport(run, lostCompileReport(lost)));
    abandoned.add(task.targetIndex);
    tally.unsupported.set(target.id, `compiling it ${lost.cause === "timeout" ? "did not finish" : "killed the worker"}: ${lost.message}`);
    return null;
  }
  const fuzzCase = await rebuild(task.targetIndex, snapshot.caseIndex, snapshot.shrinkPath);
  tally.addReport(placeReport(run, lostCaseReport(lost, fuzzCase, run.divergences)));
  if (tally.countLost(task.targetIndex) >= MAX_LOST_PER_TARGET) {
    abandoned.add(task.targetIndex);
    tally.unsupported.set(target.id, `abandoned after ${MAX_LOST_PER_TARGET} cases that hung or killed the worker`);
    return null;
  }
  return { ...task, skip: [...task.skip, snapshot.caseIndex] };
}
