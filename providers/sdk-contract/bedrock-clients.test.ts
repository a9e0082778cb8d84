// Amazon Bedrock's real clients against the Bedrock emulator on loopback: @aws-sdk/client-bedrock-runtime
// (ConverseCommand, SigV4 with fake credentials, `endpoint` set to the emulator) and @ai-sdk/amazon-bedrock
// (generateText with a tool, structured output; API key and SigV4). A schema Claude refuses through
// Bedrock comes back as each client's own error carrying Bedrock's text.
import { createAmazonBedrock } from "@ai-sdk/amazon-bedrock";
import { BedrockRuntimeClient, ConverseCommand, InvokeModelCommand, ValidationException } from "@aws-sdk/client-bedrock-runtime";
import { NodeHttpHandler } from "@smithy/node-http-handler";
import type { DocumentType } from "@smithy/types";
import { APICallError, generateText, Output, tool } from "ai";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { startEmulator } from "../emulator/emulator-start.js";
import type { EmulatorHandle } from "../emulator/emulator-types.js";

const PARIS = { city: "Paris", unit: "celsius" };
const PROMPT = `Weather in Paris?\n\`\`\`json\n${JSON.stringify(PARIS)}\n\`\`\``;
const WEATHER: Record<string, DocumentType> = { type: "object", properties: { city: { type: "string" }, unit: { type: "string", enum: ["celsius", "fahrenheit"] } }, required: ["city", "unit"], additionalProperties: false };
const Weather = z.object({ city: z.string(), unit: z.enum(["celsius", "fahrenheit"]) });
const MODEL = "us.anthropic.claude-sonnet-4-5-20250929-v1:0";
const CREDENTIALS = { accessKeyId: "AKIAEMULATORSDKTEST1", secretAccessKey: "emulator/secret/not/a/real/key/0000000000" };

let emulator: EmulatorHandle;
beforeAll(async () => {
  emulator = await startEmulator({ provider: "bedrock" });
});
afterAll(async () => {
  await emulator.close();
});

/**
 * The client's default handler speaks HTTP/2 (NodeHttp2Handler, for the bidirectional streams); the
 * emulator serves HTTP/1.1, so the client is given the SDK's HTTP/1.1 handler, as against any HTTP/1.1 proxy.
 */
const client = (): BedrockRuntimeClient =>
  new BedrockRuntimeClient({ region: "us-east-1", endpoint: emulator.origin, credentials: CREDENTIALS, maxAttempts: 1, requestHandler: new NodeHttpHandler() });
const textOf = (blocks: readonly { text?: string }[] | undefined): string => (blocks ?? []).map((block) => block.text ?? "").join("");

describe("@aws-sdk/client-bedrock-runtime against the emulator", () => {
  test("ConverseCommand with a strict tool: the toolUse input comes back parsed, stopReason tool_use", async () => {
    const answer = await client().send(
      new ConverseCommand({
        modelId: MODEL,
        messages: [{ role: "user", content: [{ text: PROMPT }] }],
        toolConfig: { tools: [{ toolSpec: { name: "get_weather", strict: true, inputSchema: { json: WEATHER } } }], toolChoice: { tool: { name: "get_weather" } } },
      }),
    );
    expect(answer.stopReason).toBe("tool_use");
    expect(answer.output?.message?.content?.[0]?.toolUse).toMatchObject({ name: "get_weather", input: PARIS });
    expect(answer.usage?.totalTokens).toBeGreaterThan(0);
    // The SDK signed it with SigV4 for service bedrock; the recorded request keeps no part of the credentials.
    expect(JSON.stringify(emulator.requests)).not.toContain(CREDENTIALS.accessKeyId);
  });

  test("ConverseCommand with outputConfig.textFormat: the text is the JSON answer", async () => {
    const answer = await client().send(
      new ConverseCommand({
        modelId: MODEL,
        messages: [{ role: "user", content: [{ text: PROMPT }] }],
        outputConfig: { textFormat: { type: "json_schema", structure: { jsonSchema: { name: "weather", schema: JSON.stringify(WEATHER) } } } },
      }),
    );
    expect(answer.stopReason).toBe("end_turn");
    expect(JSON.parse(textOf(answer.output?.message?.content))).toEqual(PARIS);
  });

  test("a strict tool with an open object: ValidationException carrying Bedrock's text", async () => {
    const { additionalProperties: _closed, ...open } = WEATHER;
    const sent = client().send(
      new ConverseCommand({
        modelId: MODEL,
        messages: [{ role: "user", content: [{ text: PROMPT }] }],
        toolConfig: { tools: [{ toolSpec: { name: "get_weather", strict: true, inputSchema: { json: open } } }], toolChoice: { tool: { name: "get_weather" } } },
      }),
    );
    await expect(sent).rejects.toBeInstanceOf(ValidationException);
    await expect(sent).rejects.toMatchObject({ $metadata: { httpStatusCode: 400 }, message: "The model returned the following errors: tools.0.custom: For 'object' type, 'additionalProperties' must be explicitly set to false" });
  });

  test("InvokeModelCommand with Claude's body and output_config.format", async () => {
    const body = { anthropic_version: "bedrock-2023-05-31", max_tokens: 256, messages: [{ role: "user", content: PROMPT }], output_config: { format: { type: "json_schema", schema: WEATHER } } };
    const answer = await client().send(new InvokeModelCommand({ modelId: MODEL, contentType: "application/json", accept: "application/json", body: JSON.stringify(body) }));
    const message = JSON.parse(new TextDecoder().decode(answer.body)) as { content: { type: string; text: string }[]; stop_reason: string };
    expect(message.stop_reason).toBe("end_turn");
    expect(JSON.parse(message.content[0]!.text)).toEqual(PARIS);
  });
});

describe("@ai-sdk/amazon-bedrock against the emulator", () => {
  const withKey = () => createAmazonBedrock({ baseURL: emulator.origin, region: "us-east-1", apiKey: "bedrock-api-key-test" })(MODEL);
  const withSigV4 = () => createAmazonBedrock({ baseURL: emulator.origin, region: "us-east-1", ...CREDENTIALS })(MODEL);

  test.each([
    ["API key", withKey],
    ["SigV4", withSigV4],
  ])("generateText with a required tool (%s): the call comes back with its input", async (_auth, model) => {
    const tools = { get_weather: tool({ description: "The weather in a city", inputSchema: Weather }) };
    const result = await generateText({ model: model(), prompt: PROMPT, tools, toolChoice: "required", maxRetries: 0 });
    expect(result.toolCalls.map((call) => [call.toolName, call.input])).toEqual([["get_weather", PARIS]]);
  });

  test("generateText with Output.object: the structured answer parses", async () => {
    const result = await generateText({ model: withKey(), output: Output.object({ schema: Weather }), prompt: PROMPT, maxRetries: 0 });
    expect(result.output).toEqual(PARIS);
  });

  test("a strict tool Bedrock refuses: APICallError with status 400 and Bedrock's text", async () => {
    const listed = z.object({ tags: z.array(z.string()).max(3) });
    const tools = { tag: tool({ inputSchema: listed, strict: true }) };
    const sent = generateText({ model: withKey(), prompt: 'tags\n```json\n{"tags":[]}\n```', tools, toolChoice: "required", maxRetries: 0 });
    await expect(sent).rejects.toSatisfy((error: unknown) => APICallError.isInstance(error) && error.statusCode === 400 && error.message.includes("property 'maxItems' is not supported"));
  });
});
