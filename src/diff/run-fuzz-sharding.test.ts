// Shard i of n runs whole blocks of cases, each case from its own seed, and shrinks the same first case
// per class and block as an unsharded run: merged, the shards are the unsharded run (findings,
// examples, counts, disagreements), whatever the order they arrive in.
import { describe, expect, it } from "vitest";
import { fromRoot } from "../package-root.js";
import { mergeFuzzRun } from "../report/merge-fuzz.js";
import type { FuzzSection } from "../report/model.js";
import { BLOCK_SIZE } from "./case-plan.js";
import { runFuzz } from "./run-fuzz.js";
import { writeSchemaCatalog } from "./test-support/temp-catalog.js";

const FITNESS = fromRoot("suites", "catalogs", "fitness.json");

/** Everything but the clock. */
function withoutTimings(section: FuzzSection) {
  const { stats, ...rest } = section;
  return { ...rest, stats: { validShare: stats.validShare, byFamily: stats.byFamily } };
}

describe("deterministic sharding", () => {
  it("merges three shards into exactly the unsharded run", async () => {
    const options = { validator: "lite", schemas: [FITNESS], runs: 900, seed: 5, workers: 2, regressions: [] };
    const whole = await runFuzz(options);
    const shards = await Promise.all([0, 1, 2].map((index) => runFuzz({ ...options, shard: { index, count: 3 }, workers: 1 })));
    expect(shards.map((shard) => shard.shard)).toEqual([0, 1, 2].map((index) => ({ index, count: 3 })));
    expect(shards.reduce((sum, shard) => sum + shard.cases, 0)).toBe(whole.cases);
    // lite and Ajv disagree on fitness (Ajv's float multipleOf): there is something to compare.
    expect(whole.findings.length).toBeGreaterThan(0);
    const merged = mergeFuzzRun([shards[2]!, shards[0]!, shards[1]!]);
    expect(withoutTimings(merged)).toEqual(withoutTimings(mergeFuzzRun([whole])));
  });

  it("merges shards that each shrank their own example of a class into the unsharded run", async () => {
    const prices = await writeSchemaCatalog("prices", { type: "object", properties: { amount: { type: "number", minimum: 0, maximum: 1000, multipleOf: 0.01 } }, required: ["amount"] });
    const options = { validator: "lite", schemas: [prices], runs: 2 * BLOCK_SIZE, seed: 5, workers: 2, regressions: [] };
    const whole = await runFuzz(options);
    const shards = await Promise.all([0, 1].map((index) => runFuzz({ ...options, shard: { index, count: 2 }, workers: 1 })));
    // One block each, and Ajv's float multipleOf in every block: two examples of one class to merge.
    const lax = (section: FuzzSection) => section.findings.filter((finding) => finding.direction === "too-lax");
    for (const shard of shards) expect(lax(shard)).toHaveLength(1);
    expect(lax(whole)[0]!.count).toBe(shards.reduce((sum, shard) => sum + lax(shard)[0]!.count, 0));
    expect(withoutTimings(mergeFuzzRun([shards[1]!, shards[0]!]))).toEqual(withoutTimings(mergeFuzzRun([whole])));
  });

  // Case k depends on (seed, schema id, k) alone: how many workers share the blocks, and the order
  // their results arrive in, must not change a finding, a count, an example or the order of either.
  it("gives the same finding stream whatever the number of workers", async () => {
    const prices = await writeSchemaCatalog("prices", { type: "object", properties: { amount: { type: "number", minimum: 0, maximum: 1000, multipleOf: 0.01 } }, required: ["amount"] });
    const options = { validator: "lite", schemas: [prices], runs: 2 * BLOCK_SIZE + 512, seed: 5, regressions: [] };
    const [one, three] = await Promise.all([runFuzz({ ...options, workers: 1 }), runFuzz({ ...options, workers: 3 })]);
    // Three blocks of one schema, so three workers really split its cases (and its shrinking) between them.
    expect(one.targets[0]!.cases).toBeGreaterThan(2 * BLOCK_SIZE);
    expect(one.findings.length).toBeGreaterThan(0);
    expect(withoutTimings(three)).toEqual(withoutTimings(one));
    expect(three.findings.map((finding) => finding.id)).toEqual(one.findings.map((finding) => finding.id));
  });

  it("gives the same run for the same seed, and another for another seed", async () => {
    const options = { validator: "lite", schemas: [FITNESS], runs: 300, workers: 2, regressions: [] };
    const [first, again, other] = await Promise.all([runFuzz({ ...options, seed: 9 }), runFuzz({ ...options, seed: 9 }), runFuzz({ ...options, seed: 10 })]);
    expect(withoutTimings(again)).toEqual(withoutTimings(first));
    expect(withoutTimings(other)).not.toEqual(withoutTimings(first));
  });
});
