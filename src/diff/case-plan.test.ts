import { describe, expect, it } from "vitest";
import { BLOCK_SIZE, caseTasks, parseShard, regressionTasks, runsPerTarget } from "./case-plan.js";
import type { CaseTask } from "./fuzz-protocol.js";

/** The (target, k) pairs a task list covers, as the worker walks them. */
function coveredCases(tasks: readonly CaseTask[]): string[] {
  const cases: string[] = [];
  for (const task of tasks) {
    for (let k = task.from; k < task.to; k++) cases.push(`${task.targetIndex}:${k}`);
  }
  return cases;
}

/** A task's range as "target:from-to". */
const rangeOf = (task: CaseTask) => `${task.targetIndex}:${task.from}-${task.to}`;

describe("the case space", () => {
  it("splits the total over targets, the first ones taking the remainder", () => {
    expect(runsPerTarget(10, 3)).toEqual([4, 3, 3]);
    expect(runsPerTarget(2, 3)).toEqual([1, 1, 0]);
    expect(runsPerTarget(5, 0)).toEqual([]);
  });

  it("cuts shards that are disjoint and together cover one run", () => {
    const runs = [1500, 7, 0, 2049];
    const whole = coveredCases(caseTasks(runs, { index: 0, count: 1 })).sort();
    expect(whole.length).toBe(1500 + 7 + 2049);
    for (const count of [2, 3, 7]) {
      const shards = Array.from({ length: count }, (_, index) => coveredCases(caseTasks(runs, { index, count })));
      const union = shards.flat().sort();
      expect(union).toEqual(whole);
      expect(new Set(union).size).toBe(union.length);
    }
  });

  it("hands out whole blocks, cut at the same indexes whatever the shard count", () => {
    const runs = [3 * BLOCK_SIZE + 5, 2 * BLOCK_SIZE, 7];
    const whole = caseTasks(runs, { index: 0, count: 1 }).map(rangeOf).sort();
    for (const task of caseTasks(runs, { index: 0, count: 1 })) expect(task.from % BLOCK_SIZE).toBe(0);
    for (const count of [2, 3, 4]) {
      const shards = Array.from({ length: count }, (_, index) => caseTasks(runs, { index, count }).map(rangeOf));
      expect(shards.flat().sort()).toEqual(whole);
    }
  });

  it("spreads one-block targets over every shard", () => {
    const owners = [0, 1, 2].map((index) => caseTasks([10, 10, 10], { index, count: 3 }).map((task) => task.targetIndex));
    expect(owners).toEqual([[0], [1], [2]]);
  });

  it("interleaves targets so a time budget reaches every schema", () => {
    const tasks = caseTasks([2000, 2000], { index: 0, count: 1 });
    expect(tasks.slice(0, 2).map((task) => task.targetIndex)).toEqual([0, 1]);
  });

  it("gives each saved regression to exactly one shard", () => {
    const owned = [0, 1, 2].flatMap((index) => regressionTasks(5, { index, count: 3 }).flatMap((task) => task.indexes));
    expect(owned.sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it("reads i/n in either convention, n/n being shard 0", () => {
    expect(parseShard("0/4")).toEqual({ index: 0, count: 4 });
    expect(parseShard("3/4")).toEqual({ index: 3, count: 4 });
    expect(parseShard("4/4")).toEqual({ index: 0, count: 4 });
    expect(parseShard("5/4")).toBeNull();
    expect(parseShard("1/0")).toBeNull();
    expect(parseShard("a/b")).toBeNull();
  });
});
