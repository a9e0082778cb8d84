// The README's example, run as written (only the command differs: the repository runs its sources
// through tsx where an installed package runs `npx schemalab`): spawn `schemalab emulate`, read the
// printed URLs, point the openai SDK at them, stop it with SIGTERM.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import OpenAI from "openai";
import { afterAll, beforeAll, expect, test } from "vitest";
import { fromRoot } from "../package-root.js";

const SCHEMALAB = [process.execPath, "--import", "tsx", "-e", `import("${fromRoot("src", "cli", "main.ts")}").then(async (m) => { process.exitCode = await m.main(process.argv.slice(1)); })`];

let emulator: ChildProcess;
let urls: Record<string, { sdk: string; aiSdk: string }>;

beforeAll(async () => {
  emulator = spawn(SCHEMALAB[0]!, [...SCHEMALAB.slice(1), "emulate", "--provider", "openai", "--fault", "429:0@1", "--format", "json"], { stdio: ["ignore", "pipe", "inherit"] });
  const [line] = (await once(createInterface({ input: emulator.stdout! }), "line")) as [string];
  urls = (JSON.parse(line) as { urls: typeof urls }).urls;
});

afterAll(async () => {
  emulator.kill("SIGTERM");
  const [code] = (await once(emulator, "exit")) as [number | null];
  expect(code).toBe(143);
});

test("the openai SDK retries the injected 429 and gets a tool call", async () => {
  const client = new OpenAI({ baseURL: urls.openai!.sdk, apiKey: "test-key", maxRetries: 1 });
  const completion = await client.chat.completions.create({
    model: "gpt-4o",
    messages: [{ role: "user", content: 'Weather in Paris?\n```json\n{"city":"Paris"}\n```' }],
    tools: [{ type: "function", function: { name: "get_weather", strict: true, parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false } } }],
    tool_choice: "required",
  });
  const call = completion.choices[0]!.message.tool_calls![0]!;
  expect(call.type === "function" && JSON.parse(call.function.arguments)).toEqual({ city: "Paris" });
});
