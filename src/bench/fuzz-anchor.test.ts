import { describe, expect, it } from "vitest";
import * as fc from "fast-check";
import { formatFuzzAnchorText, naiveRound, naiveTargets, timelineOf, type FuzzAnchorReport } from "./fuzz-anchor.js";

describe("the fuzz anchor's naive loop", () => {
  it("judges faker and jsonValue values of every default catalog schema with Ajv and lite, within its budget", async () => {
    const targets = await naiveTargets();
    expect(targets.length).toBeGreaterThan(15);
    const round = naiveRound(targets, 50, 1);
    expect(round.cases).toBeGreaterThan(0);
    expect(round.cases % 1).toBe(0);
    expect(round.disagreements).toBeLessThanOrEqual(round.cases);
    expect(round.cpuMs).toBeGreaterThan(0);
  });

  it("prints the ratio against the target, pass or miss", () => {
    const report: FuzzAnchorReport = {
      kind: "fuzz-anchor", runs: 10, workers: 2, seed: 1, command: "schemalab fuzz --runs 10", target: 10, pass: false, ratio: 4,
      naive: [{ cases: 100, wallMs: 100, cpuMs: 100, disagreements: 0 }], naivePerSecond: 1000, naivePerCpuSecond: 1000, fuzzPerSecond: 4000,
      fuzzPerCpuSecond: 2500, cpuRatio: 2.5,
      fuzz: [{ cases: 10, wallMs: 5, casesPerSecond: 4000, cpuMs: 9, validShare: 0.45, judgingShare: 0.2, phaseMs: null, timeline: { beforeRun: 400, startup: 650, cases: 3100 } }],
      loadAverage: { start: [1, 1, 1], end: [1, 1, 1] },
    };
    const text = formatFuzzAnchorText(report);
    expect(text).toContain("MISS  fuzz 4.0k cases/s = 4.0x the naive loop's 1.0k (target >= 10x)");
    expect(text).toContain("judging 20% of worker time");
    expect(text).toContain("per CPU second: fuzz 2.5k cases (whole process) = 2.5x the naive loop's 1.0k");
    expect(formatFuzzAnchorText({ ...report, fuzzPerCpuSecond: null, cpuRatio: null })).not.toContain("per CPU second: fuzz");
    expect(text).toContain("where the time goes: 0.40 s Node and the CLI before the run's clock, 0.65 s start-up (catalogs read, workers loading), 3.10 s cases");
  });

  it("cuts a round's wall time into before the run, start-up and cases, which add up to it", () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(10_000), fc.nat(20_000), fc.nat(5_000), (read, ready, durationMs, before) => {
        const stats = { casesPerSecond: 1, durationMs, validShare: 0.5, startupMs: { read, workersReady: read + ready } };
        const timeline = timelineOf(durationMs + before, stats)!;
        expect(timeline.beforeRun).toBe(before);
        expect(timeline.beforeRun + timeline.startup + timeline.cases).toBe(durationMs + before);
        expect(Math.min(timeline.startup, timeline.cases)).toBeGreaterThanOrEqual(0);
      }),
    );
    expect(timelineOf(5, { casesPerSecond: 1, durationMs: 4, validShare: 0.5 })).toBeNull();
  });
});
