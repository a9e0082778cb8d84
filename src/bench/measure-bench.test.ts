import { describe, expect, it } from "vitest";
import type { BenchCase } from "./bench-corpus.js";
import { benchClock, cpuMillis, measureSubjects, median, roundOrder } from "./measure-bench.js";

describe("measuring on a busy machine", () => {
  it("counts CPU time, which advances with work", () => {
    const start = cpuMillis();
    let sink = 0;
    while (cpuMillis() - start < 2) sink += Math.sqrt(sink + 1);
    expect(cpuMillis()).toBeGreaterThan(start);
    expect(typeof benchClock()()).toBe("number");
  });

  it("lets each subject go first in turn", () => {
    expect([0, 1, 2, 3].map((round) => roundOrder(["ajv", "lite", "other"], round)[0])).toEqual(["ajv", "lite", "other", "ajv"]);
    expect(roundOrder(["ajv", "lite"], 1)).toEqual(["lite", "ajv"]);
  });

  it("takes the median over rounds, so one disturbed round does not move the figure", () => {
    expect(median([5, 1, 100, 4, 3])).toBe(4);
    expect(median([1, 2, 3, 10])).toBe(2.5);
  });

  it("reports every subject once, in the given order", async () => {
    const cases: BenchCase[] = [{ schemaId: "s", schema: { type: "number" }, dialect: "draft2020-12", valid: [1], invalid: ["x"] }];
    const modes: boolean[] = [];
    const subject = (name: string) => ({ name, setup: "test", compile: (_: unknown, mode: { allErrors: boolean }) => (modes.push(mode.allErrors), (value: unknown) => typeof value === "number") });
    const asyncSubject = { name: "c", setup: "test", asyncCompile: true, compile: async () => (value: unknown) => typeof value === "number" };
    const measured = await measureSubjects([subject("a"), subject("b"), asyncSubject], cases, 5);
    expect(measured.map((m) => m.name)).toEqual(["a", "b", "c"]);
    expect(modes).toContain(true); // the invalid task collects all errors
    expect(modes).toContain(false);
    for (const m of measured) expect(m.validPerSecond).toBeGreaterThan(0);
  });
});
