// The real clients of the OpenAI-compatible providers (@ai-sdk/xai, @ai-sdk/groq, @ai-sdk/mistral,
// @ai-sdk/deepseek, @openrouter/ai-sdk-provider, groq-sdk, @mistralai/mistralai) against the
// OpenAI-compatible emulator behaving as each provider's sub-profile, on loopback: a forced tool call
// and a structured answer come back parsed, and a schema the sub-profile refuses surfaces as the
// client's own 400 error carrying the emulator's text.
import { createDeepSeek } from "@ai-sdk/deepseek";
import { createGroq } from "@ai-sdk/groq";
import { createMistral } from "@ai-sdk/mistral";
import { createXai } from "@ai-sdk/xai";
import { Mistral } from "@mistralai/mistralai";
import { createOpenRouter } from "@openrouter/ai-sdk-provider";
import { APICallError, generateObject, generateText, jsonSchema, tool, type LanguageModel } from "ai";
import Groq from "groq-sdk";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { startEmulator } from "../emulator/emulator-start.js";
import type { EmulatorHandle } from "../emulator/emulator-types.js";

const Weather = z.object({ city: z.string(), unit: z.enum(["celsius", "fahrenheit"]) });
const PARIS = { city: "Paris", unit: "celsius" };
const PROMPT = `Weather in Paris?\n\`\`\`json\n${JSON.stringify(PARIS)}\n\`\`\``;
const WEATHER_SCHEMA = { type: "object", properties: { city: { type: "string" }, unit: { type: "string", enum: ["celsius", "fahrenheit"] } }, required: ["city", "unit"], additionalProperties: false };

const VARIANTS = ["xai", "groq", "mistral", "deepseek", "openrouter"] as const;
type Variant = (typeof VARIANTS)[number];
const emulators: Partial<Record<Variant, EmulatorHandle>> = {};

beforeAll(async () => {
  const started = await Promise.all(VARIANTS.map((variant) => startEmulator({ provider: "openai-compatible", profile: variant })));
  VARIANTS.forEach((variant, index) => (emulators[variant] = started[index]));
});
afterAll(async () => {
  await Promise.all(Object.values(emulators).map((handle) => handle!.close()));
});

const base = (variant: Variant): string => emulators[variant]!.urls.aiSdk;

const AI_SDK_MODELS: Readonly<Record<Variant, () => LanguageModel>> = {
  xai: () => createXai({ baseURL: base("xai"), apiKey: "xai-test" }).chat("grok-4"),
  groq: () => createGroq({ baseURL: base("groq"), apiKey: "gsk-test" })("moonshotai/kimi-k2-instruct"),
  mistral: () => createMistral({ baseURL: base("mistral"), apiKey: "mistral-test" })("mistral-large-latest"),
  deepseek: () => createDeepSeek({ baseURL: base("deepseek"), apiKey: "sk-test" })("deepseek-chat"),
  openrouter: () => createOpenRouter({ baseURL: base("openrouter"), apiKey: "sk-or-test" }).chat("openai/gpt-4o"),
};

const tools = { get_weather: tool({ description: "The weather in a city", inputSchema: Weather }) };

describe.each(VARIANTS)("ai SDK provider for %s against its sub-profile's emulator", (variant) => {
  test("generateText: a required tool call comes back with its input", async () => {
    const result = await generateText({ model: AI_SDK_MODELS[variant](), prompt: PROMPT, tools, toolChoice: "required", maxRetries: 0 });
    expect(result.toolCalls.map((call) => [call.toolName, call.input])).toEqual([["get_weather", PARIS]]);
  });

  // DeepSeek has no json_schema mode (JSON output is json_object only): nothing to hold an object to.
  test.skipIf(variant === "deepseek")("generateObject with a zod schema", async () => {
    const { object } = await generateObject({ model: AI_SDK_MODELS[variant](), schema: Weather, prompt: PROMPT, maxRetries: 0 });
    expect(object).toEqual(PARIS);
  });
});

describe("a schema the sub-profile refuses", () => {
  test("xAI: min/maxContains is a 400, an APICallError carrying the text", async () => {
    const refused = { type: "object", properties: { tags: { type: "array", items: { type: "string" }, contains: { const: "a" }, minContains: 1 } }, required: ["tags"], additionalProperties: false };
    const error = await generateText({
      model: AI_SDK_MODELS.xai(),
      prompt: PROMPT,
      tools: { tagged: tool({ description: "tags", inputSchema: jsonSchema(refused) }) },
      toolChoice: "required",
      maxRetries: 0,
    }).catch((caught: unknown) => caught);
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).statusCode).toBe(400);
  });
});

describe("groq-sdk (Groq's own client)", () => {
  test("a forced tool call and a json_schema answer", async () => {
    const groq = new Groq({ baseURL: emulators.groq!.urls.sdk.replace(/\/v1$/, ""), apiKey: "gsk-test", maxRetries: 0 });
    // groq-sdk posts to <baseURL>/openai/v1/chat/completions.
    const called = await groq.chat.completions.create({
      model: "moonshotai/kimi-k2-instruct",
      messages: [{ role: "user", content: PROMPT }],
      tools: [{ type: "function", function: { name: "get_weather", parameters: WEATHER_SCHEMA } }],
      tool_choice: { type: "function", function: { name: "get_weather" } },
    });
    expect(JSON.parse(called.choices[0]!.message.tool_calls![0]!.function.arguments)).toEqual(PARIS);
    const answered = await groq.chat.completions.create({
      model: "moonshotai/kimi-k2-instruct",
      messages: [{ role: "user", content: PROMPT }],
      response_format: { type: "json_schema", json_schema: { name: "weather", strict: true, schema: WEATHER_SCHEMA } },
    });
    expect(JSON.parse(answered.choices[0]!.message.content!)).toEqual(PARIS);
  });

  test("strict mode refuses an optional property (all fields required) with a 400", async () => {
    const groq = new Groq({ baseURL: emulators.groq!.urls.sdk.replace(/\/v1$/, ""), apiKey: "gsk-test", maxRetries: 0 });
    const optional = { ...WEATHER_SCHEMA, required: ["city"] };
    const error = await groq.chat.completions
      .create({ model: "m", messages: [{ role: "user", content: PROMPT }], response_format: { type: "json_schema", json_schema: { name: "weather", strict: true, schema: optional } } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Groq.APIError);
    expect((error as InstanceType<typeof Groq.APIError>).status).toBe(400);
  });
});

describe("@mistralai/mistralai (Mistral's own client)", () => {
  test("a json_schema answer and a forced tool call", async () => {
    const mistral = new Mistral({ serverURL: emulators.mistral!.urls.sdk.replace(/\/v1$/, ""), apiKey: "mistral-test", retryConfig: { strategy: "none" } });
    const answered = await mistral.chat.complete({
      model: "mistral-large-latest",
      messages: [{ role: "user", content: PROMPT }],
      responseFormat: { type: "json_schema", jsonSchema: { name: "weather", strict: true, schemaDefinition: WEATHER_SCHEMA } },
    });
    expect(JSON.parse(String(answered.choices?.[0]?.message?.content))).toEqual(PARIS);
    const called = await mistral.chat.complete({
      model: "mistral-large-latest",
      messages: [{ role: "user", content: PROMPT }],
      tools: [{ type: "function", function: { name: "get_weather", parameters: WEATHER_SCHEMA } }],
      toolChoice: { type: "function", function: { name: "get_weather" } },
    });
    const args = called.choices?.[0]?.message?.toolCalls?.[0]?.function.arguments;
    expect(typeof args === "string" ? JSON.parse(args) : args).toEqual(PARIS);
  });
});
