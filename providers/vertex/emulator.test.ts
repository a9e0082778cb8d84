import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator } from "../emulator/emulator-start.js";
import type { EmulatorHandle } from "../emulator/emulator-types.js";
import { bodyTooLargeReply } from "../emulator/emulator-request-limits.js";
import { answerValue, roundTrip } from "../test-support/emulator-round-trip.js";
import { VERTEX_MISSING_CREDENTIAL } from "./emulator-errors.js";

const jsonSchema = { type: "object", properties: { city: { type: "string" }, days: { type: "integer", minimum: 1, maximum: 7 } }, required: ["city", "days"] };
/** additionalProperties is a field of Vertex's OpenAPI Schema, not of the Gemini API's. */
const openApiClosed = { type: "OBJECT", properties: { city: { type: "STRING" } }, required: ["city"], additionalProperties: false };
const VALUE = { city: "Paris", days: 3 };

let vertex: EmulatorHandle;
let gemini: EmulatorHandle;
beforeAll(async () => {
  [vertex, gemini] = await Promise.all([startEmulator({ provider: "vertex" }), startEmulator({ provider: "google" })]);
});
afterAll(async () => {
  await Promise.all([vertex.close(), gemini.close()]);
});

const post = (path: string, headers: Record<string, string>, body: unknown = { contents: [{ role: "user", parts: [{ text: "hi" }] }] }) =>
  fetch(`${vertex.origin}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

describe.each([false, true])("vertex emulator through the wire adapter (stream: %s)", (stream) => {
  test.each([
    ["generate.responseJsonSchema", jsonSchema, "structured"],
    ["generate.responseFormat", jsonSchema, "structured"],
    ["generate.functionDeclarations.parametersJsonSchema.any", jsonSchema, "tool-calls"],
    ["generate.responseSchema", openApiClosed, "structured"],
  ] as const)("%s answers with the prompt's value", async (mode, schema, kind) => {
    const value = mode === "generate.responseSchema" ? { city: "Paris" } : VALUE;
    const exchange = await roundTrip({ provider: "vertex", baseUrl: vertex.baseUrl, mode, schema, value, stream });
    expect(exchange.parsed?.answer.kind).toBe(kind);
    expect(answerValue(exchange.parsed?.answer)).toEqual(value);
  });
});

describe("vertex emulator: where Vertex differs from the Gemini API", () => {
  test("responseFormat is read on Vertex and refused by the Gemini API as an unknown field", async () => {
    const onVertex = await roundTrip({ provider: "vertex", baseUrl: vertex.baseUrl, mode: "generate.responseFormat", schema: jsonSchema, value: VALUE });
    expect(vertex.requests.at(-1)).toMatchObject({ mode: "generate.responseFormat", outcome: "answered" });
    expect(onVertex.outcome.kind === "response" && onVertex.outcome.response.status).toBe(200);
    const body = { contents: [{ parts: [{ text: "hi" }] }], generationConfig: { responseFormat: [{ text: { mimeType: "application/json", schema: jsonSchema } }] } };
    const refused = await fetch(`${gemini.origin}/v1beta/models/gemini-2.5-flash:generateContent`, { method: "POST", headers: { "content-type": "application/json", "x-goog-api-key": "k" }, body: JSON.stringify(body) });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(`Invalid JSON payload received. Unknown name "responseFormat" at 'generation_config': Cannot find field.`);
  });

  test("additionalProperties in the OpenAPI dialect: accepted on Vertex, an unknown name on the Gemini API", async () => {
    const onVertex = await roundTrip({ provider: "vertex", baseUrl: vertex.baseUrl, mode: "generate.responseSchema", schema: openApiClosed, value: { city: "Paris" } });
    expect(onVertex.parsed?.answer.kind).toBe("structured");
    const onGemini = await roundTrip({ provider: "google", baseUrl: gemini.baseUrl, mode: "generate.responseSchema", schema: openApiClosed, value: { city: "Paris" } });
    expect(onGemini.parsed?.answer).toMatchObject({ kind: "error", status: 400 });
  });

  test("an OBJECT parameter without properties: refused by the Gemini API only", async () => {
    const empty = { type: "OBJECT", properties: { options: { type: "OBJECT" } } };
    const onVertex = await roundTrip({ provider: "vertex", baseUrl: vertex.baseUrl, mode: "generate.functionDeclarations.parameters", schema: empty, value: { options: {} } });
    expect(onVertex.parsed?.answer.kind).toBe("tool-calls");
    const onGemini = await roundTrip({ provider: "google", baseUrl: gemini.baseUrl, mode: "generate.functionDeclarations.parameters", schema: empty, value: { options: {} } });
    expect(onGemini.parsed?.answer).toMatchObject({ kind: "error", status: 400 });
  });

  test("a refused enum names the aiplatform proto package", async () => {
    const body = { contents: [{ parts: [{ text: "hi" }] }], tools: [{ functionDeclarations: [{ name: "f", parametersJsonSchema: jsonSchema }] }], toolConfig: { functionCallingConfig: { mode: "SOMETIMES" } } };
    const reply = await post("/v1/publishers/google/models/gemini-2.5-flash:generateContent", { "x-goog-api-key": "k" }, body);
    expect(reply.status).toBe(400);
    expect(JSON.stringify(await reply.json())).toContain("type.googleapis.com/google.cloud.aiplatform.v1.FunctionCallingConfig.Mode");
  });
});

describe("vertex emulator: paths and credentials", () => {
  test.each([
    ["/v1/projects/p1/locations/us-central1/publishers/google/models/gemini-2.5-flash:generateContent", { authorization: "Bearer ya29.any" }],
    ["/v1beta1/projects/p1/locations/global/publishers/google/models/gemini-2.5-flash:generateContent", { authorization: "Bearer ya29.any" }],
    ["/v1/publishers/google/models/gemini-2.5-flash:generateContent", { "x-goog-api-key": "express-key" }],
    ["/v1/publishers/google/models/gemini-2.5-flash:generateContent?key=express-key", {}],
  ])("%s answers", async (path, headers) => {
    expect((await post(path, headers)).status).toBe(200);
  });

  test("no credential: 401 UNAUTHENTICATED in Google's words; a Gemini API path is not Vertex's", async () => {
    const missing = await post("/v1/projects/p1/locations/us-central1/publishers/google/models/gemini-2.5-flash:generateContent", {});
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ error: { code: 401, status: "UNAUTHENTICATED", message: VERTEX_MISSING_CREDENTIAL } });
    expect((await post("/v1beta/models/gemini-2.5-flash:generateContent", { authorization: "Bearer t" })).status).toBe(404);
  });

  test("with a key list: a wrong token is 401, a wrong express key is 400 API_KEY_INVALID; neither is recorded", async () => {
    const strict = await startEmulator({ provider: "vertex", apiKeys: ["ya29.right-token"] });
    try {
      const url = `${strict.origin}/v1/projects/p1/locations/us-central1/publishers/google/models/m:generateContent`;
      const send = (headers: Record<string, string>) => fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify({ contents: [{ parts: [{ text: "hi" }] }] }) });
      expect((await send({ authorization: "Bearer ya29.right-token" })).status).toBe(200);
      const wrongToken = await send({ authorization: "Bearer ya29.wrong-token" });
      expect(wrongToken.status).toBe(401);
      expect(((await wrongToken.json()) as { error: { message: string } }).error.message).toMatch(/^Request had invalid authentication credentials\./);
      const wrongKey = await send({ "x-goog-api-key": "wrong-express-key" });
      expect(wrongKey.status).toBe(400);
      expect(JSON.stringify(await wrongKey.json())).toContain("API_KEY_INVALID");
      const recorded = JSON.stringify(strict.requests);
      for (const secret of ["ya29.right-token", "ya29.wrong-token", "wrong-express-key"]) expect(recorded).not.toContain(secret);
    } finally {
      await strict.close();
    }
  });

  test("a body over the bound gets Vertex's 400 in the google.rpc shape", () => {
    expect(bodyTooLargeReply("vertex", 1024)).toEqual({ status: 400, body: { error: { code: 400, message: "Request payload size exceeds the limit: 1024 bytes.", status: "INVALID_ARGUMENT" } } });
  });
});
