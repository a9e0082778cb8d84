import { describe, expect, it } from "vitest";
import { createHeartbeatBuffer, Heartbeat } from "./heartbeat.js";

describe("the worker heartbeat", () => {
  it("tells another reader of the buffer which case, which validator and which shrink step", () => {
    const buffer = createHeartbeatBuffer();
    const worker = new Heartbeat(buffer);
    const watcher = new Heartbeat(buffer);
    worker.enter("case", 3, 41);
    worker.tryShrinkStep([], 2);
    worker.tryShrinkStep([2], 0);
    worker.tryShrinkStep([2, 0], 5);
    worker.phase("candidate");
    expect(watcher.snapshot()).toMatchObject({ targetIndex: 3, caseIndex: 41, phase: "candidate", shrinkPath: [2, 0, 5] });
  });

  it("beats on every step and forgets the shrink path at the next case", () => {
    const heartbeat = new Heartbeat(createHeartbeatBuffer());
    heartbeat.enter("case", 0, 1);
    const before = heartbeat.snapshot().beat;
    heartbeat.tryShrinkStep([], 1);
    heartbeat.phase("reference");
    expect(heartbeat.snapshot().beat).toBe(before + 2);
    heartbeat.enter("generate", 0, 2);
    expect(heartbeat.snapshot()).toMatchObject({ caseIndex: 2, phase: "generate", shrinkPath: [] });
  });
});
