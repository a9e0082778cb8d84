import * as fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { liteValidator } from "../validators/lite-validator.js";
import { ajvValidator } from "../validators/ajv-validator.js";
import type { ValidatorModule } from "../validators/types.js";
import type { GeneratorSet } from "./case-source.js";
import type { FuzzCase } from "./classify-difference.js";
import type { CaseTask } from "./fuzz-protocol.js";
import { FuzzWorkerState } from "./fuzz-worker-state.js";
import { createHeartbeatBuffer } from "./heartbeat.js";
import { loadKnownDivergences, type KnownDivergence } from "./known-divergences.js";

let divergences: KnownDivergence[];
beforeAll(async () => {
  divergences = await loadKnownDivergences();
});

/** Valid values from a fixed list, near misses from another: a case space the test controls. */
function fixedGenerators(valid: unknown[], nearMisses: FuzzCase[]): GeneratorSet {
  return { validValue: () => fc.constantFrom(...valid), nearMiss: () => fc.constantFrom(...nearMisses) };
}

function runOne(candidate: ValidatorModule, schema: object, generators: GeneratorSet, runs = 64) {
  const state = new FuzzWorkerState({ reference: "ajv", seed: 1, targets: [{ id: "t", schema }], regressions: [], divergences, heartbeat: createHeartbeatBuffer() }, candidate, ajvValidator, generators);
  const task: CaseTask = { kind: "cases", targetIndex: 0, from: 0, to: runs, skip: [] };
  return state.run(task);
}

