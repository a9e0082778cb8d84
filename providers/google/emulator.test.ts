import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator } from "../emulator/emulator-start.js";
import type { EmulatorHandle } from "../emulator/emulator-types.js";
import { answerValue, roundTrip } from "../test-support/emulator-round-trip.js";
import { GOOGLE_MISSING_KEY } from "./emulator-errors.js";

/** The OpenAPI dialect (`responseSchema`, `parameters`): upper-case types, no additionalProperties. */
const openApiSchema = {
  type: "OBJECT",
  properties: { name: { type: "STRING" }, count: { type: "INTEGER", minimum: 1, maximum: 5 } },
  required: ["name", "count"],
};
const jsonSchema = {
  type: "object",
  properties: { name: { type: "string", pattern: "^[a-z]+$" }, count: { type: "integer", minimum: 1, maximum: 5 } },
  required: ["name", "count"],
};

const MODES = [
  ["generate.responseSchema", openApiSchema, "structured"],
  ["generate.responseJsonSchema", jsonSchema, "structured"],
  ["generate.functionDeclarations.parameters", openApiSchema, "tool-calls"],
  ["generate.functionDeclarations.parametersJsonSchema", jsonSchema, "tool-calls"],
] as const;

let emulator: EmulatorHandle;
beforeAll(async () => {
  emulator = await startEmulator({ provider: "google" });
});
afterAll(async () => {
  await emulator.close();
});

const trip = (mode: string, schema: unknown, value: unknown, stream: boolean) =>
  roundTrip({ provider: "google", baseUrl: emulator.baseUrl, mode, schema, value, stream });

describe.each([false, true])("google emulator (stream: %s)", (stream) => {
  test.each(MODES)("%s: a valid value comes back unchanged", async (mode, schema, kind) => {
    const exchange = await trip(mode, schema, { name: "abc", count: 2 }, stream);
    expect(exchange.parsed?.answer.kind).toBe(kind);
    expect(answerValue(exchange.parsed?.answer)).toEqual({ name: "abc", count: 2 });
    expect(exchange.parsed?.finishReason).toBe("STOP");
  });

  test.each(MODES.filter(([mode]) => !mode.endsWith("parametersJsonSchema")))("%s: an enforced maximum is held", async (mode, schema) => {
    const exchange = await trip(mode, schema, { name: "abc", count: 50 }, stream);
    expect(answerValue(exchange.parsed?.answer)).toEqual({ name: "abc", count: 5 });
  });

  test("generate.responseJsonSchema: an ignored pattern lets the violating value through", async () => {
    const exchange = await trip("generate.responseJsonSchema", jsonSchema, { name: "NOT LOWER", count: 2 }, stream);
    expect(answerValue(exchange.parsed?.answer)).toEqual({ name: "NOT LOWER", count: 2 });
  });

  test.each([
    ["generate.responseSchema", "generation_config.response_schema.properties[0].value"],
    ["generate.functionDeclarations.parameters", "tools[0].function_declarations[0].parameters.properties[0].value"],
  ])("%s: an unknown OpenAPI field is refused at parse, naming its proto path", async (mode, path) => {
    const withExtra = { ...openApiSchema, properties: { ...openApiSchema.properties, name: { type: "STRING", additionalProperties: false } } };
    const exchange = await trip(mode, withExtra, { name: "abc", count: 2 }, stream);
    expect(exchange.parsed?.answer).toEqual({
      kind: "error",
      status: 400,
      errorType: "INVALID_ARGUMENT",
      message: `Invalid JSON payload received. Unknown name "additionalProperties" at '${path}': Cannot find field.`,
    });
  });
});

describe("google emulator: request handling", () => {
  test("a type array in the OpenAPI dialect is the proto list error", async () => {
    const union = { type: "OBJECT", properties: { name: { type: ["STRING", "NULL"] } }, required: ["name"] };
    const exchange = await trip("generate.responseSchema", union, { name: "a" }, false);
    expect(exchange.parsed?.answer).toMatchObject({
      kind: "error",
      message: `Invalid JSON payload received. Unknown name "type" at 'generation_config.response_schema.properties[0].value': Proto field is not repeating, cannot start list.`,
    });
  });

  test("a non-object function schema is refused with the Vertex-style text", async () => {
    const exchange = await trip("generate.functionDeclarations.parameters", { type: "STRING" }, "x", false);
    expect(exchange.parsed?.answer).toMatchObject({
      kind: "error",
      message: "Unable to submit request because record_answer functionDeclaration parameters schema should be of type OBJECT",
    });
  });

  test("a missing key is Google's 403 for unregistered callers", async () => {
    const exchange = await roundTrip({ provider: "google", baseUrl: emulator.baseUrl, mode: "generate.responseJsonSchema", schema: jsonSchema, value: {}, apiKey: null });
    expect(exchange.parsed?.answer).toEqual({ kind: "error", status: 403, errorType: "PERMISSION_DENIED", message: GOOGLE_MISSING_KEY });
  });

  test("a key outside the configured ones is API_KEY_INVALID", async () => {
    const guarded = await startEmulator({ provider: "google", apiKeys: ["right"] });
    try {
      const exchange = await roundTrip({ provider: "google", baseUrl: guarded.baseUrl, mode: "generate.responseJsonSchema", schema: jsonSchema, value: {}, apiKey: "wrong" });
      expect(exchange.parsed?.answer).toMatchObject({ kind: "error", status: 400, errorType: "INVALID_ARGUMENT", message: "API key not valid. Please pass a valid API key." });
    } finally {
      await guarded.close();
    }
  });

  test("the model in the URL is the model reported back", async () => {
    const exchange = await roundTrip({ provider: "google", baseUrl: emulator.baseUrl, mode: "generate.responseJsonSchema", schema: jsonSchema, value: { name: "a", count: 1 }, model: "gemini-2.0-flash" });
    expect(exchange.parsed?.model).toBe("gemini-2.0-flash");
    expect(emulator.requests.at(-1)?.path).toBe("/v1beta/models/gemini-2.0-flash:generateContent");
  });

  test("arguments that are not an object cannot be a function call (unconstrained model)", async () => {
    const loose = await startEmulator({ provider: "google", profile: { "generate.functionDeclarations.parametersJsonSchema": { "type:object": "ignored" } } });
    try {
      const exchange = await roundTrip({
        provider: "google",
        baseUrl: loose.baseUrl,
        mode: "generate.functionDeclarations.parametersJsonSchema",
        schema: { type: "object" },
        prompt: "Reply with\n```json\n[1, 2]\n```",
      });
      expect(exchange.parsed?.answer).toMatchObject({ kind: "error", status: 200, errorType: "MALFORMED_FUNCTION_CALL" });
    } finally {
      await loose.close();
    }
  });

  test("under constraint the same request becomes a conforming call", async () => {
    const exchange = await roundTrip({
      provider: "google",
      baseUrl: emulator.baseUrl,
      mode: "generate.functionDeclarations.parametersJsonSchema",
      schema: { type: "object" },
      prompt: "Reply with\n```json\n[1, 2]\n```",
    });
    expect(answerValue(exchange.parsed?.answer)).toEqual({});
    expect(emulator.requests.at(-1)?.decoding).toBe("repaired");
  });
});
