// Which queued task a worker slot runs next. A target costs each worker that touches it a warm-up
// (validators and generators compiled, their code brought up to speed: tens to hundreds of
// milliseconds), so a slot keeps to its own targets, then to targets it has already run, and takes up
// a new target only while enough work is queued to repay that warm-up; the short last blocks are left
// to their owners. Which slot runs a task never changes its results (a block is the unit of findings).
import { BLOCK_SIZE } from "./case-plan.js";
import type { FuzzTask } from "./fuzz-protocol.js";

/** Below this many queued cases in all, an idle slot leaves the rest to the slots that own it. */
export const MIN_STEAL_CASES = 2 * BLOCK_SIZE;

export interface SlotView {
  readonly slotIndex: number;
  readonly slotCount: number;
  /** Targets this slot's current worker has run (a replacement worker starts with none). */
  readonly ran: ReadonlySet<number>;
  /** Slots still taking tasks: a task whose owner has stopped must be taken by someone. */
  readonly active: ReadonlySet<number>;
}

/** The slot a task belongs to: regressions belong to every slot. */
function ownedBy(task: FuzzTask, slot: SlotView): boolean {
  return task.kind === "regressions" || task.targetIndex % slot.slotCount === slot.slotIndex;
}

function casesOf(task: FuzzTask): number {
  return task.kind === "cases" ? Math.max(0, task.to - task.from - task.skip.length) : task.indexes.length;
}

/** The index in `queue` of the task this slot should run next, or -1 when it should stop. */
export function pickTask(queue: readonly FuzzTask[], slot: SlotView): number {
  if (queue.length === 0) return -1;
  const own = queue.findIndex((task) => ownedBy(task, slot));
  if (own >= 0) return own;
  const warm = queue.findIndex((task) => task.kind === "cases" && slot.ran.has(task.targetIndex));
  if (warm >= 0) return warm;
  const orphan = queue.findIndex((task) => task.kind === "cases" && !slot.active.has(task.targetIndex % slot.slotCount));
  if (orphan >= 0) return orphan;
  return stealIndex(queue);
}

/** The first task of the target with the most queued cases, when the queue holds enough to repay a warm-up. */
function stealIndex(queue: readonly FuzzTask[]): number {
  const queued = new Map<number, { cases: number; first: number }>();
  let total = 0;
  queue.forEach((task, index) => {
    const cases = casesOf(task);
    total += cases;
    if (task.kind !== "cases") return;
    const entry = queued.get(task.targetIndex);
    if (entry) entry.cases += cases;
    else queued.set(task.targetIndex, { cases, first: index });
  });
  if (total < MIN_STEAL_CASES) return -1;
  let best: { cases: number; first: number } | undefined;
  for (const entry of queued.values()) if (!best || entry.cases > best.cases || (entry.cases === best.cases && entry.first < best.first)) best = entry;
  return best?.first ?? -1;
}
