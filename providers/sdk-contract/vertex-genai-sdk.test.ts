// @google/genai with `vertexai: true` against the Vertex emulator: express mode (an API key, sent as
// x-goog-api-key to `/v1beta1/publishers/google/models/…`) and a project with an OAuth access token
// (`Authorization: Bearer`, `/v1beta1/projects/{project}/locations/{location}/…`), httpOptions.baseUrl
// pointed at the emulator. The token comes from a stand-in auth client, so nothing reaches Google.
import { ApiError, FunctionCallingConfigMode, GoogleGenAI, type GoogleGenAIOptions } from "@google/genai";
import { afterEach, describe, expect, test } from "vitest";
import { z } from "zod";
import { startEmulator, type RunningEmulators } from "../../src/index.js";

const Weather = z.object({ city: z.string(), unit: z.enum(["celsius", "fahrenheit"]) });
const PARIS = { city: "Paris", unit: "celsius" };
const PROMPT = `Weather in Paris?\n\`\`\`json\n${JSON.stringify(PARIS)}\n\`\`\``;
const MODEL = "gemini-2.5-flash";
const TOKEN = "ya29.emulated-access-token";
const running: RunningEmulators[] = [];
afterEach(async () => void (await Promise.all(running.splice(0).map((emulator) => emulator.close()))));

/** What google-auth-library's clients give GoogleAuth: request headers carrying the access token. */
const tokenClient = { getRequestHeaders: async () => new Headers({ authorization: `Bearer ${TOKEN}` }) };

async function emulator(faults: string[] = []): Promise<RunningEmulators & { origin: string }> {
  const started = await startEmulator({ provider: "vertex", faults, apiKeys: [TOKEN, "vertex-express-key"] });
  running.push(started);
  return Object.assign(started, { origin: new URL(started.urls.vertex!.sdk).origin });
}

function express(origin: string): GoogleGenAI {
  return new GoogleGenAI({ vertexai: true, apiKey: "vertex-express-key", httpOptions: { baseUrl: origin } });
}

function withProject(origin: string): GoogleGenAI {
  // googleAuthOptions.authClient is google-auth-library's hook for a ready client; a stand-in suffices.
  const googleAuthOptions = { authClient: tokenClient } as unknown as NonNullable<GoogleGenAIOptions["googleAuthOptions"]>;
  return new GoogleGenAI({ vertexai: true, project: "schemalab-test", location: "us-central1", googleAuthOptions, httpOptions: { baseUrl: origin } });
}

const weatherCall = {
  tools: [{ functionDeclarations: [{ name: "get_weather", parametersJsonSchema: z.toJSONSchema(Weather) }] }],
  toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.ANY } },
};

describe.each([
  ["express mode", express, "/v1beta1/publishers/google/models/gemini-2.5-flash:generateContent", "x-goog-api-key"],
  ["project + access token", withProject, "/v1beta1/projects/schemalab-test/locations/us-central1/publishers/google/models/gemini-2.5-flash:generateContent", "authorization"],
] as const)("@google/genai vertexai: true, %s", (_name, client, path, credentialHeader) => {
  test("a function call under ANY, on Vertex's path with its credential (recorded redacted)", async () => {
    const running = await emulator();
    const response = await client(running.origin).models.generateContent({ model: MODEL, contents: PROMPT, config: weatherCall });
    expect(response.functionCalls?.[0]).toMatchObject({ name: "get_weather", args: PARIS });
    const recorded = running.requests.vertex!.at(-1)!;
    expect(recorded.path).toBe(path);
    expect(recorded.headers[credentialHeader]).toMatch(/<redacted>$/);
    expect(JSON.stringify(running.requests)).not.toContain(TOKEN);
  });

  test("responseJsonSchema and a streamed function call", async () => {
    const running = await emulator();
    const ai = client(running.origin);
    const structured = await ai.models.generateContent({ model: MODEL, contents: PROMPT, config: { responseMimeType: "application/json", responseJsonSchema: z.toJSONSchema(Weather) } });
    expect(Weather.parse(JSON.parse(structured.text ?? ""))).toEqual(PARIS);
    const calls = [];
    for await (const chunk of await ai.models.generateContentStream({ model: MODEL, contents: PROMPT, config: weatherCall })) calls.push(...(chunk.functionCalls ?? []));
    expect(calls).toEqual([expect.objectContaining({ name: "get_weather", args: PARIS })]);
  });

  test("a refused schema is an ApiError 400 with Vertex's message", async () => {
    const running = await emulator(["reject-schema"]);
    const error = await client(running.origin).models.generateContent({ model: MODEL, contents: PROMPT, config: weatherCall }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
  });
});

test("@google/genai vertexai: true with a wrong token gets Vertex's 401", async () => {
  const running = await emulator();
  const wrong = { getRequestHeaders: async () => new Headers({ authorization: "Bearer ya29.not-the-token" }) };
  const googleAuthOptions = { authClient: wrong } as unknown as NonNullable<GoogleGenAIOptions["googleAuthOptions"]>;
  const ai = new GoogleGenAI({ vertexai: true, project: "p", location: "global", googleAuthOptions, httpOptions: { baseUrl: running.origin } });
  const error = await ai.models.generateContent({ model: MODEL, contents: PROMPT }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(401);
  expect((error as ApiError).message).toContain("Request had invalid authentication credentials");
});
