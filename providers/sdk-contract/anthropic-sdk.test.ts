// The official @anthropic-ai/sdk against the Anthropic emulator, with the SDK's default headers (its
// Bearer auth and anthropic-version): tool calls plain and streamed, zodOutputFormat as shipped through
// messages.parse, typed 400s carrying Anthropic's message, retries on 429 and 529, cut streams raising,
// and `request-id` read into `_request_id`.
import Anthropic from "@anthropic-ai/sdk";
import { zodOutputFormat } from "@anthropic-ai/sdk/helpers/zod";
import { afterEach, describe, expect, test } from "vitest";
import { z } from "zod";
import { startEmulator, type RunningEmulators } from "../../src/index.js";

const Weather = z.object({ city: z.string(), unit: z.enum(["celsius", "fahrenheit"]) });
/** The emulated model answers with the prompt's last ```json block (held to the schema when constrained). */
const PROMPT = 'Weather in Paris?\n```json\n{"city":"Paris","unit":"celsius"}\n```';
const MODEL = "claude-sonnet-4-5";
const running: RunningEmulators[] = [];
afterEach(async () => void (await Promise.all(running.splice(0).map((emulator) => emulator.close()))));

async function start(faults: string[] = []): Promise<RunningEmulators> {
  const emulator = await startEmulator({ provider: "anthropic", faults });
  running.push(emulator);
  return emulator;
}

async function client(faults: string[] = [], maxRetries = 0): Promise<Anthropic> {
  return new Anthropic({ baseURL: (await start(faults)).urls.anthropic!.sdk, apiKey: "sk-ant-test", maxRetries });
}

const weatherTool = {
  name: "get_weather",
  strict: true,
  input_schema: { type: "object" as const, properties: { city: { type: "string" }, unit: { type: "string", enum: ["celsius", "fahrenheit"] } }, required: ["city", "unit"], additionalProperties: false },
};
const base = { model: MODEL, max_tokens: 1024, messages: [{ role: "user" as const, content: PROMPT }] };

