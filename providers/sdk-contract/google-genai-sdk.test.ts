// The official @google/genai SDK against the Gemini emulator: function calls plain and streamed
// (parametersJsonSchema under ANY), structured output through responseJsonSchema with zod's own
// toJSONSchema (draft-7 and 2020-12 targets, `$schema` included), ApiError carrying Gemini's message,
// retries on 429 and 503 (retryOptions), cut streams raising.
import { ApiError, FunctionCallingConfigMode, GoogleGenAI } from "@google/genai";
import { afterEach, describe, expect, test } from "vitest";
import { z } from "zod";
import { startEmulator, type RunningEmulators } from "../../src/index.js";

const Weather = z.object({ city: z.string(), unit: z.enum(["celsius", "fahrenheit"]) });
/** The emulated model answers with the prompt's last ```json block (held to the schema when constrained). */
const PROMPT = 'Weather in Paris?\n```json\n{"city":"Paris","unit":"celsius"}\n```';
const MODEL = "gemini-2.5-flash";
const running: RunningEmulators[] = [];
afterEach(async () => void (await Promise.all(running.splice(0).map((emulator) => emulator.close()))));

async function client(faults: string[] = [], attempts = 1): Promise<GoogleGenAI> {
  const emulator = await startEmulator({ provider: "google", faults });
  running.push(emulator);
  const retryOptions = { attempts, initialDelay: 0.01, maxDelay: 0.02 };
  return new GoogleGenAI({ apiKey: "gemini-test", httpOptions: { baseUrl: emulator.urls.google!.sdk, retryOptions } });
}

const weatherCall = {
  tools: [{ functionDeclarations: [{ name: "get_weather", parametersJsonSchema: z.toJSONSchema(Weather) }] }],
  toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.ANY } },
};

describe("@google/genai", () => {
  test("a function call under ANY comes back with args as an object, and usage metadata", async () => {
    const ai = await client();
    const response = await ai.models.generateContent({ model: MODEL, contents: PROMPT, config: weatherCall });
    expect(response.functionCalls?.[0]).toMatchObject({ name: "get_weather", args: { city: "Paris", unit: "celsius" } });
    expect(response.usageMetadata?.totalTokenCount).toBeGreaterThan(0);
  });

  test("a streamed function call arrives in the chunks", async () => {
    const ai = await client();
    const calls = [];
    for await (const chunk of await ai.models.generateContentStream({ model: MODEL, contents: PROMPT, config: weatherCall })) calls.push(...(chunk.functionCalls ?? []));
    expect(calls).toEqual([expect.objectContaining({ name: "get_weather", args: { city: "Paris", unit: "celsius" } })]);
  });

  test.each([["draft-7"], ["draft-2020-12"]] as const)("responseJsonSchema from z.toJSONSchema (%s target, $schema included) parses", async (target) => {
    const ai = await client();
    const schema = z.toJSONSchema(Weather, { target });
    expect(schema.$schema).toBeDefined();
    const response = await ai.models.generateContent({ model: MODEL, contents: PROMPT, config: { responseMimeType: "application/json", responseJsonSchema: schema } });
    expect(Weather.parse(JSON.parse(response.text ?? ""))).toEqual({ city: "Paris", unit: "celsius" });
  });

  test("streamed structured output concatenates to the value", async () => {
    const ai = await client();
    let text = "";
    const config = { responseMimeType: "application/json", responseJsonSchema: z.toJSONSchema(Weather, { target: "draft-7" }) };
    for await (const chunk of await ai.models.generateContentStream({ model: MODEL, contents: PROMPT, config })) text += chunk.text ?? "";
    expect(JSON.parse(text)).toEqual({ city: "Paris", unit: "celsius" });
  });

  test("a schema Gemini refuses is an ApiError 400 carrying Gemini's text", async () => {
    const ai = await client();
    // exclusiveMinimum is no field of the OpenAPI-dialect Schema proto: refused as unknown (providers.md 3.2).
    const responseSchema = { type: "OBJECT", properties: { city: { type: "STRING" }, temperature: { type: "NUMBER", exclusiveMinimum: -274 } } };
    const config = { responseMimeType: "application/json", responseSchema };
    const error = (await ai.models.generateContent({ model: MODEL, contents: PROMPT, config }).catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    // The SDK's ApiError message is the error body as sent.
    expect((JSON.parse(error.message) as { error: { message: string } }).error.message).toBe(`Invalid JSON payload received. Unknown name "exclusiveMinimum" at 'generation_config.response_schema.properties[1].value': Cannot find field.`);
  });

  test.each([["429:0@1"], ["503@1"], ["500@1-2"]])("%s: retryOptions retry and succeed", async (fault) => {
    const ai = await client([fault], 3);
    const response = await ai.models.generateContent({ model: MODEL, contents: PROMPT, config: weatherCall });
    expect(response.functionCalls).toHaveLength(1);
  });

  test("a 429 without retries is an ApiError with status 429", async () => {
    const ai = await client(["429"]);
    const error = (await ai.models.generateContent({ model: MODEL, contents: PROMPT }).catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(429);
  });

  test("refusal: the candidate finishes with SAFETY and no text", async () => {
    const ai = await client(["refusal"]);
    const response = await ai.models.generateContent({ model: MODEL, contents: PROMPT, config: { responseMimeType: "application/json", responseJsonSchema: z.toJSONSchema(Weather) } });
    expect(response.candidates?.[0]?.finishReason).toBe("SAFETY");
    expect(response.text).toBeUndefined();
  });

  test.each([["truncate"], ["stream-error"]])("a stream with %s raises", async (fault) => {
    const ai = await client([fault]);
    const config = { responseMimeType: "application/json", responseJsonSchema: z.toJSONSchema(Weather) };
    const read = async () => {
      for await (const _chunk of await ai.models.generateContentStream({ model: MODEL, contents: PROMPT, config })) void _chunk;
    };
    await expect(read()).rejects.toThrow();
  });
});
