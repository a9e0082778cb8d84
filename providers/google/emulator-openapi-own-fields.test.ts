// Guards: Gemini's OpenAPI dialect (responseSchema, functionDeclarations[].parameters) takes its own
// fields (providers.md 3.2: `nullable`, `propertyOrdering`, `example`, its formats) although its
// `keyword:other` cell is `rejected`; only a keyword outside its field list is refused.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator } from "../emulator/emulator-start.js";
import type { EmulatorHandle } from "../emulator/emulator-types.js";
import { loadProfiles } from "../profiles/load-profiles.js";
import { answerValue, roundTrip } from "../test-support/emulator-round-trip.js";

const OPENAPI_MODES = ["generate.responseSchema", "generate.functionDeclarations.parameters"] as const;

const ownFields = {
  type: "OBJECT",
  properties: {
    name: { type: "STRING", example: "Ada", nullable: true },
    born: { type: "STRING", format: "date-time" },
    kind: { type: "STRING", format: "enum", enum: ["cat", "dog"] },
    count: { type: "INTEGER", format: "int32" },
  },
  required: ["name", "born", "kind", "count"],
  propertyOrdering: ["name", "born", "kind", "count"],
};
const value = { name: null, born: "2026-01-01T00:00:00Z", kind: "cat", count: 3 };

let emulator: EmulatorHandle;
beforeAll(async () => {
  emulator = await startEmulator({ provider: "google" });
});
afterAll(async () => {
  await emulator.close();
});

describe.each(OPENAPI_MODES)("%s", (mode) => {
  test("the documented profile refuses keywords outside the taxonomy here", () => {
    const google = loadProfiles().find((profile) => profile.provider === "google")!;
    expect(google.modes.find((known) => known.mode === mode)!.features["keyword:other"]!.status).toBe("rejected");
  });

  test("nullable, propertyOrdering, example and the dialect's formats are accepted, and nullable holds", async () => {
    const exchange = await roundTrip({ provider: "google", baseUrl: emulator.baseUrl, mode, schema: ownFields, value });
    expect(answerValue(exchange.parsed?.answer)).toEqual(value);
    expect(emulator.requests.at(-1)!.outcome).toBe("answered");
  });

  test("a keyword outside Gemini's fields beside them is still refused, by its name", async () => {
    const schema = { ...ownFields, properties: { ...ownFields.properties, name: { ...ownFields.properties.name, "x-kind": "person" } } };
    const exchange = await roundTrip({ provider: "google", baseUrl: emulator.baseUrl, mode, schema, value });
    const answer = exchange.parsed?.answer;
    expect(answer?.kind).toBe("error");
    expect(answer?.kind === "error" && answer.message).toMatch(/^Invalid JSON payload received\. Unknown name "x-kind" at '.*properties\[0\]\.value': Cannot find field\.$/);
  });
});

test("the JSON Schema dialect gives `nullable` no standing: there it is an ignored keyword:other", async () => {
  const exchange = await roundTrip({ provider: "google", baseUrl: emulator.baseUrl, mode: "generate.responseJsonSchema", schema: { type: "object", properties: { n: { type: "string", nullable: true } } }, value: { n: "a" } });
  expect(answerValue(exchange.parsed?.answer)).toEqual({ n: "a" });
  expect(emulator.requests.at(-1)!.features).toContain("keyword:other");
});
