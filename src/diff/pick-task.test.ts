import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CaseTask, FuzzTask } from "./fuzz-protocol.js";
import { MIN_STEAL_CASES, pickTask, type SlotView } from "./pick-task.js";

const block = (targetIndex: number, from: number, to: number, skip: number[] = []): CaseTask => ({ kind: "cases", targetIndex, from, to, skip });

function view(slotIndex: number, slotCount: number, ran: number[] = [], active: number[] = Array.from({ length: slotCount }, (_, i) => i)): SlotView {
  return { slotIndex, slotCount, ran: new Set(ran), active: new Set(active) };
}

const taskArbitrary: fc.Arbitrary<FuzzTask> = fc.oneof(
  { weight: 9, arbitrary: fc.record({ targetIndex: fc.nat(7), from: fc.nat(20).map((b) => b * 4096), size: fc.integer({ min: 1, max: 4096 }) }).map(({ targetIndex, from, size }) => block(targetIndex, from, from + size)) },
  { weight: 1, arbitrary: fc.constant<FuzzTask>({ kind: "regressions", indexes: [0, 1], skip: [] }) },
);

describe("pickTask: which queued task a worker slot runs next", () => {
  it("takes the slot's own targets first, in queue order", () => {
    const queue = [block(1, 0, 4096), block(2, 0, 4096), block(0, 4096, 8192)];
    expect(pickTask(queue, view(0, 2))).toBe(1);
    expect(pickTask(queue, view(1, 2))).toBe(0);
  });

  it("then keeps to a target it has already run rather than warming up a new one", () => {
    const queue = [block(1, 0, 4096), block(3, 0, 4096), block(3, 4096, 8192), block(5, 0, 4096)];
    expect(pickTask(queue, view(0, 2, [3]))).toBe(1);
  });

  it("steals the target with the most queued cases while enough work is left to repay its warm-up", () => {
    const queue = [block(1, 8192, 8899), block(3, 4096, 8192), block(3, 8192, 12288), block(5, 8192, 8899)];
    expect(pickTask(queue, view(0, 2))).toBe(1);
  });

  it("leaves short tails to their owners: the warm-up would cost more than waiting", () => {
    const tail = [block(1, 40960, 41667), block(3, 40960, 41667), block(5, 40960, 41667)];
    expect(tail.reduce((sum, task) => sum + (task.kind === "cases" ? task.to - task.from : 0), 0)).toBeLessThan(MIN_STEAL_CASES);
    expect(pickTask(tail, view(0, 2))).toBe(-1);
  });

  it("takes a task whose owner has stopped, however short (nothing is stranded)", () => {
    const queue = [block(1, 40960, 41667)];
    expect(pickTask(queue, view(0, 2, [], [0]))).toBe(0);
  });

  it("a single slot takes every task in order", () => {
    fc.assert(fc.property(fc.array(taskArbitrary, { minLength: 1, maxLength: 30 }), (queue) => pickTask(queue, view(0, 1)) === 0));
  });

  it("declines only when it owns nothing queued, has run none of it, no owner has stopped and little is left", () => {
    fc.assert(
      fc.property(fc.array(taskArbitrary, { maxLength: 30 }), fc.integer({ min: 1, max: 4 }), fc.nat(3), fc.subarray([0, 1, 2, 3, 4, 5, 6, 7]), (queue, slotCount, slot, ran) => {
        const slotIndex = slot % slotCount;
        const picked = pickTask(queue, view(slotIndex, slotCount, ran));
        const owned = queue.some((task) => task.kind === "regressions" || task.targetIndex % slotCount === slotIndex);
        const warm = queue.some((task) => task.kind === "cases" && ran.includes(task.targetIndex));
        const total = queue.reduce((sum, task) => sum + (task.kind === "cases" ? task.to - task.from : task.indexes.length), 0);
        if (picked === -1) return !owned && !warm && total < MIN_STEAL_CASES;
        if (owned) return queue[picked]!.kind === "regressions" || (queue[picked] as CaseTask).targetIndex % slotCount === slotIndex;
        return picked < queue.length;
      }),
    );
  });

  it("a pool of slots that each stop at their first refusal runs every task, lost ones again (nothing is stranded)", () => {
    const step = fc.record({ slot: fc.nat(3), lose: fc.boolean() });
    fc.assert(
      fc.property(fc.array(taskArbitrary, { maxLength: 40 }), fc.integer({ min: 1, max: 4 }), fc.array(step, { minLength: 200, maxLength: 200 }), (tasks, slotCount, schedule) => {
        const queue = [...tasks];
        const active = new Set(Array.from({ length: slotCount }, (_, i) => i));
        const ran = Array.from({ length: slotCount }, () => new Set<number>());
        let finished = 0;
        let losses = 0;
        // Slots take turns as the schedule says; one that is refused stops for good. A lost task comes
        // back to the front of the queue, put there by the slot that ran it (as runTaskQueue does).
        for (let turn = 0; active.size > 0; turn++) {
          const { slot, lose } = schedule[turn] ?? { slot: [...active][0]!, lose: false };
          const slotIndex = slot % slotCount;
          if (!active.has(slotIndex)) continue;
          const picked = pickTask(queue, { slotIndex, slotCount, ran: ran[slotIndex]!, active });
          if (picked < 0) {
            active.delete(slotIndex);
            continue;
          }
          const [task] = queue.splice(picked, 1);
          if (task!.kind === "cases") ran[slotIndex]!.add(task!.targetIndex);
          if (lose && losses < 20) {
            losses++;
            ran[slotIndex] = new Set(); // a replacement worker has run nothing
            queue.unshift(task!);
          } else finished++;
        }
        return queue.length === 0 && finished === tasks.length;
      }),
    );
  });
});
