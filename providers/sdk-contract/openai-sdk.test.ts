// The official openai SDK against the OpenAI emulator: plain and streamed tool calls (Chat Completions
// and Responses), structured outputs through zodResponseFormat / zodTextFormat as shipped, typed 400s
// carrying the provider's message, retries on 429 and 5xx, cut streams raising, x-request-id read.
import OpenAI from "openai";
import { LengthFinishReasonError } from "openai/core/error";
import { zodFunction, zodResponseFormat, zodTextFormat } from "openai/helpers/zod";
import { afterEach, describe, expect, test } from "vitest";
import { z } from "zod";
import { startEmulator, type RunningEmulators } from "../../src/index.js";

const Weather = z.object({ city: z.string(), unit: z.enum(["celsius", "fahrenheit"]) });
/** The emulated model answers with the prompt's last ```json block (held to the schema when constrained). */
const PROMPT = 'Weather in Paris?\n```json\n{"city":"Paris","unit":"celsius"}\n```';
const running: RunningEmulators[] = [];
afterEach(async () => void (await Promise.all(running.splice(0).map((emulator) => emulator.close()))));

async function client(faults: string[] = [], maxRetries = 0): Promise<OpenAI> {
  const emulator = await startEmulator({ provider: "openai", faults });
  running.push(emulator);
  // A tiny timeout keeps the SDK's retry backoff (0.5 s and up) from dominating: Retry-After 0 is honoured.
  return new OpenAI({ baseURL: emulator.urls.openai!.sdk, apiKey: "sk-test", maxRetries });
}

const weatherTool = {
  type: "function" as const,
  function: {
    name: "get_weather",
    strict: true,
    parameters: { type: "object", properties: { city: { type: "string" }, unit: { type: "string", enum: ["celsius", "fahrenheit"] } }, required: ["city", "unit"], additionalProperties: false },
  },
};

describe("openai SDK: Chat Completions", () => {
  test("a strict tool call comes back with JSON arguments the schema accepts, and _request_id", async () => {
    const openai = await client();
    const completion = await openai.chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: PROMPT }], tools: [weatherTool], tool_choice: "required" });
    const call = completion.choices[0]!.message.tool_calls![0]!;
    expect(call.type === "function" && Weather.parse(JSON.parse(call.function.arguments))).toEqual({ city: "Paris", unit: "celsius" });
    expect(completion.choices[0]!.finish_reason).toBe("tool_calls");
    expect(completion.usage?.total_tokens).toBeGreaterThan(0);
    expect(completion._request_id).toMatch(/^req_/);
  });

  test("a streamed tool call assembles in the SDK's stream helper", async () => {
    const openai = await client();
    const stream = openai.chat.completions.stream({ model: "gpt-4o", messages: [{ role: "user", content: PROMPT }], tools: [zodFunction({ name: "get_weather", parameters: Weather })], tool_choice: "required" });
    const final = await stream.finalChatCompletion();
    expect(final.choices[0]!.message.tool_calls![0]!.function.parsed_arguments).toEqual({ city: "Paris", unit: "celsius" });
  });

  test("zodResponseFormat as shipped (its $schema included) parses", async () => {
    const openai = await client();
    const completion = await openai.chat.completions.parse({ model: "gpt-4o", messages: [{ role: "user", content: PROMPT }], response_format: zodResponseFormat(Weather, "weather") });
    expect(completion.choices[0]!.message.parsed).toEqual({ city: "Paris", unit: "celsius" });
  });

  test("a schema the API refuses is a BadRequestError carrying OpenAI's text, not a validator's", async () => {
    const openai = await client();
    const loose = { type: "function" as const, function: { name: "get_weather", strict: true, parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } } };
    const error = await openai.chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: PROMPT }], tools: [loose] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).message).toContain("Invalid schema for function 'get_weather': In context=(), 'additionalProperties' is required to be supplied and to be false.");
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).code).toBe("invalid_function_parameters");
  });

  test("an invalid schema is refused in OpenAI's words, never Ajv's", async () => {
    const openai = await client();
    const bad = { type: "function" as const, function: { name: "f", parameters: { type: "object", properties: { a: { type: "colour" } } } } };
    const error = (await openai.chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: "x" }], tools: [bad] }).catch((caught: unknown) => caught)) as Error;
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error.message).toContain("Invalid schema for function 'f': In context=('properties', 'a', 'type'), 'colour' is not valid under any of the given schemas.");
    expect(error.message).not.toMatch(/must be equal|allowed values|schema is invalid/);
  });

  test.each([["429:0@1"], ["500@1"], ["503@1-2"]])("%s: the SDK retries and succeeds", async (fault) => {
    const openai = await client([fault], 2);
    const completion = await openai.chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: PROMPT }], tools: [weatherTool], tool_choice: "required" });
    expect(completion.choices[0]!.message.tool_calls).toHaveLength(1);
  });

  test("a 429 without retries left is a RateLimitError", async () => {
    const openai = await client(["429"]);
    await expect(openai.chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: PROMPT }] })).rejects.toBeInstanceOf(OpenAI.RateLimitError);
  });

  test("an error event inside the stream is an APIError", async () => {
    const openai = await client(["stream-error"]);
    const stream = openai.chat.completions.stream({ model: "gpt-4o", messages: [{ role: "user", content: PROMPT }], tools: [weatherTool], tool_choice: "required" });
    await expect(stream.finalChatCompletion()).rejects.toBeInstanceOf(OpenAI.APIError);
  });

  test("a cut stream raises instead of ending quietly", async () => {
    const openai = await client(["truncate"]);
    const stream = openai.chat.completions.stream({ model: "gpt-4o", messages: [{ role: "user", content: PROMPT }], tools: [weatherTool], tool_choice: "required" });
    await expect(stream.finalChatCompletion()).rejects.toThrow();
  });
});