describe("the in-worker case runner", () => {
  it("adjudicates Ajv's float multipleOf as reference-wrong, naming the known divergence", () => {
    const result = runOne(liteValidator, { type: "number", multipleOf: 0.01 }, fixedGenerators([19.99], [{ value: 787.6700000000001, family: "multipleOf-float-noise", path: "", feature: "multipleOf", expectedValid: false }]));
    const lax = result.reports.find((report) => report.instance === 19.99);
    expect(lax).toMatchObject({ difference: "too-lax", feature: "multipleOf", ruling: { adjudication: "reference-wrong", knownDivergence: "ajv-float-multipleof" } });
    expect(lax?.reference.valid).toBe(false);
    const strict = result.reports.find((report) => report.instance === 787.6700000000001);
    expect(strict).toMatchObject({ difference: "too-strict", ruling: { adjudication: "reference-wrong", knownDivergence: "ajv-float-multipleof" } });
  });

  it("blames the candidate when the generator's ground truth sides with the reference", () => {
    const laxOnText: ValidatorModule = { name: "lax", compile: (schema) => (value) => typeof value === "string" || ajvValidator.compile(schema)(value) };
    const result = runOne(laxOnText, { type: "number" }, fixedGenerators([1], [{ value: "75.5", family: "number-as-text", path: "", feature: "type:number", expectedValid: false }]));
    expect(result.reports[0]).toMatchObject({ difference: "too-lax", feature: "type:number", family: "number-as-text", ruling: { adjudication: "candidate-wrong" } });
  });

  it("shrinks within the class and records the path to replay it", () => {
    const rejectsLongLists: ValidatorModule = { name: "short-lists", compile: () => (value) => !(Array.isArray(value) && value.length > 3) };
    const generators: GeneratorSet = { validValue: () => fc.array(fc.integer(), { maxLength: 30 }), nearMiss: () => fc.constant({ value: 0, family: "type-flip", path: "", feature: "type:array", expectedValid: false }) };
    const result = runOne(rejectsLongLists, { type: "array", items: { type: "integer" } }, generators, 200);
    const strict = result.reports.filter((report) => report.difference === "too-strict");
    expect(strict.length).toBeGreaterThan(0);
    for (const report of strict) expect(report.instance).toEqual([0, 0, 0, 0]);
    expect(strict.some((report) => report.shrinkPath.length > 0)).toBe(true);
  });

  it("shrinks only the first case of each class in a block, and counts the others onto it", () => {
    const rejectsAll: ValidatorModule = { name: "rejects-all", compile: () => () => false };
    const nearMisses = [{ value: 1.5, family: "integer-fraction", path: "", feature: "type:integer", expectedValid: false }];
    const result = runOne(rejectsAll, { type: "integer" }, fixedGenerators([1, 2, 3], nearMisses), 300);
    const strict = result.reports.filter((report) => report.difference === "too-strict");
    expect(strict).toHaveLength(1);
    expect(strict[0]!.count).toBe(result.families.valid!.cases);
  });

  it("reports a generator that throws while shrinking on its case, as the engine's failure", () => {
    const rejectsAll: ValidatorModule = { name: "rejects-all", compile: () => () => false };
    const buggy: GeneratorSet = {
      validValue: () => fc.integer({ min: 60, max: 100 }).map((n) => {
        if (n === 60) throw new Error("generator bug at 60");
        return n;
      }),
      nearMiss: () => fc.constant({ value: "x", family: "type-flip", path: "", feature: "type:integer", expectedValid: false }),
    };
    const result = runOne(rejectsAll, { type: "integer" }, buggy, 40);
    const failure = result.reports.find((report) => report.family === "engine");
    expect(failure).toMatchObject({ feature: "engine", ruling: { adjudication: "undecided" }, candidate: { error: "engine: generator bug at 60" } });
  });

  it("files findings in case order, across the batches a task runs in", () => {
    // Each of 200 values throws its own text (its own class), so classes first appear all over the
    // task: the reports (one per class, at its first case) come out in case order only if every batch
    // settles its cases in order.
    const letters = (n: number): string => "abcdefghijklmnopqrstuvwxyz"[n % 26]! + "abcdefghij"[Math.floor(n / 26)]!;
    const throwsOnNumbers: ValidatorModule = { name: "throws-on-numbers", compile: () => (value) => {
      if (typeof value === "number") throw new Error(`no ${letters(value)}`);
      return true;
    } };
    const values = Array.from({ length: 200 }, (_, n) => n);
    const result = runOne(throwsOnNumbers, { type: "integer" }, fixedGenerators(values, [{ value: "x", family: "type-flip", path: "", feature: "type:integer", expectedValid: false }]), 600);
    const crashes = result.reports.filter((report) => report.difference === "crash");
    expect(crashes.length).toBeGreaterThan(20);
    expect(Math.max(...crashes.map((report) => report.caseIndex))).toBeGreaterThan(128);
    const indexes = result.reports.map((report) => report.caseIndex);
    expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
  });

  it("asks the reference about each value before the candidate, even a candidate that mutates it", () => {
    const seen: unknown[] = [];
    const recording: ValidatorModule = { name: "recording", compile: () => (value) => {
      seen.push(structuredClone(value));
      return true;
    } };
    const mutating: ValidatorModule = { name: "mutating", compile: () => (value) => {
      if (typeof value === "object" && value !== null) (value as Record<string, unknown>).a = "changed";
      return true;
    } };
    const objects: GeneratorSet = { validValue: () => fc.record({ a: fc.constantFrom("x", "y") }), nearMiss: () => fc.nat().map(() => ({ value: { a: 1 }, family: "type-flip", path: "/a", feature: "type:string", expectedValid: false })) };
    const state = new FuzzWorkerState({ reference: "ajv", seed: 1, targets: [{ id: "t", schema: { type: "object" } }], regressions: [], divergences, heartbeat: createHeartbeatBuffer() }, mutating, recording, objects);
    state.run({ kind: "cases", targetIndex: 0, from: 0, to: 200, skip: [] });
    expect(seen.length).toBeGreaterThan(150);
    expect(seen.every((value) => (value as { a: unknown }).a !== "changed")).toBe(true);
  });

  it("gives a user's candidate its own copy: its edits reach neither the reference's values nor later cases", () => {
    // Every case is the same object, as parts of cases are when they derive from one base value.
    const shared = { a: "x" };
    const shares: GeneratorSet = { validValue: () => fc.constant(shared), nearMiss: () => fc.constant({ value: shared, family: "valid", path: "", feature: "const", expectedValid: true }) };
    const editing: ValidatorModule = { name: "editing", compile: () => (value) => {
      const record = value as { a: unknown };
      const valid = record.a === "x";
      record.a = "edited"; // a sanitiser, or defaults filled in
      return valid;
    } };
    const result = runOne(editing, { type: "object", properties: { a: { const: "x" } } }, shares, 200);
    expect(result.cases).toBe(200);
    expect(result.reports).toEqual([]);
    expect(shared.a).toBe("x");
  });

  it("counts every case and the valid ones per family", () => {
    const result = runOne(ajvValidator, { type: "integer" }, fixedGenerators([1, 2], [{ value: 1.5, family: "integer-fraction", path: "", feature: "type:integer", expectedValid: false }]), 320);
    expect(result.cases).toBe(320);
    expect(result.reports).toEqual([]);
    expect(result.families.valid!.valid).toBe(result.families.valid!.cases);
    expect(result.families["integer-fraction"]!.valid).toBe(0);
    expect(result.valid).toBe(result.families.valid!.cases);
  });

  it("marks a schema the candidate refuses as unsupported, without running its cases", () => {
    const refuses: ValidatorModule = { name: "refuses", compile: () => { throw new Error("unsupported keyword: multipleOf"); } };
    const result = runOne(refuses, { multipleOf: 2 }, fixedGenerators([2], [{ value: 3, family: "x", path: "", feature: "multipleOf", expectedValid: false }]));
    expect(result).toMatchObject({ cases: 0, unsupported: "unsupported keyword: multipleOf" });
  });
});
