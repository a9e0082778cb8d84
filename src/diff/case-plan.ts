// The case space of a run and how it is cut. Target t has cases 0..runs(t)-1; case k belongs to shard
// k mod n. Tasks are contiguous ranges of k, so which worker runs what never changes a result.
import type { CaseTask, RegressionTask } from "./fuzz-protocol.js";

export interface Shard {
  readonly index: number;
  readonly count: number;
}

export const WHOLE_RUN: Shard = { index: 0, count: 1 };

/** Cases per task: big enough that messages cost nothing, small enough to spread over workers. */
const CASES_PER_TASK = 512;

/** The total split evenly over targets, the first ones taking the remainder. */
export function runsPerTarget(totalRuns: number, targetCount: number): number[] {
  if (targetCount === 0) return [];
  const base = Math.floor(totalRuns / targetCount);
  const extra = totalRuns % targetCount;
  return Array.from({ length: targetCount }, (_, index) => base + (index < extra ? 1 : 0));
}

export function caseTasks(runs: readonly number[], shard: Shard): CaseTask[] {
  const span = CASES_PER_TASK * shard.count;
  const tasks: CaseTask[] = [];
  runs.forEach((total, targetIndex) => {
    for (let from = 0; from < total; from += span) {
      tasks.push({ kind: "cases", targetIndex, from, to: Math.min(total, from + span), shardIndex: shard.index, shardCount: shard.count, skip: [] });
    }
  });
  // Interleave targets so early results (and a time budget) cover every schema, not the first few.
  return tasks.sort((a, b) => a.from - b.from || a.targetIndex - b.targetIndex);
}

/** Saved regressions are cases too: regression r belongs to shard r mod n. */
export function regressionTasks(regressionCount: number, shard: Shard): RegressionTask[] {
  const indexes = Array.from({ length: regressionCount }, (_, index) => index).filter((index) => index % shard.count === shard.index);
  return indexes.length > 0 ? [{ kind: "regressions", indexes, skip: [] }] : [];
}

export function parseShard(text: string): Shard | null {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!match) return null;
  const index = Number(match[1]);
  const count = Number(match[2]);
  // Shard i/n runs the cases with k mod n = i mod n: 0-based (0/4..3/4) and 1-based (1/4..4/4)
  // spellings both cover the space once.
  if (count < 1 || index > count) return null;
  return { index: index % count, count };
}
