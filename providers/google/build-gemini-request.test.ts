import { describe, expect, test } from "vitest";
import { resolvePointer } from "../../src/schema/json-pointer.js";
import { buildGeminiRequest } from "./build-gemini-request.js";

const schema = { type: "object", properties: { location: { type: "string" } }, required: ["location"] };
const base = { model: "gemini-2.5-flash", prompt: "Weather in SF?", schema, toolName: "weather", apiKey: "gm-test" };

describe("buildGeminiRequest", () => {
  test("responseSchema: generationConfig with the JSON mime type", () => {
    const request = buildGeminiRequest({ ...base, mode: "generate.responseSchema" });
    expect(request.url).toBe("https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent");
    expect(resolvePointer(request.body, "/generationConfig/responseSchema")).toBe(schema);
    expect(resolvePointer(request.body, "/generationConfig/responseMimeType")).toBe("application/json");
  });

  test("responseJsonSchema: the JSON Schema field instead", () => {
    const request = buildGeminiRequest({ ...base, mode: "generate.responseJsonSchema", maxTokens: 32 });
    expect(resolvePointer(request.body, "/generationConfig/responseJsonSchema")).toBe(schema);
    expect(resolvePointer(request.body, "/generationConfig/responseSchema")).toBeUndefined();
    expect(resolvePointer(request.body, "/generationConfig/maxOutputTokens")).toBe(32);
  });

  test.each([
    ["generate.functionDeclarations.parameters", "/tools/0/functionDeclarations/0/parameters"],
    ["generate.functionDeclarations.parametersJsonSchema", "/tools/0/functionDeclarations/0/parametersJsonSchema"],
  ])("%s: the declaration's schema field, the call forced by name", (mode, pointer) => {
    const request = buildGeminiRequest({ ...base, mode });
    expect(resolvePointer(request.body, pointer)).toBe(schema);
    expect(resolvePointer(request.body, "/tools/0/functionDeclarations/0/name")).toBe("weather");
    expect(request.body.toolConfig).toEqual({ functionCallingConfig: { mode: "ANY", allowedFunctionNames: ["weather"] } });
    expect(request.body.generationConfig).toBeUndefined();
  });

  test("streaming uses streamGenerateContent with alt=sse; the key goes in x-goog-api-key", () => {
    const request = buildGeminiRequest({ ...base, model: "models/gemini-2.5-flash", mode: "generate.responseSchema", stream: true, baseUrl: "http://127.0.0.1:9/" });
    expect(request.url).toBe("http://127.0.0.1:9/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse");
    expect(request.headers["x-goog-api-key"]).toBe("gm-test");
    expect(request.body.contents).toEqual([{ role: "user", parts: [{ text: "Weather in SF?" }] }]);
  });
});