describe("@anthropic-ai/sdk", () => {
  test("the SDK's default headers are accepted; a forced tool call comes back as tool_use with request-id read", async () => {
    const emulator = await start();
    const anthropic = new Anthropic({ baseURL: emulator.urls.anthropic!.sdk, apiKey: "sk-ant-test", maxRetries: 0 });
    const message = await anthropic.messages.create({ ...base, tools: [weatherTool], tool_choice: { type: "tool", name: "get_weather" } });
    const block = message.content.find((item) => item.type === "tool_use");
    expect(block?.type === "tool_use" && block.input).toEqual({ city: "Paris", unit: "celsius" });
    expect(message.stop_reason).toBe("tool_use");
    expect(message._request_id).toMatch(/^req_011C/);
    expect(message.usage).toMatchObject({ cache_creation_input_tokens: 0, cache_read_input_tokens: 0, cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 }, service_tier: "standard" });
    expect(message).toMatchObject({ container: null, stop_details: null });
    const headers = emulator.requests.anthropic![0]!.headers;
    expect(headers["anthropic-version"]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // 1.x authenticates with `Authorization: Bearer <key>` (redacted in the record), not x-api-key.
    expect(headers.authorization).toBe("Bearer <redacted>");
  });

  test("a key in x-api-key is taken too; a missing anthropic-version is refused", async () => {
    const emulator = await start();
    const url = `${emulator.urls.anthropic!.sdk}/v1/messages`;
    const body = JSON.stringify({ ...base });
    const withKey = await fetch(url, { method: "POST", headers: { "x-api-key": "k", "anthropic-version": "2023-06-01", "content-type": "application/json" }, body });
    expect(withKey.status).toBe(200);
    expect(withKey.headers.get("request-id")).toMatch(/^req_011C/);
    const noVersion = await fetch(url, { method: "POST", headers: { "x-api-key": "k", "content-type": "application/json" }, body });
    expect(noVersion.status).toBe(400);
    const refusal = (await noVersion.json()) as { request_id: string };
    expect(refusal).toMatchObject({ error: { type: "invalid_request_error", message: "anthropic-version: header is required" } });
    expect(refusal.request_id).toBe(noVersion.headers.get("request-id"));
  });

  test("a streamed tool call assembles into the final message", async () => {
    const anthropic = await client();
    const stream = anthropic.messages.stream({ ...base, tools: [weatherTool], tool_choice: { type: "tool", name: "get_weather" } });
    const message = await stream.finalMessage();
    const block = message.content.find((item) => item.type === "tool_use");
    expect(block?.type === "tool_use" && block.input).toEqual({ city: "Paris", unit: "celsius" });
  });

  test("zodOutputFormat as shipped: messages.parse gives parsed_output", async () => {
    const anthropic = await client();
    const message = await anthropic.messages.parse({ ...base, output_config: { format: zodOutputFormat(Weather) } });
    expect(message.parsed_output).toEqual({ city: "Paris", unit: "celsius" });
  });

  test("a schema z.toJSONSchema writes for draft-7 ($schema included) is accepted as output_config.format", async () => {
    const anthropic = await client();
    const schema = z.toJSONSchema(Weather, { target: "draft-7" }) as Record<string, unknown>;
    expect(schema.$schema).toBe("http://json-schema.org/draft-07/schema#");
    const message = await anthropic.messages.create({ ...base, output_config: { format: { type: "json_schema", schema } } });
    const text = message.content.find((item) => item.type === "text");
    expect(text?.type === "text" && JSON.parse(text.text)).toEqual({ city: "Paris", unit: "celsius" });
  });

  test("a refused schema is a BadRequestError carrying Anthropic's text", async () => {
    const anthropic = await client(["reject-schema"]);
    const error = (await anthropic.messages.create({ ...base, tools: [weatherTool] }).catch((caught: unknown) => caught)) as Error;
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect(error.message).toContain("tools.0.custom: For 'string' type, property 'enum' is not supported");
  });

  test("an invalid schema is refused in Anthropic's words, never Ajv's", async () => {
    const anthropic = await client();
    const bad = { name: "f", input_schema: { type: "object" as const, properties: { a: { type: "colour" } } } };
    const error = (await anthropic.messages.create({ ...base, tools: [bad] }).catch((caught: unknown) => caught)) as Error;
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect(error.message).toContain("tools.0.custom.input_schema: JSON schema is invalid. It must match JSON Schema draft 2020-12");
  });

  test.each([["429:0@1"], ["529@1"], ["500@1"]])("%s: the SDK retries and succeeds", async (fault) => {
    const anthropic = await client([fault], 2);
    const message = await anthropic.messages.create({ ...base, tools: [weatherTool], tool_choice: { type: "tool", name: "get_weather" } });
    expect(message.stop_reason).toBe("tool_use");
  });

  test("529 without retries left is Anthropic's overloaded error", async () => {
    const anthropic = await client(["529"]);
    const error = (await anthropic.messages.create(base).catch((caught: unknown) => caught)) as InstanceType<typeof Anthropic.APIError>;
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect(error.status).toBe(529);
    expect(error.error).toMatchObject({ error: { type: "overloaded_error" } });
  });

  test("refusal: stop_reason refusal with stop_details, HTTP 200", async () => {
    const message = await (await client(["refusal"])).messages.create({ ...base, output_config: { format: zodOutputFormat(Weather) } });
    expect(message).toMatchObject({ stop_reason: "refusal", stop_details: { type: "refusal" }, content: [] });
  });

  test("reset: an APIConnectionError", async () => {
    await expect((await client(["reset"])).messages.create(base)).rejects.toBeInstanceOf(Anthropic.APIConnectionError);
  });

  test("an overloaded_error event inside the stream is an APIError", async () => {
    const anthropic = await client(["stream-error"]);
    const stream = anthropic.messages.stream({ ...base, tools: [weatherTool], tool_choice: { type: "tool", name: "get_weather" } });
    const error = (await stream.finalMessage().catch((caught: unknown) => caught)) as InstanceType<typeof Anthropic.APIError>;
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect(error.error).toMatchObject({ type: "error", error: { type: "overloaded_error" } });
  });

  test("a cut stream raises", async () => {
    const anthropic = await client(["truncate"]);
    const stream = anthropic.messages.stream({ ...base, tools: [weatherTool], tool_choice: { type: "tool", name: "get_weather" } });
    await expect(stream.finalMessage()).rejects.toThrow();
  });
});
