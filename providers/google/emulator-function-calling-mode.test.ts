// Guards: the Gemini emulator honours the request's `toolConfig.functionCallingConfig.mode` (providers.md
// 3.4). VALIDATED ("validate function calls with constrained decoding") and ANY ("guarantees function
// schema adherence", Google's function-calling guide) decode under the mode's profile; AUTO, the default,
// promises no adherence; NONE answers as if no function were declared. Before, every mode was constrained.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startEmulator } from "../emulator/emulator-start.js";
import type { EmulatorHandle } from "../emulator/emulator-types.js";

const parameters = { type: "object", properties: { count: { type: "integer", maximum: 5 } }, required: ["count"] };
const asked = { count: 50 };

let emulator: EmulatorHandle;
beforeAll(async () => {
  emulator = await startEmulator({ provider: "google" });
});
afterAll(async () => {
  await emulator.close();
});

async function generate(functionCallingConfig: Record<string, unknown> | undefined): Promise<{ status: number; body: any }> {
  const body = {
    contents: [{ role: "user", parts: [{ text: `Call it with\n\`\`\`json\n${JSON.stringify(asked)}\n\`\`\`` }] }],
    tools: [{ functionDeclarations: [{ name: "other", parametersJsonSchema: { type: "object" } }, { name: "count_things", parametersJsonSchema: parameters }] }],
    ...(functionCallingConfig === undefined ? {} : { toolConfig: { functionCallingConfig } }),
  };
  const response = await fetch(`${emulator.baseUrl}/v1beta/models/gemini-2.5-flash:generateContent`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-goog-api-key": "test-key" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const partOf = (reply: { body: any }) => reply.body.candidates[0].content.parts[0];

describe("functionCallingConfig.mode", () => {
  test.each(["VALIDATED", "ANY"])("%s: the allowed function is called with arguments held to its schema", async (mode) => {
    const reply = await generate({ mode, allowedFunctionNames: ["count_things"] });
    expect(partOf(reply)).toEqual({ functionCall: { name: "count_things", args: { count: 5 } } });
    expect(emulator.requests.at(-1)?.decoding).toBe("repaired");
  });

  test.each([["AUTO"], ["absent"]])("%s: the model calls with the arguments it was asked for, unconstrained", async (mode) => {
    const reply = await generate(mode === "absent" ? undefined : { mode });
    expect(partOf(reply).functionCall.args).toEqual(asked);
    expect(emulator.requests.at(-1)?.decoding).toBe("best-effort");
  });

  test("NONE: no function call, the answer is text", async () => {
    const reply = await generate({ mode: "NONE" });
    expect(partOf(reply)).toEqual({ text: JSON.stringify(asked) });
    expect(reply.body.candidates[0].finishReason).toBe("STOP");
  });

  test("a mode outside the enum is refused at parse", async () => {
    const reply = await generate({ mode: "SOMETIMES" });
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toBe(
      `Invalid value at 'tool_config.function_calling_config.mode' (type.googleapis.com/google.ai.generativelanguage.v1beta.FunctionCallingConfig.Mode), "SOMETIMES"`,
    );
  });

  test("schema refusals do not depend on the mode: proto parsing comes first", async () => {
    const response = await fetch(`${emulator.baseUrl}/v1beta/models/gemini-2.5-flash:generateContent`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-goog-api-key": "test-key" },
      body: JSON.stringify({
        contents: [{ role: "user", parts: [{ text: "hi" }] }],
        tools: [{ functionDeclarations: [{ name: "f", parameters: { type: "OBJECT", properties: { a: { type: "STRING", const: "x" } } } }] }],
        toolConfig: { functionCallingConfig: { mode: "AUTO" } },
      }),
    });
    expect(response.status).toBe(400);
  });
});
