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
