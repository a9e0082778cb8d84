// Guards: a refusal for `keyword:other` names the keyword actually found in the schema (`Unknown name
// "$schema"`), never the taxonomy id (`Unknown name "keyword:other"`).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { policiesFrom } from "./emulator-profile-policy.js";
import { decideSchema } from "./emulator-schema-decision.js";
import { startEmulator } from "../emulator-start.js";
import type { EmulatorHandle } from "../emulator-types.js";
import { roundTrip } from "../../test-support/emulator-round-trip.js";

const refusing = policiesFrom("openai-compatible", { m: { "keyword:other": { status: "rejected", error: "no <kw> here" } } }).get("m")!;

describe("decideSchema: keyword:other refused", () => {
  test("names the root's $schema", () => {
    const decision = decideSchema({ $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", properties: {} }, refusing);
    expect(decision).toMatchObject({ kind: "reject", rejection: { feature: "keyword:other", path: "", keyword: "$schema" } });
  });

  test("names a nested vendor keyword at its place", () => {
    const schema = { type: "object", properties: { label: { type: "string", "x-unknown-rule": "lower case only" } } };
    expect(decideSchema(schema, refusing)).toMatchObject({ kind: "reject", rejection: { path: "/properties/label", keyword: "x-unknown-rule" } });
  });
});

describe("Gemini OpenAPI dialect: the Unknown name error", () => {
  let emulator: EmulatorHandle;
  beforeAll(async () => {
    emulator = await startEmulator({ provider: "google" });
  });
  afterAll(async () => {
    await emulator.close();
  });

  const errorOf = async (mode: string, schema: unknown): Promise<string> => {
    const exchange = await roundTrip({ provider: "google", baseUrl: emulator.baseUrl, mode, schema, value: { label: "a" } });
    const answer = exchange.parsed?.answer;
    return answer?.kind === "error" ? answer.message : `not refused: ${JSON.stringify(answer)}`;
  };

  test.each([
    ["generate.responseSchema", "generation_config.response_schema"],
    ["generate.functionDeclarations.parameters", "tools[0].function_declarations[0].parameters"],
  ])("%s names $schema and x-unknown-rule, never the feature id", async (mode, base) => {
    const withSchema = { $schema: "https://json-schema.org/draft/2020-12/schema", type: "OBJECT", properties: { label: { type: "STRING" } } };
    expect(await errorOf(mode, withSchema)).toBe(`Invalid JSON payload received. Unknown name "$schema" at '${base}': Cannot find field.`);
    const withVendor = { type: "OBJECT", properties: { label: { type: "STRING", "x-unknown-rule": "lower case only" } } };
    const message = await errorOf(mode, withVendor);
    expect(message).toBe(`Invalid JSON payload received. Unknown name "x-unknown-rule" at '${base}.properties[0].value': Cannot find field.`);
    expect(message).not.toContain("keyword:other");
  });
});
