import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { randomForCase } from "./case-random.js";
import { followShrinkPath, shrinkCase } from "./shrink-case.js";

describe("shrinking with a recorded path", () => {
  const arbitrary = fc.record({ name: fc.string(), tags: fc.array(fc.integer({ min: 0, max: 1000 })) });
  const fails = (value: { tags: number[] }) => value.tags.some((tag) => tag > 100);
  const failing = () => {
    for (let seed = 0; ; seed++) {
      const generated = arbitrary.generate(randomForCase(seed), 2);
      if (fails(generated.value_)) return generated;
    }
  };

  it("reaches fast-check's minimal counterexample", () => {
    const shrunk = shrinkCase(arbitrary, failing(), { stillFails: fails });
    expect(shrunk.value.value_).toEqual({ name: "", tags: [101] });
    expect(shrunk.path.length).toBeGreaterThan(0);
  });

  it("replays the same minimal value by following the path from the generated one", () => {
    const start = failing();
    const shrunk = shrinkCase(arbitrary, start, { stillFails: fails });
    expect(followShrinkPath(arbitrary, start, shrunk.path)?.value_).toEqual(shrunk.value.value_);
  });

  it("reports each attempt (for the heartbeat) and stops at the attempt cap", () => {
    const attempts: number[][] = [];
    const shrunk = shrinkCase(arbitrary, failing(), { stillFails: fails, maxAttempts: 3, onAttempt: (path, index) => attempts.push([...path, index]) });
    expect(shrunk.attempts).toBe(3);
    expect(attempts.length).toBe(3);
  });

  it("says when a path leads nowhere", () => {
    expect(followShrinkPath(fc.constant(1), fc.constant(1).generate(randomForCase(0), 2), [0])).toBeNull();
  });
});
