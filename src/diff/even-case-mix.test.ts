// Guards #12's case mix: every schema's first cases already mix valid values and near misses, so a
// catalog of thousands of tools with a few cases each still meets near misses on every tool.
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { sourceKindFor } from "./case-source.js";
import { runFuzz } from "./run-fuzz.js";
import { tempFolder } from "./test-support/temp-catalog.js";
import { writeToolCatalog } from "./test-support/tool-catalog.js";

function kindsOf(from: number, count: number) {
  const kinds = Array.from({ length: count }, (_, k) => sourceKindFor(from + k));
  return { valid: kinds.filter((k) => k === "valid").length, nearMiss: kinds.filter((k) => k === "near-miss").length, faker: kinds.filter((k) => k === "faker").length };
}

describe("the even case mix", () => {
  it("mixes from the first case: any 13 consecutive cases hold at least 5 near misses and 4 valid values", () => {
    for (let from = 0; from < 2048; from++) {
      const { valid, nearMiss } = kindsOf(from, 13);
      expect(nearMiss).toBeGreaterThanOrEqual(5);
      expect(valid).toBeGreaterThanOrEqual(4);
    }
  });

  it("keeps the valid slots at 13 of 32 in every prefix, within two cases", () => {
    for (let count = 1; count <= 4096; count++) {
      const { valid } = kindsOf(0, count);
      expect(Math.abs(valid - (count * 13) / 32)).toBeLessThanOrEqual(1.5);
    }
  });

  it("gives every schema a json-schema-faker case from its third case on", () => {
    expect(sourceKindFor(2)).toBe("faker");
    expect(kindsOf(0, 3).faker).toBe(1);
  });

  it("over a 150-tool catalog with 20 cases a tool: valid share within 30-70% and at least 5 near misses each", async () => {
    const catalog = await writeToolCatalog(join(await tempFolder(), "tools.json"), 150);
    const section = await runFuzz({ schemas: [catalog], runs: 150 * 20, seed: 3, workers: 2, regressions: [] });
    expect(section.unsupported).toEqual([]);
    expect(section.stats.validShare).toBeGreaterThanOrEqual(0.3);
    expect(section.stats.validShare).toBeLessThanOrEqual(0.7);
    for (const target of section.targets) expect(target.sources!.nearMiss).toBeGreaterThanOrEqual(5);
    expect(section.warnings).toBeUndefined();
  }, 60_000);

  it("warns for each schema that met fewer than 5 near misses", async () => {
    const catalog = await writeToolCatalog(join(await tempFolder(), "tools.json"), 10);
    const section = await runFuzz({ schemas: [catalog], runs: 10 * 6, seed: 3, workers: 1, regressions: [] });
    expect(section.warnings?.map((warning) => warning.schemaId).sort()).toEqual(section.targets.map((target) => target.schemaId).sort());
    expect(section.warnings?.[0]?.message).toMatch(/fewer than 5.*raise --runs/);
  }, 60_000);
});
