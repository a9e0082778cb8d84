import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fromRoot } from "../package-root.js";
import { failsRun } from "./adjudicate.js";
import { RegressionCaseError, loadRegressionCases, saveRegressionCases } from "./regression-cases.js";
import { runFuzz } from "./run-fuzz.js";
import { tempFolder } from "./test-support/temp-catalog.js";
import type { FuzzFinding } from "../report/model.js";

const REGRESSIONS = fromRoot("suites", "regressions");

const finding = (overrides: Partial<FuzzFinding>): FuzzFinding => ({
  id: "abc123",
  schemaId: "fitness/log_meal",
  feature: "enum",
  path: "/meal",
  direction: "too-lax",
  family: "enum-case",
  count: 3,
  adjudication: "candidate-wrong",
  example: { schema: { type: "string", enum: ["cena"] }, instance: "CENA" },
  reference: { valid: false },
  candidate: { valid: true },
  replay: "npx schemalab fuzz ...",
  ...overrides,
});

describe("saved regression cases", () => {
  it("writes the verdict a correct validator gives: the reference's, unless the reference was found wrong", async () => {
    const folder = await tempFolder();
    const written = await saveRegressionCases(folder, [
      finding({}),
      finding({ id: "def456", adjudication: "reference-wrong", reference: { valid: false }, candidate: { valid: true }, example: { schema: { multipleOf: 0.01 }, instance: 19.99 } }),
      finding({ id: "skip-me", direction: "error-location" }),
    ]);
    expect(written).toHaveLength(2);
    const cases = await loadRegressionCases([folder]);
    expect(cases.map((entry) => [entry.instance, entry.expected.valid])).toEqual([["CENA", false], [19.99, true]]);
    expect(JSON.parse(await readFile(written[0]!, "utf8"))).toMatchObject({ findingId: "abc123", schemaId: "fitness/log_meal", feature: "enum" });
  });

  it("refuses a case file without a verdict, naming the file and place", async () => {
    const broken = join(await tempFolder(), "broken.json");
    await writeFile(broken, JSON.stringify({ schema: {}, instance: 1 }));
    await expect(loadRegressionCases([broken])).rejects.toThrow(RegressionCaseError);
    await expect(loadRegressionCases([broken])).rejects.toThrow(/broken\.json at \/expected\/valid/);
  });

  it("reads a missing folder as holding no cases", async () => {
    expect(await loadRegressionCases([join(await tempFolder(), "none")])).toEqual([]);
  });

  it("holds a case for each known divergence of Ajv with a decided verdict, and lite passes them all", async () => {
    const cases = await loadRegressionCases([REGRESSIONS]);
    expect(new Set(cases.map((entry) => entry.knownDivergence))).toEqual(
      new Set([
        "ajv-float-multipleof",
        "ajv-required-inherited-property",
        "ajv-unevaluated-properties-dependent-schemas",
        "ajv-unevaluated-properties-prototype-names",
        "ajv-formats-duration-skipped-units",
      ]),
    );
    const lite = await runFuzz({ validator: "lite", runs: 0, workers: 1 });
    expect(lite.findings).toEqual([]);
    expect(lite.cases).toBe(cases.length);
  });

  it("replays them first in every run: those Ajv fails come back as findings against it, each with a replay line", async () => {
    const section = await runFuzz({ validator: "ajv", runs: 0, workers: 1 });
    const cases = await loadRegressionCases([REGRESSIONS]);
    expect(section.findings).toHaveLength(cases.length);
    for (const found of section.findings) {
      expect(found).toMatchObject({ family: "regression", adjudication: "candidate-wrong" });
      expect(found.replay).toMatch(/--regressions suites\/regressions\/[\w.-]+\.json --runs 0$/);
      // Ajv fuzzed as the candidate: each failure is a known divergence of Ajv itself, so none fails the run.
      expect(found.knownDivergence).toBeDefined();
      expect(failsRun(found)).toBe(false);
    }
  });
});
