// The xAI emulator (openai-compatible with the xai sub-profile) refuses exactly the 400s xAI documents
// and holds bounds only up to its guaranteed sizes; past them the emulated model is not held to them.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator } from "../emulator/emulator-start.js";
import type { EmulatorHandle } from "../emulator/emulator-types.js";
import { answerValue, roundTrip } from "../test-support/emulator-round-trip.js";

let emulator: EmulatorHandle;
beforeAll(async () => {
  emulator = await startEmulator({ provider: "openai-compatible", profile: "xai" });
});
afterAll(async () => emulator.close());

const closed = (properties: Record<string, unknown>) => ({ type: "object", properties, required: Object.keys(properties), additionalProperties: false });
const trip = (schema: unknown, value: unknown, mode = "chat.response_format.strict") => roundTrip({ provider: "openai-compatible", baseUrl: emulator.baseUrl, mode, schema, value, apiKey: null });

describe("xAI emulator: documented 400s, one per case", () => {
  test.each([
    ["empty enum", { v: { type: "string", enum: [] } }, "rejected:enum"],
    ["empty anyOf", { v: { anyOf: [] } }, "rejected:anyOf"],
    ["empty oneOf", { v: { oneOf: [] } }, "rejected:oneOf"],
    ["boolean property schema", { v: true }, "rejected:properties"],
    ["array-form items", { v: { type: "array", items: [{ type: "string" }] } }, "rejected:items"],
    ["minContains", { v: { type: "array", items: { type: "string" }, contains: { const: "a" }, minContains: 1 } }, "rejected:contains"],
    ["maxContains", { v: { type: "array", items: { type: "string" }, contains: { const: "a" }, maxContains: 1 } }, "rejected:contains"],
  ])("%s: HTTP 400", async (_name, properties, outcome) => {
    for (const mode of ["chat.response_format.strict", "chat.tools"]) {
      const exchange = await trip(closed(properties), { v: "x" }, mode);
      expect(exchange.parsed?.answer).toMatchObject({ kind: "error", status: 400 });
      // Draft 2020-12's meta-schema already refuses an empty enum/anyOf/oneOf and array-form items.
      expect([outcome, "invalid-schema"]).toContain(emulator.requests.at(-1)?.outcome);
    }
  });

  test("draft-07, whose meta-schema allows them, still gets the 400 from the rule", async () => {
    const draft07 = (properties: Record<string, unknown>) => ({ $schema: "http://json-schema.org/draft-07/schema#", ...closed(properties) });
    await trip(draft07({ v: { type: "array", items: [{ type: "string" }] } }), { v: ["x"] });
    expect(emulator.requests.at(-1)?.outcome).toBe("rejected:items");
  });

  test("contains without bounds and a non-empty enum are answered", async () => {
    const exchange = await trip(closed({ e: { type: "string", enum: ["a"] }, c: { type: "array", items: { type: "string" }, contains: { const: "a" } } }), { e: "a", c: ["a"] });
    expect(answerValue(exchange.parsed?.answer)).toEqual({ e: "a", c: ["a"] });
  });
});

describe("xAI emulator: guaranteed sizes", () => {
  test("maxLength within 2,048 is held (the answer is repaired)", async () => {
    const exchange = await trip(closed({ s: { type: "string", maxLength: 3 } }), { s: "abcdef" });
    expect((answerValue(exchange.parsed?.answer) as { s: string }).s.length).toBeLessThanOrEqual(3);
  });

  test("past the guarantee a bound is best effort: not refused, the emulated model not held to it", async () => {
    const long = "a".repeat(2100);
    const strings = await trip(closed({ s: { type: "string", minLength: 2050, maxLength: 2060 } }), { s: long });
    expect(answerValue(strings.parsed?.answer)).toEqual({ s: long });
    const items = Array.from({ length: 10 }, (_, i) => `i${i}`);
    const arrays = await trip(closed({ l: { type: "array", items: { type: "string" }, minItems: 300 } }), { l: items });
    expect(answerValue(arrays.parsed?.answer)).toEqual({ l: items });
  });
});
