// Every fitness tool's guard, fed schema-valid arguments from generators/: it must return a verdict,
// never throw, whatever the store holds.
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { validValue } from "../../generators/valid-value.js";
import type { DeclaredSchema } from "../schema/index.js";
import type { Tool } from "./define-tool.js";
import { fitnessTools, loadFitnessCatalog } from "./fitness-tools.js";
import { openMeasurementStore, type MeasurementStore } from "./measurement-store.js";

const VERDICTS = new Set(["allow", "reject", "confirm"]);

let catalog: DeclaredSchema[];
let store: MeasurementStore;

beforeEach(async () => {
  catalog = await loadFitnessCatalog();
  store = openMeasurementStore(":memory:");
  // A stored weight, so the plausibility check has something to compare with.
  store.writeMeasurement({ date: "2025-01-01", data: { weight_kg: 80 } }, "seed");
});

afterEach(() => store.close());

function guardedTools(): Tool[] {
  return fitnessTools({ store, catalog, today: () => "2025-06-30" }).filter((tool) => tool.guard !== undefined);
}

describe("fitness guards under schema-valid arguments", () => {
  test("every catalog tool and the delete tool have a guard to fuzz", () => {
    expect(guardedTools().map((tool) => tool.name)).toEqual(["write_measurement", "log_meal", "get_measurements", "delete_measurement"]);
  });

  test.each(["write_measurement", "log_meal", "get_measurements", "delete_measurement"])("%s: a verdict for every valid value, never a throw", (name) => {
    const tool = guardedTools().find((entry) => entry.name === name)!;
    const seen = new Set<string>();
    fc.assert(
      fc.property(validValue(tool.inputSchema as Record<string, unknown>), (args) => {
        // The guard only ever sees arguments the schema accepted: hold the generator to that too.
        expect(tool.validate(args).valid).toBe(true);
        const verdict = tool.guard!(args as Record<string, unknown>);
        expect(VERDICTS.has(verdict.verdict)).toBe(true);
        seen.add(verdict.verdict);
        if (verdict.verdict !== "allow") expect(verdict.reason.length).toBeGreaterThan(0);
      }),
      { numRuns: 300, seed: 7 },
    );
    // The values reach past the first branch: the guard both let some through and stopped some.
    expect(seen.size).toBeGreaterThan(1);
  });
});
