import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { DeclaredSchema } from "../schema/index.js";
import type { Tool } from "./define-tool.js";
import { createDispatcher } from "./dispatch.js";
import { fitnessTools, loadFitnessCatalog } from "./fitness-tools.js";
import { openMeasurementStore, type MeasurementStore } from "./measurement-store.js";

let dir: string;
let store: MeasurementStore;
let catalog: DeclaredSchema[];
let tools: Tool[];

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "schemalab-fitness-"));
  store = openMeasurementStore(join(dir, "store.sqlite"));
  catalog = await loadFitnessCatalog();
  tools = fitnessTools({ store, catalog, today: () => "2025-06-30" });
});

afterEach(async () => {
  store.close();
  await rm(dir, { recursive: true, force: true });
});

const guard = (name: string, args: unknown) => tools.find((tool) => tool.name === name)!.guard!(args as Record<string, unknown>);

function anthropicCall(name: string, input: unknown, id = "toolu_1") {
  return { response: { content: [{ type: "tool_use", id, name, input }], stop_reason: "tool_use" } };
}

describe("fitness tools", () => {
  test("advertise the catalog's own schema and risk", () => {
    const write = tools.find((tool) => tool.name === "write_measurement")!;
    expect(write.inputSchema).toEqual(catalog.find((schema) => schema.name === "write_measurement")!.schema);
    expect(write.risk).toBe("high");
  });

  test("a date in the future or before 1900 is refused by the guard", () => {
    expect(guard("write_measurement", { date: "2025-07-01", data: { weight_kg: 80 } })).toMatchObject({ verdict: "reject", reason: expect.stringContaining("in the future") });
    expect(guard("log_meal", { date: "1899-12-31", meal: "cena", items: [{ name: "pan", grams: 50 }] })).toMatchObject({ verdict: "reject" });
    expect(guard("write_measurement", { date: "2025-06-30", data: { weight_kg: 80 } })).toEqual({ verdict: "allow" });
  });

  test("an implausible jump from the last weight needs confirmation", () => {
    store.writeMeasurement({ date: "2025-06-01", data: { weight_kg: 80 } }, "k1");
    expect(guard("write_measurement", { date: "2025-06-30", data: { weight_kg: 82.4 } })).toEqual({ verdict: "allow" });
    expect(guard("write_measurement", { date: "2025-06-30", data: { weight_kg: 176 } })).toMatchObject({ verdict: "confirm" });
  });

  test("a range that ends before it starts, and a food listed twice, are refused", () => {
    expect(guard("get_measurements", { from: "2025-06-30", to: "2025-06-01", fields: null })).toMatchObject({ verdict: "reject" });
    expect(guard("log_meal", { date: "2025-06-30", meal: "cena", items: [{ name: "Pan", grams: 50 }, { name: "pan ", grams: 20 }] })).toMatchObject({ verdict: "reject" });
  });

  test("deleting an unknown id is refused; a known one needs confirmation, then runs once", async () => {
    const { id } = store.writeMeasurement({ date: "2025-06-01", data: { weight_kg: 80 } }, "k1");
    const dispatcher = createDispatcher(tools);
    const unknown = await dispatcher.dispatch("anthropic", anthropicCall("delete_measurement", { id: id + 1, confirmed: true }));
    expect(unknown.calls[0]).toMatchObject({ status: "rejected", stage: "guard", message: expect.stringContaining("no measurement with id") });
    const unconfirmed = await dispatcher.dispatch("anthropic", anthropicCall("delete_measurement", { id }));
    expect(unconfirmed.calls[0]).toMatchObject({ status: "needs-confirmation" });
    expect(store.hasMeasurement(id)).toBe(true);
    const confirmed = await dispatcher.dispatch("anthropic", anthropicCall("delete_measurement", { id, confirmed: true }, "toolu_2"));
    expect(confirmed.calls[0]).toMatchObject({ status: "executed", output: { deleted: id } });
    expect(store.hasMeasurement(id)).toBe(false);
  });

  test("a replayed write_measurement call (same call id) stores one row", async () => {
    const dispatcher = createDispatcher(tools);
    const call = anthropicCall("write_measurement", { date: "2025-06-30", data: { weight_kg: 80.2 } });
    const first = await dispatcher.dispatch("anthropic", call);
    const replay = await dispatcher.dispatch("anthropic", call);
    expect(first.calls[0]).toMatchObject({ status: "executed", output: { created: true } });
    expect(replay.calls[0]).toMatchObject({ status: "executed", output: { created: false } });
    expect(store.listMeasurements()).toHaveLength(1);
    expect(store.countMeals()).toBe(0);
  });
});

describe("measurement store", () => {
  test("keeps measurements intact across reopening, and filters by date range", () => {
    const file = join(dir, "reopen.sqlite");
    const first = openMeasurementStore(file);
    first.writeMeasurement({ date: "2025-03-02", data: { weight_kg: 82.4, note: "después de las fiestas" }, source: "tape" }, "a");
    first.writeMeasurement({ date: "2025-04-02", data: { body_fat_pct: 18.25 } }, "b");
    first.close();
    const again = openMeasurementStore(file);
    try {
      expect(again.listMeasurements()).toEqual([
        { id: 1, date: "2025-03-02", data: { weight_kg: 82.4, note: "después de las fiestas" }, source: "tape" },
        { id: 2, date: "2025-04-02", data: { body_fat_pct: 18.25 } },
      ]);
      expect(again.listMeasurements({ from: "2025-04-01", to: "2025-04-30" }).map((m) => m.id)).toEqual([2]);
    } finally {
      again.close();
    }
  });
});
