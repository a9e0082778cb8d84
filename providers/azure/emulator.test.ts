import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator } from "../emulator/emulator-start.js";
import type { EmulatorHandle } from "../emulator/emulator-types.js";
import { answerValue, roundTrip } from "../test-support/emulator-round-trip.js";
import { parseFaultSpec } from "../emulator/emulator-fault-spec.js";
import { AZURE_ACCESS_DENIED } from "./emulator-errors.js";

const schema = { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false };
const body = (extra: Record<string, unknown> = {}) => ({
  messages: [{ role: "user", content: 'Weather?\n```json\n{"city":"Paris"}\n```' }],
  response_format: { type: "json_schema", json_schema: { name: "answer", strict: true, schema } },
  ...extra,
});

let emulator: EmulatorHandle;
beforeAll(async () => {
  emulator = await startEmulator({ provider: "azure", apiKeys: ["azure-key-0123456789"], limits: { maxBodyBytes: 4096 } });
});
afterAll(async () => emulator.close());

async function post(path: string, payload: unknown, headers: Record<string, string> = { "api-key": "azure-key-0123456789" }): Promise<{ status: number; json: any; text: string }> {
  const response = await fetch(emulator.origin + path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(payload) });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: response.status, json, text };
}

describe("Azure OpenAI emulator: URLs, api-version, auth", () => {
  test("deployments URL: the deployment names the model; the answer carries Azure's filter annotations", async () => {
    const reply = await post("/openai/deployments/prod-gpt4o/chat/completions?api-version=2024-10-21", body());
    expect(reply.status).toBe(200);
    expect(reply.json.model).toBe("prod-gpt4o");
    expect(JSON.parse(reply.json.choices[0].message.content)).toEqual({ city: "Paris" });
    expect(reply.json.prompt_filter_results[0].content_filter_results.hate).toEqual({ filtered: false, severity: "safe" });
    expect(reply.json.choices[0].content_filter_results.violence.filtered).toBe(false);
  });

  test("v1 URL needs no api-version; an Entra token as Bearer is accepted where a key would be", async () => {
    const reply = await post("/openai/v1/chat/completions", body({ model: "prod-gpt4o" }), { authorization: "Bearer azure-key-0123456789" });
    expect(reply.status).toBe(200);
  });

  test("deployments without api-version: 404 Resource not found; a version before structured outputs or a made-up one: 400", async () => {
    const missing = await post("/openai/deployments/d/chat/completions", body());
    expect([missing.status, missing.json.error]).toEqual([404, { code: "404", message: "Resource not found" }]);
    for (const version of ["2024-06-01", "yesterday"]) {
      const old = await post(`/openai/deployments/d/chat/completions?api-version=${version}`, body());
      expect([old.status, old.json.error.message]).toEqual([400, "API version not supported"]);
    }
    const responsesGa = await post("/openai/responses?api-version=2024-10-21", { model: "d", input: "hi" });
    expect(responsesGa.status).toBe(400);
  });

  test("no key or a wrong key: 401 with Azure's access-denied text (the key never echoed)", async () => {
    for (const headers of [{}, { "api-key": "wrong-key-abcdefgh" }] as Record<string, string>[]) {
      const reply = await post("/openai/v1/chat/completions", body({ model: "d" }), headers);
      expect([reply.status, reply.json.error.code, reply.json.error.message]).toEqual([401, "401", AZURE_ACCESS_DENIED]);
      expect(reply.text).not.toContain("wrong-key");
    }
    expect(emulator.requests.at(-1)?.headers["api-key"]).toBe("<redacted>");
  });

  test("an unknown path is Azure's 404; an oversized body Azure's 413", async () => {
    expect((await post("/openai/v1/embeddingz", {})).json.error).toEqual({ code: "404", message: "Resource not found" });
    const big = await post("/openai/v1/chat/completions", body({ model: "d", padding: "x".repeat(5000) }));
    expect([big.status, big.json.error.code]).toEqual([413, "RequestEntityTooLarge"]);
  });

  test("a stream opens with Azure's prompt-annotation chunk (no choices), then OpenAI's chunks", async () => {
    const reply = await post("/openai/v1/chat/completions", body({ model: "d", stream: true }));
    const events = reply.text.split("\n\n").filter((event) => event.startsWith("data: {"));
    const first = JSON.parse(events[0]!.slice(6));
    expect(first.choices).toEqual([]);
    expect(first.prompt_filter_results).toHaveLength(1);
    expect(reply.text.trimEnd().endsWith("data: [DONE]")).toBe(true);
  });
});

describe("Azure OpenAI emulator: schemas as the profile says", () => {
  const trip = (mode: string, value: unknown, s: unknown = schema, stream = false) =>
    roundTrip({ provider: "azure", baseUrl: emulator.baseUrl, mode, schema: s, value, stream, apiKey: "azure-key-0123456789" });

  test.each(["chat.response_format.strict", "chat.tools.strict", "responses.text.format.strict", "responses.tools.strict"])("%s: a valid value round-trips through the wire adapter", async (mode) => {
    const exchange = await trip(mode, { city: "Paris" });
    expect(answerValue(exchange.parsed?.answer)).toEqual({ city: "Paris" });
  });

  test("strict: uniqueItems, which Azure's table and OpenAI both refuse, is a 400 in OpenAI's envelope", async () => {
    const tagged = { ...schema, properties: { city: { type: "array", items: { type: "string" }, uniqueItems: true } } };
    const exchange = await trip("chat.response_format.strict", { city: ["a"] }, tagged);
    expect(exchange.parsed?.answer).toMatchObject({ kind: "error", status: 400 });
    expect(emulator.requests.at(-1)?.outcome).toBe("rejected:uniqueItems");
  });

  test("strict: more than Azure's 100 object properties is refused (OpenAI's own bound is 5000)", async () => {
    const properties = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`p${i}`, { type: "string" }]));
    const wide = { type: "object", properties, required: Object.keys(properties), additionalProperties: false };
    const exchange = await roundTrip({ provider: "azure", baseUrl: emulator.baseUrl, mode: "chat.tools.strict", schema: wide, value: {}, apiKey: "azure-key-0123456789" });
    expect(exchange.parsed?.answer).toMatchObject({ kind: "error", status: 400 });
  });
});

describe("Azure OpenAI emulator: the content-filter fault", () => {
  test("a blocked prompt is HTTP 400 code content_filter with the categories; only the request it fires on", async () => {
    // Through the spec grammar, as `emulate --fault azure/content-filter@1` passes it.
    const blocking = await startEmulator({ provider: "azure", faults: [parseFaultSpec("content-filter@1", 1, 0)] });
    try {
      const response = await fetch(`${blocking.origin}/openai/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json", "api-key": "k-0123456789" }, body: JSON.stringify(body({ model: "d" })) });
      const json = (await response.json()) as { error: { code: string; innererror: { code: string; content_filter_result: Record<string, { filtered: boolean }> } } };
      expect(response.status).toBe(400);
      expect(json.error.code).toBe("content_filter");
      expect(json.error.innererror.code).toBe("ResponsibleAIPolicyViolation");
      expect(json.error.innererror.content_filter_result.violence!.filtered).toBe(true);
      expect(blocking.requests.at(-1)?.outcome).toBe("fault:content-filter");
      const next = await fetch(`${blocking.origin}/openai/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json", "api-key": "k-0123456789" }, body: JSON.stringify(body({ model: "d" })) });
      expect(next.status).toBe(200);
    } finally {
      await blocking.close();
    }
  });
});
