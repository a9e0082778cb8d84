// Guards: Anthropic's limits are per request, "summed across schemas" of every strict tool and the JSON
// output schema (providers.md 2.3), while OpenAI's are per schema: each schema under the limit is not
// enough where the request's sum passes it.
import { afterAll, beforeAll, expect, test } from "vitest";
import { startEmulator } from "../emulator-start.js";
import type { EmulatorHandle } from "../emulator-types.js";
import { probePrompt } from "../../test-support/emulator-round-trip.js";

/** `count` optional string properties beside one required one. */
function withOptional(count: number): object {
  const properties = Object.fromEntries([["base", { type: "string" }], ...Array.from({ length: count }, (_, index) => [`o${index}`, { type: "string" }])]);
  return { type: "object", properties, required: ["base"], additionalProperties: false };
}

let anthropic: EmulatorHandle;
let openai: EmulatorHandle;
beforeAll(async () => {
  [anthropic, openai] = await Promise.all([startEmulator({ provider: "anthropic" }), startEmulator({ provider: "openai" })]);
});
afterAll(async () => {
  await Promise.all([anthropic.close(), openai.close()]);
});

async function messages(body: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${anthropic.baseUrl}/v1/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": "k", "anthropic-version": "2023-06-01" },
    body: JSON.stringify({ model: "m", max_tokens: 64, messages: [{ role: "user", content: probePrompt({ base: "a" }) }], ...body }),
  });
  return { status: response.status, body: await response.json() };
}

const strictTool = (name: string, schema: object) => ({ name, strict: true, input_schema: schema });

test("two strict tools of 13 optional parameters each pass the 24 of the request", async () => {
  const refused = await messages({ tools: [strictTool("a", withOptional(13)), strictTool("b", withOptional(13))], tool_choice: { type: "tool", name: "a" } });
  expect(refused).toMatchObject({ status: 400, body: { error: { message: "Schemas contains too many optional parameters (26), which would make grammar compilation inefficient. Reduce the number of optional parameters in your tool schemas (limit: 24)." } } });
  expect(anthropic.requests.at(-1)!.outcome).toBe("rejected:limit:optional-count");
  const accepted = await messages({ tools: [strictTool("a", withOptional(12)), strictTool("b", withOptional(12))], tool_choice: { type: "tool", name: "a" } });
  expect(accepted.status).toBe(200);
});

test("the output schema counts with the strict tools; a non-strict tool does not", async () => {
  const format = { output_config: { format: { type: "json_schema", schema: withOptional(13) } } };
  expect((await messages({ ...format, tools: [strictTool("a", withOptional(13))] })).status).toBe(400);
  expect((await messages({ ...format, tools: [{ name: "a", input_schema: withOptional(13) }] })).status).toBe(200);
});

test("OpenAI counts per schema: two tools of 600 enum values each are taken under its 1,000", async () => {
  const enumTool = (name: string) => ({
    type: "function",
    function: { name, strict: true, parameters: { type: "object", properties: { e: { type: "string", enum: Array.from({ length: 600 }, (_, index) => `v${index}`) } }, required: ["e"], additionalProperties: false } },
  });
  const response = await fetch(`${openai.baseUrl}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer k" },
    body: JSON.stringify({ model: "m", messages: [{ role: "user", content: probePrompt({ e: "v1" }) }], tools: [enumTool("a"), enumTool("b")], tool_choice: { type: "function", function: { name: "a" } } }),
  });
  expect(response.status).toBe(200);
});