describe("openai SDK: the other faults", () => {
  const ask = { model: "gpt-4o", messages: [{ role: "user" as const, content: PROMPT }], response_format: zodResponseFormat(Weather, "weather") };

  test("refusal: the message carries refusal and nothing parsed", async () => {
    const completion = await (await client(["refusal"])).chat.completions.parse(ask);
    expect(completion.choices[0]!.message).toMatchObject({ refusal: expect.any(String), parsed: null });
  });

  test("max-tokens: parse raises LengthFinishReasonError", async () => {
    await expect((await client(["max-tokens"])).chat.completions.parse(ask)).rejects.toBeInstanceOf(LengthFinishReasonError);
  });

  test("reset: an APIConnectionError", async () => {
    await expect((await client(["reset"])).chat.completions.create(ask)).rejects.toBeInstanceOf(OpenAI.APIConnectionError);
  });

  test("slow: a client timeout shorter than the delay is an APIConnectionTimeoutError", async () => {
    const openai = await client(["slow:2s"]);
    await expect(openai.chat.completions.create(ask, { timeout: 100 })).rejects.toBeInstanceOf(OpenAI.APIConnectionTimeoutError);
  });

  test("malformed: a body that is not JSON raises, never a value", async () => {
    await expect((await client(["malformed"])).chat.completions.create(ask)).rejects.toThrow();
  });
});

describe("openai SDK: Responses", () => {
  test("zodTextFormat as shipped parses into output_parsed; usage has the Responses fields", async () => {
    const openai = await client();
    const response = await openai.responses.parse({ model: "gpt-4o", input: PROMPT, text: { format: zodTextFormat(Weather, "weather") } });
    expect(response.output_parsed).toEqual({ city: "Paris", unit: "celsius" });
    expect(response.usage).toMatchObject({ input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } });
    // The settings the API echoes: what the request sent, the API's defaults for the rest.
    expect(response).toMatchObject({ status: "completed", tool_choice: "auto", tools: [], metadata: {}, store: true, text: { format: { type: "json_schema", name: "weather", strict: true } } });
  });

  test("a streamed function call ends in a completed response with the call", async () => {
    const openai = await client();
    const tool = { type: "function" as const, name: "get_weather", strict: true, parameters: weatherTool.function.parameters };
    const stream = openai.responses.stream({ model: "gpt-4o", input: PROMPT, tools: [tool], tool_choice: "required" });
    const response = await stream.finalResponse();
    const call = response.output.find((item) => item.type === "function_call");
    expect(call?.type === "function_call" && JSON.parse(call.arguments)).toEqual({ city: "Paris", unit: "celsius" });
  });

  test.each([["truncate"], ["stream-error"]])("a Responses stream with %s raises", async (fault) => {
    const openai = await client([fault]);
    const stream = openai.responses.stream({ model: "gpt-4o", input: PROMPT, text: { format: zodTextFormat(Weather, "weather") } });
    await expect(stream.finalResponse()).rejects.toThrow();
  });
});
