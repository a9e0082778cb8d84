// Guards: OpenAI strict's string-length limits (providers.md 1.4) are emulated. "total string length of
// all property names, definition names, enum values, and const values cannot exceed 120,000 characters"
// and "For a single enum property with string values, the total string length of all enum values
// cannot exceed 15,000 characters when there are more than 250 enum values."
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { measureLimits } from "./emulator-limit-measures.js";
import { startEmulator } from "../emulator-start.js";
import type { EmulatorHandle } from "../emulator-types.js";
import { roundTrip } from "../../test-support/emulator-round-trip.js";

describe("measureLimits", () => {
  test("counts property names, definition names, string enum and const values; not descriptions or other values", () => {
    const schema = {
      type: "object",
      description: "not counted",
      properties: { ab: { type: "string", enum: ["xyz", 7, null] }, c: { $ref: "#/$defs/def" }, é: { type: "string", const: "12345" } },
      $defs: { def: { type: "integer", const: 5, title: "not counted" } },
    };
    // ab c é = 4, def = 3, xyz = 3, 12345 = 5 (code points: é is one)
    expect(measureLimits(schema).totalStringLength).toBe(15);
  });

  test("a large enum's length counts only past 250 values", () => {
    const values = (count: number, length: number) => Array.from({ length: count }, (_, index) => String(index).padStart(length, "x"));
    expect(measureLimits({ enum: values(250, 100) }).largeEnumStringLength).toBe(0);
    expect(measureLimits({ enum: values(251, 100) }).largeEnumStringLength).toBe(25_100);
  });
});

/** One property `s` (one character) and an enum carrying the rest, under 250 values of at most 1000 characters. */
function schemaOfLength(total: number): object {
  const values: string[] = [];
  for (let left = total - 1, index = 0; left > 0; index += 1, left -= 1000) values.push(`${index}-`.padEnd(Math.min(1000, left), "x"));
  return { type: "object", properties: { s: { type: "string", enum: values } }, required: ["s"], additionalProperties: false };
}

/** `count` distinct values of `length` characters in one enum. */
function largeEnum(count: number, length: number): object {
  const values = Array.from({ length: count }, (_, index) => `${index}-`.padEnd(length, "x"));
  return { type: "object", properties: { e: { type: "string", enum: values } }, required: ["e"], additionalProperties: false };
}

describe("OpenAI strict emulator", () => {
  let emulator: EmulatorHandle;
  beforeAll(async () => {
    emulator = await startEmulator({ provider: "openai" });
  });
  afterAll(async () => {
    await emulator.close();
  });

  const send = (mode: string, schema: object) => roundTrip({ provider: "openai", baseUrl: emulator.baseUrl, mode, schema, value: {}, maxTokens: 16 });
  const messageOf = async (mode: string, schema: object): Promise<string | null> => {
    const answer = (await send(mode, schema)).parsed?.answer;
    return answer?.kind === "error" ? answer.message : null;
  };

  test.each(["chat.response_format.strict", "responses.tools.strict"])("%s: 120,000 characters are taken, 120,001 refused", async (mode) => {
    expect(await messageOf(mode, schemaOfLength(120_000))).toBeNull();
    expect(await messageOf(mode, schemaOfLength(120_001))).toMatch(/^Invalid schema for (response_format|function) 'record_answer': Expected at most 120000 characters .* but received 120001\./);
    expect(emulator.requests.at(-1)!.outcome).toBe("rejected:limit:total-string-length");
  });

  test("the non-strict mode has no such limit", async () => {
    expect(await messageOf("chat.response_format", schemaOfLength(130_000))).toBeNull();
  });

  test("one enum of more than 250 values may total 15,000 characters, not more", async () => {
    expect(await messageOf("chat.tools.strict", largeEnum(300, 50))).toBeNull();
    expect(await messageOf("chat.tools.strict", largeEnum(300, 51))).toMatch(/Expected at most 15000 characters .* single enum with more than 250 values .* but received 15300\./);
    expect(emulator.requests.at(-1)!.outcome).toBe("rejected:limit:enum-size");
  });

  test("250 values of more than 15,000 characters in all are not a large enum", async () => {
    expect(await messageOf("chat.tools.strict", largeEnum(250, 61))).toBeNull();
  });
});
