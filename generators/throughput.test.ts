// Prints generation speed per catalog schema (values/s); asserts only that every sample completed.
// The differential benchmark aims at 150k cases/s on 2 workers and is bound by generation.
import { describe, it } from "vitest";
import { loadCatalogs } from "../src/schema/load-catalog.js";
import { fakerValue } from "./faker-value.js";
import { nearMiss } from "./near-miss.js";
import { measureThroughput } from "./test-support/laws.js";
import { validValue } from "./valid-value.js";

const declared = await loadCatalogs(["suites/catalogs"]);

describe("throughput on the catalogs (printed, not asserted)", () => {
  it("measures validValue, nearMiss and fakerValue", () => {
    const rows: string[] = [];
    const totals = { valid: 0, nearMiss: 0 };
    for (const { id, schema } of declared) {
      const valid = measureThroughput(validValue(schema), 5000);
      const near = measureThroughput(nearMiss(schema), 3000);
      const faker = measureThroughput(fakerValue(schema), 200);
      totals.valid += 1 / valid;
      totals.nearMiss += 1 / near;
      rows.push(`${id.padEnd(42)} ${String(valid).padStart(8)} ${String(near).padStart(8)} ${String(faker).padStart(8)}`);
    }
    const harmonic = (sum: number) => Math.round(declared.length / sum);
    console.log([`${"schema".padEnd(42)} ${"valid/s".padStart(8)} ${"near/s".padStart(8)} ${"faker/s".padStart(8)}`, ...rows, `harmonic mean: validValue ${harmonic(totals.valid)}/s, nearMiss ${harmonic(totals.nearMiss)}/s`].join("\n"));
  }, 300_000);
});
