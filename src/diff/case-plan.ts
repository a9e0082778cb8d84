// The case space of a run and how it is cut. Target t has cases 0..runs(t)-1, in blocks of
// BLOCK_SIZE consecutive indexes; block b of target t belongs to shard (t + b) mod n. A block is
// also the unit a worker runs and the unit findings are deduplicated in (the first case of each
// class in a block is shrunk), so a sharded run meets exactly the cases, and shrinks exactly the
// ones, the unsharded run does.
import type { CaseTask, RegressionTask } from "./fuzz-protocol.js";

export interface Shard {
  readonly index: number;
  readonly count: number;
}

export const WHOLE_RUN: Shard = { index: 0, count: 1 };

/**
 * Cases per block: big enough that the same disagreement (Ajv's float multipleOf hits one money
 * field dozens of times) is shrunk rarely, small enough to spread a run over workers and shards.
 */
export const BLOCK_SIZE = 4096;

/** The total split evenly over targets, the first ones taking the remainder. */
export function runsPerTarget(totalRuns: number, targetCount: number): number[] {
  if (targetCount === 0) return [];
  const base = Math.floor(totalRuns / targetCount);
  const extra = totalRuns % targetCount;
  return Array.from({ length: targetCount }, (_, index) => base + (index < extra ? 1 : 0));
}

/** Offsetting by the target spreads even one-block targets (short runs) over every shard. */
export function shardOfBlock(targetIndex: number, blockIndex: number, shardCount: number): number {
  return (targetIndex + blockIndex) % shardCount;
}

export function caseTasks(runs: readonly number[], shard: Shard): CaseTask[] {
  const tasks: CaseTask[] = [];
  runs.forEach((total, targetIndex) => {
    for (let from = 0; from < total; from += BLOCK_SIZE) {
      if (shardOfBlock(targetIndex, from / BLOCK_SIZE, shard.count) !== shard.index) continue;
      tasks.push({ kind: "cases", targetIndex, from, to: Math.min(total, from + BLOCK_SIZE), skip: [] });
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
  // Shard i/n takes the blocks whose shard number is i mod n: 0-based (0/4..3/4) and 1-based
  // (1/4..4/4) spellings both cover the space once.
  if (count < 1 || index > count) return null;
  return { index: index % count, count };
}
