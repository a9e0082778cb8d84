// The Vercel AI SDK (ai with @ai-sdk/openai, anthropic, google, openai-compatible) against the
// emulators: tool calls plain and streamed, generateObject and Output.object with zod, APICallError on a
// refused schema carrying the provider's message, retries on 429 (Retry-After 0) and 5xx, cut streams
// surfacing as errors.
import { createAnthropic } from "@ai-sdk/anthropic";
import { createAzure } from "@ai-sdk/azure";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { APICallError, generateObject, generateText, Output, streamText, tool, type LanguageModel } from "ai";
import { afterEach, describe, expect, test } from "vitest";
import { z } from "zod";
import { startEmulator, type ProviderId, type RunningEmulators } from "../../src/index.js";

const Weather = z.object({ city: z.string(), unit: z.enum(["celsius", "fahrenheit"]) });
const PARIS = { city: "Paris", unit: "celsius" };
/** The emulated model answers with the prompt's last ```json block (held to the schema when constrained). */
const PROMPT = `Weather in Paris?\n\`\`\`json\n${JSON.stringify(PARIS)}\n\`\`\``;
const running: RunningEmulators[] = [];
afterEach(async () => void (await Promise.all(running.splice(0).map((emulator) => emulator.close()))));

/** Bedrock has its own file (bedrock-clients.test.ts): its streams are not emulated. */
type Case = Exclude<ProviderId, "bedrock"> | "openai-chat";

/** @ai-sdk/openai's default model speaks the Responses API; `.chat()` speaks Chat Completions. */
const MODELS: Readonly<Record<Case, (baseURL: string) => LanguageModel>> = {
  openai: (baseURL) => createOpenAI({ baseURL, apiKey: "sk-test" })("gpt-4o"),
  "openai-chat": (baseURL) => createOpenAI({ baseURL, apiKey: "sk-test" }).chat("gpt-4o"),
  anthropic: (baseURL) => createAnthropic({ baseURL, apiKey: "sk-ant-test" })("claude-sonnet-4-5"),
  google: (baseURL) => createGoogleGenerativeAI({ baseURL, apiKey: "gemini-test" })("gemini-2.5-flash"),
  "openai-compatible": (baseURL) => createOpenAICompatible({ name: "local", baseURL, supportsStructuredOutputs: true }).chatModel("local-model"),
  // @ai-sdk/azure speaks the Responses API by default, at {baseURL}/responses (v1 API).
  azure: (baseURL) => createAzure({ baseURL, apiKey: "azure-test-key" })("gpt-4o-deployment"),
};

async function model(which: Case, faults: string[] = []): Promise<LanguageModel> {
  const provider: ProviderId = which === "openai-chat" ? "openai" : which;
  const emulator = await startEmulator({ provider, faults });
  running.push(emulator);
  return MODELS[which](emulator.urls[provider]!.aiSdk);
}

const tools = { get_weather: tool({ description: "The weather in a city", inputSchema: Weather }) };
const PROVIDERS: readonly Case[] = ["openai", "openai-chat", "anthropic", "google", "openai-compatible", "azure"];

describe.each(PROVIDERS)("ai SDK with %s", (provider) => {
  test("generateText: a required tool call comes back with its input", async () => {
    const result = await generateText({ model: await model(provider), prompt: PROMPT, tools, toolChoice: "required", maxRetries: 0 });
    expect(result.toolCalls.map((call) => [call.toolName, call.input])).toEqual([["get_weather", PARIS]]);
    expect(result.usage.totalTokens).toBeGreaterThan(0);
  });

  test("streamText: the streamed tool call assembles", async () => {
    const result = streamText({ model: await model(provider), prompt: PROMPT, tools, toolChoice: "required", maxRetries: 0 });
    expect((await result.toolCalls).map((call) => [call.toolName, call.input])).toEqual([["get_weather", PARIS]]);
  });

  test("generateObject with a zod schema", async () => {
    const { object } = await generateObject({ model: await model(provider), schema: Weather, prompt: PROMPT, maxRetries: 0 });
    expect(object).toEqual(PARIS);
  });

  test("generateText with Output.object", async () => {
    const result = await generateText({ model: await model(provider), output: Output.object({ schema: Weather }), prompt: PROMPT, maxRetries: 0 });
    expect(result.output).toEqual(PARIS);
  });

  test("a refused schema is an APICallError 400 carrying the provider's message", async () => {
    const error = await generateText({ model: await model(provider, ["reject-schema"]), prompt: PROMPT, tools, toolChoice: "required", maxRetries: 0 }).catch((caught: unknown) => caught);
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).statusCode).toBe(400);
    expect((error as APICallError).message).toMatch(/not permitted|not supported|Unknown name|xgrammar/);
  });

  test("429 with Retry-After 0: maxRetries retries and succeeds", async () => {
    const result = await generateText({ model: await model(provider, ["429:0@1"]), prompt: PROMPT, tools, toolChoice: "required", maxRetries: 2 });
    expect(result.toolCalls).toHaveLength(1);
  });

  test.each([["truncate"], ["stream-error"]])("a stream with %s surfaces as an error", async (fault) => {
    const result = streamText({ model: await model(provider, [fault]), prompt: PROMPT, tools, toolChoice: "required", maxRetries: 0, onError: () => undefined });
    const kinds: string[] = [];
    try {
      for await (const part of result.fullStream) kinds.push(part.type);
    } catch {
      kinds.push("thrown");
    }
    expect(kinds.some((kind) => kind === "error" || kind === "thrown")).toBe(true);
  });
});

describe("ai SDK retries on 5xx", () => {
  test("a 503 then an answer: the default backoff retries once", async () => {
    const result = await generateText({ model: await model("openai", ["503@1"]), prompt: PROMPT, tools, toolChoice: "required", maxRetries: 1 });
    expect(result.toolCalls).toHaveLength(1);
  });
});
