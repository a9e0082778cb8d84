// Azure OpenAI's real clients against the Azure emulator: the `openai` package's AzureOpenAI (deployments
// URLs with api-version, `api-key` or an Entra token provider) and @ai-sdk/azure on both URL styles.
// The v1-API run of @ai-sdk/azure's default (Responses) model is in ai-sdk.test.ts.
import { createAzure } from "@ai-sdk/azure";
import { generateObject, generateText, tool } from "ai";
import { AuthenticationError, AzureOpenAI, BadRequestError } from "openai";
import { zodResponseFormat } from "openai/helpers/zod";
import { afterEach, describe, expect, test } from "vitest";
import { z } from "zod";
import { startEmulator, type RunningEmulators } from "../../src/index.js";

const Weather = z.object({ city: z.string(), unit: z.enum(["celsius", "fahrenheit"]) });
const PARIS = { city: "Paris", unit: "celsius" };
const PROMPT = `Weather in Paris?\n\`\`\`json\n${JSON.stringify(PARIS)}\n\`\`\``;
const KEY = "0123456789abcdef0123456789abcdef";
const running: RunningEmulators[] = [];
afterEach(async () => void (await Promise.all(running.splice(0).map((emulator) => emulator.close()))));

async function emulator(): Promise<{ origin: string; running: RunningEmulators }> {
  const started = await startEmulator({ provider: "azure", apiKeys: [KEY, "eyJ0eXAiOiJKV1QifQ.eyJhdWQiOiJjb2duaXRpdmUifQ.c2ln"] });
  running.push(started);
  return { origin: started.urls.azure!.sdk.replace(/\/openai\/v1$/, ""), running: started };
}

const weatherTool = {
  type: "function" as const,
  function: {
    name: "get_weather",
    strict: true,
    parameters: { type: "object", properties: { city: { type: "string" }, unit: { type: "string", enum: ["celsius", "fahrenheit"] } }, required: ["city", "unit"], additionalProperties: false },
  },
};

describe("openai AzureOpenAI client", () => {
  test("a strict tool call through /openai/deployments/{deployment}/chat/completions?api-version=…, key in api-key", async () => {
    const { origin, running: started } = await emulator();
    const client = new AzureOpenAI({ endpoint: origin, apiKey: KEY, apiVersion: "2024-10-21", deployment: "prod-gpt4o", maxRetries: 0 });
    const completion = await client.chat.completions.create({ model: "prod-gpt4o", messages: [{ role: "user", content: PROMPT }], tools: [weatherTool], tool_choice: "required", parallel_tool_calls: false });
    const call = completion.choices[0]!.message.tool_calls![0]!;
    expect(call.type === "function" && JSON.parse(call.function.arguments)).toEqual(PARIS);
    const record = started.requests.azure!.at(-1)!;
    expect(record.path).toBe("/openai/deployments/prod-gpt4o/chat/completions?api-version=2024-10-21");
    expect(record.headers["api-key"]).toBe("<redacted>");
    expect(JSON.stringify(record)).not.toContain(KEY);
  });

  test("zodResponseFormat parses; an Entra token provider sends Bearer", async () => {
    const { origin, running: started } = await emulator();
    const client = new AzureOpenAI({ endpoint: origin, azureADTokenProvider: async () => "eyJ0eXAiOiJKV1QifQ.eyJhdWQiOiJjb2duaXRpdmUifQ.c2ln", apiVersion: "2024-10-21", deployment: "prod-gpt4o", maxRetries: 0 });
    const completion = await client.chat.completions.parse({ model: "prod-gpt4o", messages: [{ role: "user", content: PROMPT }], response_format: zodResponseFormat(Weather, "weather") });
    expect(completion.choices[0]!.message.parsed).toEqual(PARIS);
    expect(started.requests.azure!.at(-1)!.headers.authorization).toBe("Bearer <redacted>");
  });

  test("a refused schema is a BadRequestError; a wrong key an AuthenticationError with Azure's text", async () => {
    const { origin } = await emulator();
    const client = new AzureOpenAI({ endpoint: origin, apiKey: KEY, apiVersion: "2024-10-21", deployment: "prod-gpt4o", maxRetries: 0 });
    const loose = { type: "function" as const, function: { name: "get_weather", strict: true, parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } } };
    const refused = await client.chat.completions.create({ model: "prod-gpt4o", messages: [{ role: "user", content: PROMPT }], tools: [loose] }).catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(BadRequestError);
    expect((refused as BadRequestError).message).toContain("additionalProperties");
    const stranger = new AzureOpenAI({ endpoint: origin, apiKey: "ffffffffffffffffffffffffffffffff", apiVersion: "2024-10-21", deployment: "prod-gpt4o", maxRetries: 0 });
    const denied = await stranger.chat.completions.create({ model: "prod-gpt4o", messages: [{ role: "user", content: "hi" }] }).catch((caught: unknown) => caught);
    expect(denied).toBeInstanceOf(AuthenticationError);
    expect((denied as AuthenticationError).message).toContain("Access denied due to invalid subscription key");
  });

  test("a streamed call survives Azure's opening chunk that has no choices", async () => {
    const { origin } = await emulator();
    const client = new AzureOpenAI({ endpoint: origin, apiKey: KEY, apiVersion: "2024-10-21", deployment: "prod-gpt4o", maxRetries: 0 });
    const stream = client.chat.completions.stream({ model: "prod-gpt4o", messages: [{ role: "user", content: PROMPT }], tools: [weatherTool], tool_choice: "required" });
    const final = await stream.finalChatCompletion();
    expect(JSON.parse(final.choices[0]!.message.tool_calls![0]!.function.arguments)).toEqual(PARIS);
  });
});

describe("@ai-sdk/azure", () => {
  const tools = { get_weather: tool({ description: "The weather in a city", inputSchema: Weather }) };

  test("deployment-based URLs (useDeploymentBasedUrls) with the chat model: a required tool call", async () => {
    const { origin, running: started } = await emulator();
    const azure = createAzure({ baseURL: `${origin}/openai`, apiKey: KEY, useDeploymentBasedUrls: true, apiVersion: "2024-10-21" });
    const result = await generateText({ model: azure.chat("prod-gpt4o"), prompt: PROMPT, tools, toolChoice: "required", maxRetries: 0 });
    expect(result.toolCalls.map((call) => call.input)).toEqual([PARIS]);
    expect(started.requests.azure!.at(-1)!.path).toBe("/openai/deployments/prod-gpt4o/chat/completions?api-version=2024-10-21");
  });

  test("the v1 API with the chat model: generateObject", async () => {
    const { origin } = await emulator();
    const azure = createAzure({ baseURL: `${origin}/openai/v1`, apiKey: KEY });
    const { object } = await generateObject({ model: azure.chat("prod-gpt4o"), schema: Weather, prompt: PROMPT, maxRetries: 0 });
    expect(object).toEqual(PARIS);
  });
});
