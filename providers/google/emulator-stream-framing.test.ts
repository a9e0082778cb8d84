// Guards: `streamGenerateContent` answers one JSON array of GenerateContentResponse chunks unless the
// request says `alt=sse`, as the Gemini API does; with `alt=sse` it answers SSE events.
import { afterAll, beforeAll, expect, test } from "vitest";
import { startEmulator } from "../emulator/emulator-start.js";
import type { EmulatorHandle } from "../emulator/emulator-types.js";

let emulator: EmulatorHandle;
beforeAll(async () => {
  emulator = await startEmulator({ provider: "google" });
});
afterAll(async () => {
  await emulator.close();
});

const request = {
  contents: [{ role: "user", parts: [{ text: 'Answer with\n```json\n{"name": "abc"}\n```' }] }],
  generationConfig: { responseMimeType: "application/json", responseJsonSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } },
};

async function stream(query: string): Promise<Response> {
  return fetch(`${emulator.baseUrl}/v1beta/models/gemini-2.5-flash:streamGenerateContent${query}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-goog-api-key": "test-key" },
    body: JSON.stringify(request),
  });
}

const textOf = (chunks: any[]) => chunks.map((chunk) => chunk.candidates[0].content?.parts?.[0]?.text ?? "").join("");

test("without alt=sse: one JSON array whose chunks concatenate to the answer, the last with the finish reason", async () => {
  const response = await stream("");
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const chunks = JSON.parse(await response.text()) as any[];
  expect(chunks.length).toBeGreaterThan(1);
  expect(JSON.parse(textOf(chunks))).toEqual({ name: "abc" });
  expect(chunks.at(-1).candidates[0].finishReason).toBe("STOP");
});

test("with alt=sse: SSE events carrying the same chunks", async () => {
  const response = await stream("?alt=sse");
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const chunks = (await response.text()).split(/\r?\n\r?\n/).filter((event) => event.startsWith("data: ")).map((event) => JSON.parse(event.slice(6)));
  expect(JSON.parse(textOf(chunks))).toEqual({ name: "abc" });
  expect(chunks.at(-1).candidates[0].finishReason).toBe("STOP");
});

test("a truncated JSON-array stream stops mid-array", async () => {
  const cut = await startEmulator({ provider: "google", faults: [{ kind: "truncated-stream" }] });
  try {
    const response = await fetch(`${cut.baseUrl}/v1beta/models/gemini-2.5-flash:streamGenerateContent`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-goog-api-key": "test-key" },
      body: JSON.stringify(request),
    });
    const text = await readUntilCut(response);
    expect(text.startsWith("[{")).toBe(true);
    expect(() => JSON.parse(text)).toThrow();
  } finally {
    await cut.close();
  }
});

/** The body as far as it came before the connection died. */
async function readUntilCut(response: Response): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    for (let part = await reader.read(); !part.done; part = await reader.read()) text += decoder.decode(part.value, { stream: true });
  } catch {
    // The cut: what arrived so far is the point.
  }
  return text;
}
